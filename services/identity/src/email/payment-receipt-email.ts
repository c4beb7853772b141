import { layout, type RenderedEmail } from './email-templates';

const ITEM_LABELS: Record<string, string> = {
  AUCTION: 'Auction package',
  BID: 'Bid',
  LISTING: 'Paddock listing',
  DIRECTORY: 'Directory plan',
};
const PAYMENT_LABELS: Record<string, string> = { ONE_TIME: 'one-time', MONTHLY: 'monthly', YEARLY: 'yearly', HOLD: 'hold' };

export interface ReceiptEmailData {
  brandName: string;
  username: string;
  receiptNumber: string;
  itemType: string;
  paymentType: string;
  itemName: string | null;
  /** e.g. "USD 29.00": the currency code, then the amount with two decimals. */
  amount: string;
  discount: string | null;
  paidAt: Date;
  card: string | null;
  onBehalf: boolean;
  link: string;
}

/** "USD 1234.50" from integer cents (receipts state the currency; no locale guessing in emails). */
export function receiptAmount(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${currency} ${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** The receipt sent when a payment is PAID (issue 17 "Receipts and history"), with a link to the printable receipt. */
export function paymentReceiptEmail(data: ReceiptEmailData): RenderedEmail {
  const what = `${ITEM_LABELS[data.itemType] ?? data.itemType} (${PAYMENT_LABELS[data.paymentType] ?? data.paymentType.toLowerCase()})`;
  const subject = `${data.brandName}: receipt ${data.receiptNumber}`;
  const lines = [
    `Hi ${data.username},`,
    `Payment received. Thank you for your payment to ${data.brandName}.`,
    `Receipt number: ${data.receiptNumber}`,
    `Date: ${data.paidAt.toISOString().slice(0, 10)}`,
    `Item: ${data.itemName ? `${data.itemName}, ` : ''}${what}`,
    ...(data.discount ? [`Discount: ${data.discount}`] : []),
    `Total paid: ${data.amount}`,
    ...(data.card ? [`Paid with: ${data.card}`] : []),
    ...(data.onBehalf ? ["Paid by staff on the item owner's behalf."] : []),
    'Your printable receipt:',
    data.link,
  ];
  return {
    template: 'payment-receipt',
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines, data.link, 'View receipt', data.brandName),
  };
}
