import { looksLikeCardNumber } from '@trackside/contracts';
import type { AppLogger } from '@trackside/platform';
import { paymentError } from './card-errors';

/**
 * Card numbers never reach our server (issue 17, docs/payments.md): the provider's element (or the
 * sandbox element) turns a card into a token in the browser. Any string anywhere in a payment body
 * that looks like a card number (Luhn-valid 12-19 digits) refuses the call with
 * `payment.card.rawNumber`. Only the field's path is ever logged, never the value.
 */
export function assertNoCardNumber(body: unknown, log?: AppLogger): void {
  const field = cardNumberField(body, '', 0);
  if (field === null) return;
  log?.warn('A payment call carried a card number; refused', { field });
  throw paymentError('payment.card.rawNumber', 'invalid', { field });
}

/** The path of the first string that looks like a card number, or null. */
export function cardNumberField(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return looksLikeCardNumber(value) ? path || '(body)' : null;
  // A number typed as a JSON number is still a card number (text fields accept numbers).
  if (typeof value === 'number') return Number.isInteger(value) && looksLikeCardNumber(value.toFixed(0)) ? path || '(body)' : null;
  // Deeper than any payment body nests: refuse rather than leave part of it unread.
  if (depth > 8) throw paymentError('payment.validation', 'invalid', { field: path });
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = cardNumberField(value[index], `${path}[${index}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (looksLikeCardNumber(key)) return path ? `${path}.(key)` : '(key)';
      const found = cardNumberField(item, path ? `${path}.${key}` : key, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}
