/**
 * Money crosses the API as a decimal number with at most two decimals and is kept as integer cents
 * (docs/decisions.md "Money"). Parsing goes through the decimal text: no float arithmetic.
 */
export const MAX_AMOUNT_CENTS = 100_000_000_000; // 1,000,000,000.00, the spec's upper bound

export function toCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

export function fromCents(cents: number | string | bigint): number {
  return Number(cents) / 100;
}
