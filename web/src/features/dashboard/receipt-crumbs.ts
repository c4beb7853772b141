import { itemTypeLabel } from './transaction-labels';

const RECEIPT_PATH = /^\/dashboard\/transactions\/([^/]+)\/receipt\/?$/;

/** The transaction id of a receipt page's path (/dashboard/transactions/:id/receipt), or null on any other page. */
export function receiptIdOf(pathname: string): string | null {
  const match = RECEIPT_PATH.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The receipt's breadcrumb in words, never the transaction id: Transactions / <the item paid for> / Receipt.
 * The item is its name, else its kind in the brand's words, and 'Payment' until the transaction answered.
 */
export function receiptCrumbLabels(
  id: string,
  row: { itemName: string | null; itemType: string } | null,
  w: (text: string) => string,
): Record<string, string> {
  const item = row?.itemName?.trim() || (row ? w(itemTypeLabel(row.itemType)) : '') || 'Payment';
  return { [id]: item };
}
