import { ACCESS_ERROR_MESSAGES } from '@trackside/contracts';

/**
 * What kind of refusal a business error is, in the domain's words; only the API layer turns it
 * into an HTTP status (errors/domain-error-mapping.ts), so business code names no status.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'rate-limited'
  | 'failed'
  | 'upstream-failed'
  | 'unavailable';

/**
 * A business refusal as data: the catalogue's code (libs/contracts), its message, the kind of
 * refusal and optional details. Not an HttpException: services throw or return it, and the API
 * layer (the platform's filter and GraphQL error formatter) maps it once.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'invalid',
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The catalogue's message for `code` (libs/contracts), as a DomainError. */
export function domainError<Code extends string>(
  catalogue: Readonly<Record<Code, string>>,
  code: Code,
  kind: DomainErrorKind = 'invalid',
  details?: Record<string, unknown>,
): DomainError {
  return new DomainError(code, catalogue[code], kind, details);
}

/** The access refusal of a brand, ownership or permission check (details say which, for logs and tests). */
export function forbidden(details?: Record<string, unknown>): DomainError {
  return domainError(ACCESS_ERROR_MESSAGES, 'FORBIDDEN', 'forbidden', details);
}
