import { SOCIAL_ERROR_MESSAGES, type SocialErrorCode } from '@trackside/contracts';
import { ApiError } from '@trackside/platform';

/** The social sign-in failures, with the id in the REST body's `code` (spec 000 section 4). */
export function socialError(code: SocialErrorCode, options: { status?: number; message?: string } = {}): ApiError {
  return new ApiError(code, options.message ?? SOCIAL_ERROR_MESSAGES[code], undefined, options.status ?? 400);
}
