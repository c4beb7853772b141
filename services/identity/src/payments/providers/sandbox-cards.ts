import { parseSandboxCardRef, parseSandboxToken, type SandboxCardDetails, type SandboxScenario } from '@trackside/contracts';
import type { CardFailure } from './payment-provider.port';

export type SandboxCardBehaviour =
  | { kind: 'success'; cardBrand: string }
  | { kind: 'requires_action'; cardBrand: string }
  | { kind: 'failure'; failure: CardFailure; code: string; message: string; cardBrand: string };

type Failure = Omit<Extract<SandboxCardBehaviour, { kind: 'failure' }>, 'cardBrand' | 'kind'>;

/**
 * What the sandbox does for each scenario of the shared test-card table (@trackside/contracts
 * sandbox-cards.ts): the codes and texts Stripe's test mode answers for the same cards.
 */
const FAILURES: Record<Exclude<SandboxScenario, 'success' | 'requires_action'>, Failure> = {
  declined: { failure: 'declined', code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { failure: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  lost_card: { failure: 'declined', code: 'lost_card', message: 'Your card was declined.' },
  stolen_card: { failure: 'declined', code: 'stolen_card', message: 'Your card was declined.' },
  expired_card: { failure: 'expiration', code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { failure: 'cvv', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  incorrect_zip: { failure: 'postalCode', code: 'incorrect_zip', message: "Your card's postal code is incorrect." },
  processing_error: { failure: 'other', code: 'processing_error', message: 'An error occurred while processing your card.' },
};

/** The card a source stands for: a browser token `tok_sandbox_…` or a saved card's `pm_sandbox_…`; null for anything else. */
export function sandboxCardOf(source: string): SandboxCardDetails | null {
  return parseSandboxToken(source) ?? parseSandboxCardRef(source);
}

/** What the sandbox does with this card. */
export function sandboxCardBehaviour(card: SandboxCardDetails): SandboxCardBehaviour {
  if (card.scenario === 'success' || card.scenario === 'requires_action') return { kind: card.scenario, cardBrand: card.cardBrand };
  return { kind: 'failure', ...FAILURES[card.scenario], cardBrand: card.cardBrand };
}
