import { itemTypeLabel, paymentTypeLabel, statusLabel } from '../../dashboard/transaction-labels';
import type { TransactionRow } from '../../dashboard/transactions.operations';
import { formatMoney } from '../../../lib/money';
import { savedCardName } from '../saved-cards/saved-card-rules';

export interface ReceiptLine {
  key: string;
  label: string;
  value: string;
}

/** The receipt's number: the server's, else the payment id (a receipt must always name its payment). */
export const receiptNumberOf = (row: Pick<TransactionRow, 'id' | 'receiptNumber'>): string => row.receiptNumber ?? row.id;

/** The card, or why there is none (a FREE payment took no card). */
function paidWith(row: TransactionRow): string {
  if (row.cardLast4) return savedCardName({ cardBrand: row.cardBrand ?? '', last4: row.cardLast4 });
  return row.amount === 0 ? 'No card needed' : '-';
}

/**
 * The lines of a printable receipt (issue 17 "Receipts and history"), in reading order. Pure, so
 * the page and its spec agree; `relabel` applies the brand's wording (Paddock -> Shop).
 */
export function receiptLines(row: TransactionRow, relabel: (text: string) => string = (text) => text): ReceiptLine[] {
  const money = (amount: number) => formatMoney(amount, row.currency);
  const lines: ReceiptLine[] = [
    { key: 'number', label: 'Receipt number', value: receiptNumberOf(row) },
    { key: 'date', label: 'Date', value: new Date(row.paidAt ?? row.createdAt).toLocaleString() },
    { key: 'item', label: 'Item', value: row.itemName ?? relabel(itemTypeLabel(row.itemType)) },
    { key: 'kind', label: 'For', value: `${relabel(itemTypeLabel(row.itemType))}, ${paymentTypeLabel(row.paymentType).toLowerCase()}` },
  ];
  if (row.periodEnd) lines.push({ key: 'period', label: 'Period ends', value: new Date(row.periodEnd).toLocaleDateString() });
  lines.push(
    { key: 'listPrice', label: 'List price', value: money(row.listPrice) },
    { key: 'discount', label: 'Discount', value: row.discount > 0 ? `- ${money(row.discount)}` : money(0) },
    { key: 'total', label: 'Total', value: money(row.amount) },
    { key: 'card', label: 'Paid with', value: paidWith(row) },
    { key: 'status', label: 'Status', value: statusLabel(row.status, row.holdState) },
  );
  if (row.onBehalfOf) lines.push({ key: 'onBehalf', label: 'Note', value: "Paid by staff on the item owner's behalf" });
  return lines;
}
