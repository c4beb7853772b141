import { CombinedGraphQLErrors } from '@apollo/client';

/** The one place that turns server failures into codes and messages (docs/architecture.md, habit 13). */
export interface ServerError {
  code: string | null;
  message: string;
}

const SESSION_MESSAGES = new Set(['Invalid token.', 'User Not Found']);

export function isSessionError(message: string): boolean {
  return SESSION_MESSAGES.has(message);
}

export function serverError(error: unknown): ServerError {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    return { code: typeof code === 'string' ? code : null, message: first?.message ?? error.message };
  }
  if (error instanceof Error) return { code: null, message: error.message };
  return { code: null, message: String(error) };
}
