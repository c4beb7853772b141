import { PAYMENT_ERROR_MESSAGES, type PaymentErrorCode } from '@trackside/contracts';
import { ApiError } from '@trackside/platform';
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

/** The spec's id in the REST body `code` (and GraphQL `extensions.code`), with its message. */
export function paymentError(code: PaymentErrorCode, status = 400, details?: Record<string, unknown>): ApiError {
  return new ApiError(code, PAYMENT_ERROR_MESSAGES[code], details, status);
}
