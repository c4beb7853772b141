import { AUTH_ERROR_MESSAGES, type AuthErrorCode } from '@trackside/contracts';
import { ApiError } from '@trackside/platform';

/** The spec's id in `extensions.code` (GraphQL) or `code` (REST body), with its catalogue message. */
export function authError(code: AuthErrorCode, options: { status?: number; message?: string } = {}): ApiError {
  return new ApiError(code, options.message ?? AUTH_ERROR_MESSAGES[code], undefined, options.status ?? 400);
}

/** Brand arguments and body fields must match the request's brand (header, host or default). */
export function assertSameBrand(brandArg: string | null | undefined, brand: string): void {
  if (typeof brandArg === 'string' && brandArg.trim() !== '' && brandArg.trim().toLowerCase() !== brand)
    throw new ApiError('FORBIDDEN', 'Forbidden', { reason: 'brand mismatch' }, 403);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
