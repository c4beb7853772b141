/** Payment statuses, types and item types of the spec (spec 000 section 4, spec 001/002). */
export const PAYMENT_STATUSES = ['FREE', 'PAID', 'UNPAID', 'PENDING', 'FAILED_PAYMENT', 'CANCELED', 'REQUIRES_ACTION'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TYPES = ['HOLD', 'ONE_TIME', 'MONTHLY', 'YEARLY'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ITEM_TYPES = ['AUCTION', 'BID', 'LISTING', 'DIRECTORY'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Statuses of a payment still in progress: at most one per user, item and type (payments_open_uq). */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['UNPAID', 'PENDING', 'REQUIRES_ACTION'];

/** Cents to the API's two-decimal amount (exact for every amount below 2^53 cents). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * A client amount (number or decimal text) to cents without float maths: at most two decimals,
 * 0 to 1,000,000,000 (spec 000 section 5). null when malformed.
 */
export function amountToCents(value: unknown): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= 100_000_000_000 ? cents : null;
}
