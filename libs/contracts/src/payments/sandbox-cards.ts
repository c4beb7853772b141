/**
 * Sandbox test cards, shared by the web's sandbox card element and identity's sandbox provider
 * (issue 17, docs/payments.md). The card number never leaves the browser: the element turns a TEST
 * card into a token (`tok_sandbox_<scenario>_<CARDBRAND>_<last4>_<MMYY>`) and the server only ever
 * sees that token, or a saved card's reference (`pm_sandbox_…`, same fields).
 */
export type SandboxScenario =
  | 'success'
  | 'requires_action'
  | 'declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'incorrect_cvc'
  | 'incorrect_zip'
  | 'expired_card'
  | 'processing_error';

export interface SandboxTestCard {
  scenario: SandboxScenario;
  cardBrand: string;
}

/**
 * The well-known Stripe test card numbers and what the sandbox does with each (they behave as in
 * Stripe's test mode, so the same cards work when a brand moves to real keys in test mode).
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxTestCard>> = Object.freeze({
  '4242424242424242': { scenario: 'success', cardBrand: 'VISA' },
  '4000056655665556': { scenario: 'success', cardBrand: 'VISA' },
  '5555555555554444': { scenario: 'success', cardBrand: 'MASTERCARD' },
  '2223003122003222': { scenario: 'success', cardBrand: 'MASTERCARD' },
  '5200828282828210': { scenario: 'success', cardBrand: 'MASTERCARD' },
  '378282246310005': { scenario: 'success', cardBrand: 'AMERICAN_EXPRESS' },
  '371449635398431': { scenario: 'success', cardBrand: 'AMERICAN_EXPRESS' },
  '6011111111111117': { scenario: 'success', cardBrand: 'DISCOVER' },
  '3056930009020004': { scenario: 'success', cardBrand: 'DISCOVER_DINERS' },
  '36227206271667': { scenario: 'success', cardBrand: 'DISCOVER_DINERS' },
  '3566002020360505': { scenario: 'success', cardBrand: 'JCB' },
  '6200000000000005': { scenario: 'success', cardBrand: 'CHINA_UNIONPAY' },
  '4000002500003155': { scenario: 'requires_action', cardBrand: 'VISA' },
  '4000002760003184': { scenario: 'requires_action', cardBrand: 'VISA' },
  '4000000000000002': { scenario: 'declined', cardBrand: 'VISA' },
  '4000000000009995': { scenario: 'insufficient_funds', cardBrand: 'VISA' },
  '4000000000009987': { scenario: 'lost_card', cardBrand: 'VISA' },
  '4000000000009979': { scenario: 'stolen_card', cardBrand: 'VISA' },
  '4000000000000069': { scenario: 'expired_card', cardBrand: 'VISA' },
  '4000000000000127': { scenario: 'incorrect_cvc', cardBrand: 'VISA' },
  '4000000000000101': { scenario: 'incorrect_cvc', cardBrand: 'VISA' },
  '4000000000000036': { scenario: 'incorrect_zip', cardBrand: 'VISA' },
  '4000000000000010': { scenario: 'incorrect_zip', cardBrand: 'VISA' },
  '4000000000000119': { scenario: 'processing_error', cardBrand: 'VISA' },
} satisfies Record<string, SandboxTestCard>);

export const SANDBOX_ONLY_TEST_CARDS_MESSAGE = 'The sandbox accepts test cards only, such as 4242 4242 4242 4242.';

/** The refusal texts the sandbox answers for each failing scenario: Stripe's test mode's own, for the same cards. */
export const SANDBOX_CARD_FAILURE_MESSAGES: Readonly<Record<Exclude<SandboxScenario, 'success' | 'requires_action'>, string>> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_zip: "Your card's postal code is incorrect.",
  processing_error: 'An error occurred while processing your card.',
};

// Longest first so a scenario that is a prefix of another can never shadow it when parsing.
const SCENARIOS: readonly SandboxScenario[] = (
  [
    'success',
    'requires_action',
    'declined',
    'insufficient_funds',
    'lost_card',
    'stolen_card',
    'incorrect_cvc',
    'incorrect_zip',
    'expired_card',
    'processing_error',
  ] as const
)
  .slice()
  .sort((a, b) => b.length - a.length);

export interface SandboxCardDetails {
  scenario: SandboxScenario;
  cardBrand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type SandboxCardTokenResult =
  { ok: true; token: string; cardBrand: string; last4: string } | { ok: false; reason: 'not_test_card' | 'invalid' };

/** Luhn check of 12-19 digits (nothing else allowed). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
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

/** Turns a typed TEST card into a sandbox token, in the browser. A past expiry becomes `expired_card`. */
export function sandboxCardToken(
  input: { number: string; expMonth: number; expYear: number },
  now: Date = new Date(),
): SandboxCardTokenResult {
  const digits = input.number.replace(/[\s-]/g, '');
  const expYear = fullYear(input.expYear);
  if (!luhnValid(digits) || !validExpiry(input.expMonth, expYear)) return { ok: false, reason: 'invalid' };
  const card = SANDBOX_TEST_CARDS[digits];
  if (!card) return { ok: false, reason: 'not_test_card' };
  const scenario = expired(input.expMonth, expYear, now) ? 'expired_card' : card.scenario;
  const last4 = digits.slice(-4);
  return {
    ok: true,
    token: `tok_sandbox_${formatFields(scenario, card.cardBrand, last4, input.expMonth, expYear)}`,
    cardBrand: card.cardBrand,
    last4,
  };
}

/** Reads a `tok_sandbox_…` token; null when it is not one. An expiry that has passed since reads as `expired_card`. */
export function parseSandboxToken(token: string, now: Date = new Date()): SandboxCardDetails | null {
  return parseWithPrefix(token, 'tok_sandbox_', now);
}

/** Reads a saved sandbox card's reference `pm_sandbox_…` (same fields as the token it was saved from). */
export function parseSandboxCardRef(ref: string, now: Date = new Date()): SandboxCardDetails | null {
  return parseWithPrefix(ref, 'pm_sandbox_', now);
}

/** The saved-card reference for a card read from a token. */
export function sandboxCardRef(card: SandboxCardDetails): string {
  return `pm_sandbox_${formatFields(card.scenario, card.cardBrand, card.last4, card.expMonth, card.expYear)}`;
}

const CARD_RUN = /(?<![0-9A-Za-z]|[0-9A-Za-z]-)\d+(?:[ -]\d+)*(?![0-9A-Za-z]|-[0-9A-Za-z])/g;
// Ids in payment bodies are UUIDs; one made only of digits must not read as a card number.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * True when text holds a Luhn-valid run of 12-19 digits (single spaces or dashes allowed between
 * digit groups) anywhere. Runs glued to letters (ids, UUIDs, tokens) are not card numbers; a longer
 * spaced run (a number followed by its CVC) is checked group by group.
 */
export function looksLikeCardNumber(text: string): boolean {
  for (const match of text.replace(UUID, ' ').matchAll(CARD_RUN)) {
    const groups = match[0].split(/[ -]/);
    for (let start = 0; start < groups.length; start += 1) {
      let digits = '';
      for (let end = start; end < groups.length && digits.length < 19; end += 1) {
        digits += groups[end];
        if (digits.length >= 12 && luhnValid(digits)) return true;
      }
    }
  }
  return false;
}

function parseWithPrefix(text: string, prefix: string, now: Date): SandboxCardDetails | null {
  if (!text.startsWith(prefix)) return null;
  const match = /^(.+)_(\d{4})_(\d{2})(\d{2})$/.exec(text.slice(prefix.length));
  if (!match) return null;
  const [, head, last4, month, year] = match;
  const scenario = SCENARIOS.find((candidate) => head.startsWith(`${candidate}_`));
  if (!scenario) return null;
  const cardBrand = head.slice(scenario.length + 1);
  const expMonth = Number(month);
  const expYear = 2000 + Number(year);
  if (!/^[A-Z][A-Z_]*$/.test(cardBrand) || !validExpiry(expMonth, expYear)) return null;
  return { scenario: expired(expMonth, expYear, now) ? 'expired_card' : scenario, cardBrand, last4, expMonth, expYear };
}

function formatFields(scenario: SandboxScenario, cardBrand: string, last4: string, expMonth: number, expYear: number): string {
  return `${scenario}_${cardBrand}_${last4}_${String(expMonth).padStart(2, '0')}${String(expYear % 100).padStart(2, '0')}`;
}

function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

function validExpiry(month: number, year: number): boolean {
  return Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000 && year <= 2099;
}

/** A card is good through the last day of its expiry month. */
function expired(month: number, year: number, now: Date): boolean {
  return now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 > year * 12 + month;
}
