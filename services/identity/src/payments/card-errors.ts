import { PAYMENT_ERROR_MESSAGES, type PaymentErrorCode } from '@trackside/contracts';
import { DomainError, type DomainErrorKind } from '@trackside/platform';
import type { CardFailure } from './providers/payment-provider.port';

const CARD_FAILURE_CODES: Record<CardFailure, PaymentErrorCode> = {
  cvv: 'payment.card.cvv',
  postalCode: 'payment.card.postalCode',
  expiration: 'payment.card.expiration',
  declined: 'payment.card.declined',
  other: 'payment.api',
};

/** The spec's card message for a provider's refusal (spec 000 section 8). */
export function cardFailureCode(failure: CardFailure): PaymentErrorCode {
  return CARD_FAILURE_CODES[failure];
}

/** The spec's id with its message, as data (the API layer puts it in the REST body `code` or GraphQL `extensions.code`). */
export function paymentError(code: PaymentErrorCode, kind: DomainErrorKind = 'invalid', details?: Record<string, unknown>): DomainError {
  return new DomainError(code, PAYMENT_ERROR_MESSAGES[code], kind, details);
}
