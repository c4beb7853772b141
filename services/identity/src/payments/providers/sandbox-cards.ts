import {
  parseSandboxCardRef,
  parseSandboxToken,
  SANDBOX_CARD_FAILURE_MESSAGES as MESSAGES,
  type SandboxCardDetails,
  type SandboxScenario,
} from '@trackside/contracts';
import type { CardFailure } from './payment-provider.port';

export type SandboxCardBehaviour =
  | { kind: 'success'; cardBrand: string }
  | { kind: 'requires_action'; cardBrand: string }
  | { kind: 'failure'; failure: CardFailure; code: string; message: string; cardBrand: string };

type Failure = Omit<Extract<SandboxCardBehaviour, { kind: 'failure' }>, 'cardBrand' | 'kind'>;

/**
 * What the sandbox does for each scenario of the shared test-card table (@trackside/contracts
 * sandbox-cards.ts): the codes and texts (SANDBOX_CARD_FAILURE_MESSAGES) Stripe's test mode answers for the same cards.
 */
const FAILURES: Record<Exclude<SandboxScenario, 'success' | 'requires_action'>, Failure> = {
  declined: { failure: 'declined', code: 'generic_decline', message: MESSAGES.declined },
  insufficient_funds: { failure: 'declined', code: 'insufficient_funds', message: MESSAGES.insufficient_funds },
  lost_card: { failure: 'declined', code: 'lost_card', message: MESSAGES.lost_card },
  stolen_card: { failure: 'declined', code: 'stolen_card', message: MESSAGES.stolen_card },
  expired_card: { failure: 'expiration', code: 'expired_card', message: MESSAGES.expired_card },
  incorrect_cvc: { failure: 'cvv', code: 'incorrect_cvc', message: MESSAGES.incorrect_cvc },
  incorrect_zip: { failure: 'postalCode', code: 'incorrect_zip', message: MESSAGES.incorrect_zip },
  processing_error: { failure: 'other', code: 'processing_error', message: MESSAGES.processing_error },
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
