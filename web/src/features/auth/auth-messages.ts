import { AUTH_ERROR_MESSAGES, AUTH_MESSAGES } from '@trackside/contracts/errors/auth-error-codes';

/** Server error ids to the texts of spec 000 section 8 (the shared catalogue in libs/contracts). */
export function authErrorMessage(code: string | null, fallback: string): string {
  if (code && code in AUTH_ERROR_MESSAGES) return AUTH_ERROR_MESSAGES[code as keyof typeof AUTH_ERROR_MESSAGES];
  return fallback;
}

export { AUTH_ERROR_MESSAGES, AUTH_MESSAGES };
