import { useQuery } from '@apollo/client/react';
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { usePageTitle } from '../directory/DirectoryShared';
import { paymentOptions, priceLabel } from '../directory/directory-rules';
import { PackagePaymentDialog } from '../pricing/PackagePaymentDialog';
import { PRICING_PACKAGE } from '../pricing/pricing.operations';
import { CHECKOUT_LISTING } from './paddock-checkout.operations';
import { CheckoutActions, CheckoutNotices, CheckoutSummary } from './CheckoutSummary';
import { useConfirmPayment } from './use-confirm-payment';

// Re-exported where they were (the dashboard and the listing groups import PaymentStatusTag from here).
export { CHECKOUT_TEXT, PaymentStatusTag } from './checkout-status';

/**
 * {base}/checkout?listing=<id> (spec 002 section 2, login required): what is being paid (the
 * listing, its package and the package's price label, section 9), then the package payment dialog
 * (promo code, card, terms) for item type LISTING. The server prices the package; the listing turns
 * PAID when identity's PaymentSucceeded reaches the catalogue, so after 'Payment received.' the page
 * waits for that before going on (to the listing when approved, else the dashboard listings).
 * Closing the dialog keeps the listing unpaid: the dashboard offers Pay later.
 */
export function PaddockCheckout({ base }: { base: string }) {
  const { w } = useBrand();
  usePageTitle(w('Checkout'));
  const [params] = useSearchParams();
  const listingId = params.get('listing') ?? '';
  const { user } = useAuth();
  const [paying, setPaying] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const listingQuery = useQuery(CHECKOUT_LISTING, { variables: { id: listingId }, skip: !listingId, fetchPolicy: 'network-only' });
  const listing = listingQuery.data?.listing ?? null;
  const packageQuery = useQuery(PRICING_PACKAGE, { variables: { id: listing?.packageId ?? '' }, skip: !listing });
  const pkg = packageQuery.data?.pricingPackage ?? null;
  const { confirming, confirm } = useConfirmPayment(base, listingId, listing);

  const afterPaid = () => {
    setPaying(false);
    void confirm();
  };

  let body;
  if (!listingId) body = <Empty description="No listing to pay for." />;
  else if (listingQuery.loading && !listingQuery.data) body = <Skeleton active />;
  else if (listingQuery.error)
    body = <Alert type="error" showIcon title="An unexpected error occurred" description={listingQuery.error.message} />;
  else if (!listing) body = <Empty description="This listing does not exist." />;
  else if (user && listing.userId !== user.id) body = <Alert type="error" showIcon title="Access denied..." />;
  else {
    const unpaid = listing.paymentStatus === 'UNPAID';
    const payable = pkg ? paymentOptions(pkg).length > 0 : false;
    body = (
      <Card>
        <CheckoutSummary listing={listing} pkg={pkg} packageLoading={packageQuery.loading} />
        {packageQuery.error ? (
          <Alert type="error" showIcon title="An unexpected error occurred" style={{ marginTop: 16 }} role="alert" />
        ) : null}
        <CheckoutNotices confirming={confirming} unpaidLater={cancelled && unpaid && !paying} />
        {confirming ? null : (
          <CheckoutActions
            unpaid={unpaid}
            price={pkg ? priceLabel(pkg) : ''}
            canPay={pkg !== null && payable}
            onPay={() => setPaying(true)}
          />
        )}
        {pkg && unpaid ? (
          <PackagePaymentDialog
            open={paying}
            itemId={listing.id}
            itemType="LISTING"
            pkg={pkg}
            onClose={() => {
              setPaying(false);
              setCancelled(true);
            }}
            onPaid={afterPaid}
          />
        ) : null}
      </Card>
    );
  }
  return (
    <section className="ts-page">
      <Breadcrumbs />
      <Typography.Title>{w('Checkout')}</Typography.Title>
      {body}
    </section>
  );
}
