import { Grid, Modal, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { PaymentForm } from '../../payments/PaymentForm';

export interface PaymentItem {
  itemId: string;
  itemType: 'BID' | 'AUCTION';
  paymentType: 'HOLD' | 'ONE_TIME';
  packageId: string | null;
}

/**
 * The payment dialog (spec 000 sections 2, 4, 5 and 8; spec 001 section 4; issue 17): titled
 * Payment, full screen on small screens, with the shared PaymentForm (the server's price and promo
 * breakdown, the brand's card element, which only ever sends a token, and for a HOLD the terms).
 * A bid hold answers "Hold submitted." and the caller retries the bid; a package payment lets the
 * wizard finish.
 */
export function PaymentDialog({
  open,
  item,
  summary,
  onClose,
  onPaid,
}: {
  open: boolean;
  item: PaymentItem;
  summary: ReactNode;
  onClose: () => void;
  onPaid: () => void;
}) {
  const screens = Grid.useBreakpoint();
  const { itemId, itemType, paymentType, packageId } = item;
  const ref = useMemo(() => ({ itemId, itemType, paymentType, packageId }), [itemId, itemType, paymentType, packageId]);
  const hold = paymentType === 'HOLD';
  return (
    <Modal
      open={open}
      title="Payment"
      onCancel={onClose}
      footer={null}
      width={screens.md ? 520 : '100%'}
      className={screens.md ? undefined : 'ts-fullscreen-modal'}
      destroyOnHidden
    >
      <PaymentForm item={ref} requireTerms={hold} label={hold ? 'Place hold' : 'Pay'} onPaid={onPaid}>
        <Typography.Paragraph>{summary}</Typography.Paragraph>
      </PaymentForm>
    </Modal>
  );
}
