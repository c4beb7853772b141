import { SANDBOX_ONLY_TEST_CARDS_MESSAGE, sandboxCardToken } from '@trackside/contracts/payments/sandbox-cards';

/**
 * The sandbox card element's rules (tested in sandbox-card.spec.ts): the field checks with the
 * dialogs' messages, then the card turned into a `tok_sandbox_…` token here in the browser. A card
 * that is not one of the test cards answers SANDBOX_ONLY_TEST_CARDS_MESSAGE and nothing is sent.
 */
export interface SandboxCardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  postal: string;
}

export type SandboxCardField = keyof SandboxCardValues;
export type SandboxCardErrors = Partial<Record<SandboxCardField, string>>;

export const EMPTY_SANDBOX_CARD: SandboxCardValues = { cardNumber: '', expiry: '', cvc: '', postal: '' };

export const SANDBOX_CARD_MESSAGES = {
  numberRequired: 'Please enter your card number',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Please enter the expiry date',
  expiryFormat: 'Use MM/YY',
  cvcRequired: 'Please enter the security code',
  cvcInvalid: 'Please enter a valid security code',
  postalRequired: 'Please enter your postal code',
} as const;

/** Field messages of the typed card (empty when every field is well formed). */
export function sandboxCardErrors(values: SandboxCardValues): SandboxCardErrors {
  const errors: SandboxCardErrors = {};
  const number = values.cardNumber.trim();
  if (!number) errors.cardNumber = SANDBOX_CARD_MESSAGES.numberRequired;
  else if (!/^[\d\s-]{12,23}$/.test(number)) errors.cardNumber = SANDBOX_CARD_MESSAGES.numberInvalid;
  const expiry = values.expiry.trim();
  if (!expiry) errors.expiry = SANDBOX_CARD_MESSAGES.expiryRequired;
  else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) errors.expiry = SANDBOX_CARD_MESSAGES.expiryFormat;
  const cvc = values.cvc.trim();
  if (!cvc) errors.cvc = SANDBOX_CARD_MESSAGES.cvcRequired;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = SANDBOX_CARD_MESSAGES.cvcInvalid;
  if (!values.postal.trim()) errors.postal = SANDBOX_CARD_MESSAGES.postalRequired;
  return errors;
}

export type SandboxTokenResult = { ok: true; token: string } | { ok: false; errors: SandboxCardErrors };

/** The token of a well-formed test card, or the field messages; the number itself goes nowhere. */
export function sandboxTokenize(values: SandboxCardValues, now: Date = new Date()): SandboxTokenResult {
  const errors = sandboxCardErrors(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const [month, year] = values.expiry.trim().split('/');
  const result = sandboxCardToken({ number: values.cardNumber, expMonth: Number(month), expYear: 2000 + Number(year) }, now);
  if (result.ok) return { ok: true, token: result.token };
  const message = result.reason === 'not_test_card' ? SANDBOX_ONLY_TEST_CARDS_MESSAGE : SANDBOX_CARD_MESSAGES.numberInvalid;
  return { ok: false, errors: { cardNumber: message } };
}
