/** The access refusals every service answers (the platform's guards, brand and ownership checks). */
export const ACCESS_ERROR_MESSAGES = {
  FORBIDDEN: 'Forbidden',
  UNAUTHENTICATED: 'Invalid token.',
} as const;

export type AccessErrorCode = keyof typeof ACCESS_ERROR_MESSAGES;
