import { SOCIAL_ERROR_MESSAGES, type SocialErrorCode } from '@trackside/contracts';
import { DomainError, type DomainErrorKind } from '@trackside/platform';

/** The social sign-in failures, with the id in the REST body's `code` (spec 000 section 4). */
export function socialError(code: SocialErrorCode, options: { kind?: DomainErrorKind; message?: string } = {}): DomainError {
  return new DomainError(code, options.message ?? SOCIAL_ERROR_MESSAGES[code], options.kind ?? 'invalid');
}
