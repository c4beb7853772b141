/**
 * The masked form staff see for a stored secret (docs/payments.md "Per-brand secrets"): the
 * provider's non-secret prefix (`sk_test_`, `whsec_`, `EAAA`), an ellipsis and the last four
 * characters, e.g. `sk_test_…4242`. Short values show only the ellipsis and at most the last two,
 * so a mask never reveals most of a secret.
 */
export function maskSecret(value: string): string {
  const tail = value.length >= 16 ? value.slice(-4) : value.length >= 8 ? value.slice(-2) : '';
  return `${prefixOf(value)}…${tail}`;
}

/** Known public prefixes: Stripe's `sk_live_`, `rk_test_`, `whsec_`; else nothing. */
function prefixOf(value: string): string {
  const match = /^((?:sk|rk)_(?:test|live)_|whsec_)/.exec(value);
  if (match && value.length >= match[1]!.length + 12) return match[1]!;
  return '';
}

/** Values a staff member might paste by mistake: anything with a line break or control character. */
export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(value);
}
