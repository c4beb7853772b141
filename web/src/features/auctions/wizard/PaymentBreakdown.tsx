import { formatMoney } from '../../../lib/money';

/** The package payment's lines: the package, the Snappr service when chosen, the total (display; the server prices). */
export function PaymentBreakdown({
  title,
  currency,
  serviceSnappr,
  charge,
}: {
  title: string;
  currency: string;
  serviceSnappr: boolean;
  charge: { packageCents: number; snapprCents: number; totalCents: number } | null;
}) {
  if (!charge) return <>{title}</>;
  return (
    <span className="ts-payment-breakdown" data-testid="payment-breakdown">
      {`${title}: ${formatMoney(charge.packageCents / 100, currency)}`}
      {charge.snapprCents > 0 ? (
        <>
          <br />
          {`Snappr photography${serviceSnappr ? '' : ' (included by the package)'}: ${formatMoney(charge.snapprCents / 100, currency)}`}
          <br />
          <strong>{`Total: ${formatMoney(charge.totalCents / 100, currency)}`}</strong>
        </>
      ) : null}
    </span>
  );
}
