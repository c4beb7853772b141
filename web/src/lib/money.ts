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

/**
 * A money field's text as the user types it, with thousands separators (spec 000 section 5 and
 * 002 section 5: "two decimals, dollar prefix, thousands separator"): '1234567.891' → '1,234,567.89'.
 * Only digits and one decimal point are kept (no sign: amounts are non-negative); a trailing point
 * stays while the decimals are being typed.
 */
export function formatMoneyInput(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  if (cleaned === '') return '';
  const [whole = '', ...rest] = cleaned.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || (rest.length > 0 ? '0' : '');
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (rest.length === 0) return grouped;
  return `${grouped}.${rest.join('').slice(0, 2)}`;
}

/** The amount a money field's text holds ('1,234.50' → 1234.5; '12.' while typing → 12), null when empty or not an amount. */
export function moneyInputValue(text: string): number | null {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed === '' ? null : parseAmount(trimmed);
}
