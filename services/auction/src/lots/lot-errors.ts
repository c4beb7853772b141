import { AUCTION_INPUT_MESSAGES, messageFor } from '@trackside/contracts';
import { DomainError, forbidden } from '@trackside/platform';

/**
 * The lot commands' refusals as data (issue 19 part 6): a catalogue code and text, a kind, no HTTP
 * status. The API layer maps them once (libs/platform/src/errors/domain-error-mapping.ts); every one
 * was a 400 `ApiError` (the missing actor a 403 FORBIDDEN) and answers the same code, message and status.
 */

/** A refusal the decider (or a pre-check keyed like it) answered with its code and message. */
export function lotRefusal(code: string, message: string): DomainError {
  return new DomainError(code, message, 'invalid');
}

/** The catalogue's own text for `code` (libs/contracts AUCTION_ERROR_MESSAGES). */
export function lotError(code: string): DomainError {
  return lotRefusal(code, messageFor(code));
}

/** createAuction/updateAuction input that can never be valid (lot-input-checks.ts). */
export function lotInputError(problem: string): DomainError {
  return lotRefusal('auction.validation', problem);
}

export function bidIdNotUuid(): DomainError {
  return lotRefusal('bid.invalid', AUCTION_INPUT_MESSAGES.bidIdNotUuid);
}

/** A command that needs a signed-in actor reached without one (the resolvers' guards normally stop it first). */
export function actorRequired(): DomainError {
  return forbidden();
}
