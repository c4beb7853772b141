/**
 * A session the server ended (issue 18, M5): identity bumped the account's token version (Log out
 * everywhere, a password change or reset) or blocked or deleted it. The realtime service then emits
 * `exception` with code UNAUTHENTICATED to the account's sockets and disconnects them; a socket that
 * reconnects with the old token is refused at the handshake with the same code. Either way the web
 * app signs out at once, without waiting for its next GraphQL call (docs/web.md "Realtime").
 */
export const SESSION_ENDED_TEXT = 'Your session has ended. Please log in again.';

/** Whether a realtime `exception` payload, or a refused handshake's `data`, ends the session. */
export function endsSession(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { code?: unknown }).code === 'UNAUTHENTICATED';
}
