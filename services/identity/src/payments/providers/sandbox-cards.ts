import type { CardFailure } from './payment-provider.port';

export type SandboxCardBehaviour =
  | { kind: 'success'; cardBrand: string }
  | { kind: 'requires_action'; cardBrand: string }
  | { kind: 'failure'; failure: CardFailure; code: string; message: string; cardBrand: string };

/**
 * The well-known Stripe test card numbers and what the sandbox does with each (they behave as in
 * Stripe's test mode, so the same cards work when a brand moves to real keys in test mode).
 */
const CARDS: Record<string, SandboxCardBehaviour> = {
  '4242424242424242': { kind: 'success', cardBrand: 'VISA' },
  '4000056655665556': { kind: 'success', cardBrand: 'VISA' },
  '5555555555554444': { kind: 'success', cardBrand: 'MASTERCARD' },
  '2223003122003222': { kind: 'success', cardBrand: 'MASTERCARD' },
  '5200828282828210': { kind: 'success', cardBrand: 'MASTERCARD' },
  '378282246310005': { kind: 'success', cardBrand: 'AMERICAN_EXPRESS' },
  '371449635398431': { kind: 'success', cardBrand: 'AMERICAN_EXPRESS' },
  '6011111111111117': { kind: 'success', cardBrand: 'DISCOVER' },
  '3056930009020004': { kind: 'success', cardBrand: 'DISCOVER_DINERS' },
  '36227206271667': { kind: 'success', cardBrand: 'DISCOVER_DINERS' },
  '3566002020360505': { kind: 'success', cardBrand: 'JCB' },
  '6200000000000005': { kind: 'success', cardBrand: 'CHINA_UNIONPAY' },
  '4000002500003155': { kind: 'requires_action', cardBrand: 'VISA' },
  '4000002760003184': { kind: 'requires_action', cardBrand: 'VISA' },
  '4000000000000002': {
    kind: 'failure',
    failure: 'declined',
    code: 'generic_decline',
    message: 'Your card was declined.',
    cardBrand: 'VISA',
  },
  '4000000000009995': {
    kind: 'failure',
    failure: 'declined',
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    cardBrand: 'VISA',
  },
  '4000000000009987': { kind: 'failure', failure: 'declined', code: 'lost_card', message: 'Your card was declined.', cardBrand: 'VISA' },
  '4000000000009979': { kind: 'failure', failure: 'declined', code: 'stolen_card', message: 'Your card was declined.', cardBrand: 'VISA' },
  '4000000000000069': {
    kind: 'failure',
    failure: 'expiration',
    code: 'expired_card',
    message: 'Your card has expired.',
    cardBrand: 'VISA',
  },
  '4000000000000127': {
    kind: 'failure',
    failure: 'cvv',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    cardBrand: 'VISA',
  },
  '4000000000000101': {
    kind: 'failure',
    failure: 'cvv',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    cardBrand: 'VISA',
  },
  '4000000000000036': {
    kind: 'failure',
    failure: 'postalCode',
    code: 'incorrect_zip',
    message: "Your card's postal code is incorrect.",
    cardBrand: 'VISA',
  },
  '4000000000000010': {
    kind: 'failure',
    failure: 'postalCode',
    code: 'incorrect_zip',
    message: "Your card's postal code is incorrect.",
    cardBrand: 'VISA',
  },
  '4000000000000119': {
    kind: 'failure',
    failure: 'other',
    code: 'processing_error',
    message: 'An error occurred while processing your card.',
    cardBrand: 'VISA',
  },
};

/** Normalises a source: digits of a card number (spaces and dashes dropped), else the text as given. */
export function sandboxCardNumber(sourceId: string): string {
  const digits = sourceId.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : sourceId;
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with this source. Unknown valid numbers are declined, malformed ones are an API error. */
export function sandboxCardBehaviour(sourceId: string): SandboxCardBehaviour {
  const number = sandboxCardNumber(sourceId);
  const known = CARDS[number];
  if (known) return known;
  if (luhnValid(number))
    return { kind: 'failure', failure: 'declined', code: 'card_declined', message: 'Your card was declined.', cardBrand: 'OTHER_BRAND' };
  return {
    kind: 'failure',
    failure: 'other',
    code: 'incorrect_number',
    message: 'Your card number is incorrect.',
    cardBrand: 'OTHER_BRAND',
  };
}
