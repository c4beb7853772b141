/**
 * Amounts: two decimals with thousands separators, shown with the currency code (spec 000
 * section 9: en-US, default USD). The API shows amounts as decimals; the server computes in cents.
 */
export const MAX_BID = 999_999_999;

export function formatMoney(amount: number | null | undefined, currency = 'USD'): string {
  const value = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount ?? 0);
  return `${value} ${currency}`;
}

/** '$ 1,234.5' → 1234.5; null when it is not a non-negative amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Cents, to compare amounts without float surprises. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}
