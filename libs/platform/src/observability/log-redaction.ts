/**
 * What never reaches a log line (docs/operations.md, "Logs"): values under sensitive keys, bearer
 * tokens and JWTs, secrets in query strings, and card numbers (runs of 13 to 19 digits that start
 * like a card and pass the Luhn check, so timestamps and most ids stay readable).
 */
export const REDACTED = '[redacted]';

const SENSITIVE_KEY = /pass(word|phrase)?$|token|secret|authorization|cookie|api[-_]?key|card[-_]?number|^cvc$|^cvv$|^pan$|^iban$/i;
const QUERY_SECRET = /([?&](?:[\w-]*token|password|secret|code|key|signature|sig)=)[^&\s"]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w~+/.=-]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/g;
/** Card numbers start with 2-6 (Mastercard, Amex, Visa, Discover...); millisecond timestamps start with 1. */
const DIGIT_RUN = /\b[2-6](?:[ -]?\d){12,18}\b/g;

/** Whether a key names a secret (password, token, cookie, card number, ...). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** The text with tokens, query secrets and card numbers replaced. */
export function redactText(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(QUERY_SECRET, `$1${REDACTED}`)
    .replace(DIGIT_RUN, (run) => (luhnValid(run.replace(/\D/g, '')) ? REDACTED : run));
}

/** One-time codes that travel in request paths and query strings (email confirmation, reset and invitation links). */
const PATH_CODE = /(\/reset-password\/)[^/?#\s]+/gi;
const QUERY_CODE = /([?&](?:confirmation|invitation|reset)=)[^&\s"]+/gi;

/**
 * A request path for the access log: redactText's replacements and the one-time codes of the
 * identity links. (Identity's own development log line of such a link keeps it, so a developer
 * without SMTP can follow it; see services/identity/src/email/account-emails.ts.)
 */
export function redactPath(path: string): string {
  return redactText(path).replace(PATH_CODE, `$1${REDACTED}`).replace(QUERY_CODE, `$1${REDACTED}`);
}

/** A copy of a log field: sensitive keys' values replaced, strings scrubbed, at most `depth` levels deep. */
export function redactValue(value: unknown, depth = 6): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth <= 0) return '[object]';
  if (value instanceof Date) return value;
  if (value instanceof Error) return redactText(value.stack ?? value.message);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth - 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = isSensitiveKey(key) ? REDACTED : redactValue(item, depth - 1);
  return copy;
}

function luhnValid(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
