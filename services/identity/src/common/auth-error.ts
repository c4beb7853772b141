import { AUTH_ERROR_MESSAGES, type AuthErrorCode } from '@trackside/contracts';
import { DomainError, type DomainErrorKind, forbidden } from '@trackside/platform';

/**
 * The spec's id with its catalogue message, as data: the API layer puts it in `extensions.code`
 * (GraphQL) or the REST body's `code`, with the kind's HTTP status (libs/platform domain errors).
 */
export function authError(code: AuthErrorCode, options: { kind?: DomainErrorKind; message?: string } = {}): DomainError {
  return new DomainError(code, options.message ?? AUTH_ERROR_MESSAGES[code], options.kind ?? 'invalid');
}

/** Brand arguments and body fields must match the request's brand (header, host or default). */
export function assertSameBrand(brandArg: string | null | undefined, brand: string): void {
  if (typeof brandArg === 'string' && brandArg.trim() !== '' && brandArg.trim().toLowerCase() !== brand)
    throw forbidden({ reason: 'brand mismatch' });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
