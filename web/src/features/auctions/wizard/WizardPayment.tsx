import { Alert } from 'antd';
import { useState } from 'react';
import { PaymentDialog } from '../bidding/PaymentDialog';
import { PaymentBreakdown } from './PaymentBreakdown';
import type { AuctionPackage } from './wizard.operations';
import { packageCharge } from './wizard-rules';

/**
 * The package's payment after the lot is saved: the payment dialog while `paying` names the saved
 * lot; closed unpaid, a notice says the lot is saved and Submit pays.
 */
export function WizardPayment({
  paying,
  selectedPackage,
  serviceSnappr,
  onClosed,
  onPaid,
}: {
  paying: string | null;
  selectedPackage: AuctionPackage | null;
  serviceSnappr: boolean;
  onClosed: () => void;
  onPaid: () => void;
}) {
  const [paymentPending, setPaymentPending] = useState(false);
  return (
    <>
      {paymentPending ? (
        <Alert
          type="warning"
          showIcon
          className="ts-form-notice"
          title="Your auction is saved. The package still needs to be paid for: press Submit to pay."
        />
      ) : null}
      {paying && selectedPackage ? (
        <PaymentDialog
          open
          item={{ itemId: paying, itemType: 'AUCTION', paymentType: 'ONE_TIME', packageId: selectedPackage.id }}
          summary={
            <PaymentBreakdown
              title={selectedPackage.title}
              currency={selectedPackage.currency}
              serviceSnappr={serviceSnappr}
              charge={packageCharge(selectedPackage, serviceSnappr)}
            />
          }
          onClose={() => {
            onClosed();
            setPaymentPending(true);
          }}
          onPaid={() => {
            setPaymentPending(false);
            onPaid();
          }}
        />
      ) : null}
    </>
  );
}
