import { Tag } from 'antd';

/** The checkout's texts (shared by the page and its summary parts). */
export const CHECKOUT_TEXT = {
  unpaidLater: 'Your listing is saved but not paid yet. It goes to review once it is paid; you can pay later from your dashboard.',
  nothingToPay: 'There is nothing to pay for this listing.',
  confirming: 'Confirming your payment...',
} as const;

/** The tag shown for a listing's payment status (checkout, dashboard, groups). */
export function PaymentStatusTag({ status }: { status: string }) {
  const color = status === 'PAID' ? 'green' : status === 'UNPAID' ? 'red' : undefined;
  const label = status === 'PAID' ? 'Paid' : status === 'UNPAID' ? 'Unpaid' : status === 'FREE' ? 'Free' : status;
  return <Tag color={color}>{label}</Tag>;
}
