/**
 * Money inside the domain is integer minor units (cents) held in a JS number: the largest amount
 * the product allows (999,999,999.00 ≈ 1e11 cents) is far below 2^53, so it is exact.
 * Amounts are parsed from their decimal text, never through float arithmetic.
 */
export const MAX_BID_CENTS = 99_999_999_900; // 999,999,999.00

export type ParsedAmount = { ok: true; cents: number } | { ok: false; reason: 'format' | 'negative' | 'decimals' | 'tooLarge' };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function parseAmount(input: string | number): ParsedAmount {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    // Shortest round-trip text of the number the client sent (12.345 stays "12.345").
    text = String(input);
    if (/e/i.test(text)) {
      if (input < 0) return { ok: false, reason: 'negative' };
      if (input >= 1e21) return { ok: false, reason: 'tooLarge' };
      if (input < 1e-6) return { ok: false, reason: input === 0 ? 'format' : 'decimals' };
      text = input.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
    }
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'format' };
  }
  if (text.startsWith('-'))
    return /^-\d+(\.\d+)?$/.test(text) && !/^-0+(\.0+)?$/.test(text) ? { ok: false, reason: 'negative' } : { ok: false, reason: 'format' };
  if (text.startsWith('+')) text = text.slice(1);
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, reason: 'decimals' };
  // Anything with more than 13 integer digits is far above every limit (and beyond exact cents).
  if (whole.replace(/^0+/, '').length > 13) return { ok: false, reason: 'tooLarge' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return { ok: true, cents };
}

/** 150000 → "1500.00" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
