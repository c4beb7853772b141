import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../brand';
import { PaymentDialog } from './PaymentDialog';

export { PAYMENT_MESSAGES } from './payment-messages';

/** The bid hold (spec 001 section 4): the payment dialog for a HOLD of the brand's bidHoldAmount. */
export function HoldPaymentDialog({
  auctionId,
  currency,
  onClose,
  onHeld,
}: {
  auctionId: string;
  currency: string;
  onClose: () => void;
  onHeld: () => void;
}) {
  const { config } = useBrand();
  return (
    <PaymentDialog
      open
      item={{ itemId: auctionId, itemType: 'BID', paymentType: 'HOLD', packageId: null }}
      summary={`A refundable hold of ${formatMoney(config.auctionConfiguration.bidHoldAmount, currency)} is placed on your card before you can bid on this lot. It is released if you do not win.`}
      onClose={onClose}
      onPaid={onHeld}
    />
  );
}
