import type { Socket } from 'socket.io';
import { AUTH_MESSAGES } from '@trackside/contracts';
import { resolveBrand, verifyAccessToken, type AccountStatusCache, type AuthUser } from '@trackside/platform';
import type { RealtimeSettings, SocketData } from './socket-session';

type Next = (error?: Error) => void;

/**
 * The connection middleware: resolves the brand and verifies the token ONCE per connection (issue 20:
 * no per-bid JWT work); the socket keeps the outcome in `socket.data` (SocketData). Refusals carry
 * the spec's codes in the connect_error's data.
 */
export function socketHandshake(
  settings: Pick<RealtimeSettings, 'jwtSecret' | 'defaultBrand' | 'brandHosts'>,
  accounts: Pick<AccountStatusCache, 'admit'>,
): (socket: Socket, next: Next) => void {
  return (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const headerBrand = typeof auth.brand === 'string' ? auth.brand : (socket.handshake.headers['x-brand'] ?? queryString(socket, 'brand'));
    const brand = resolveBrand(headerBrand, socket.handshake.headers.host, {
      defaultBrand: settings.defaultBrand,
      hosts: settings.brandHosts,
    });
    if (!brand.ok) return next(withData(new Error(brand.message), { code: 'brand.invalid' }));
    const token = tokenOf(socket, auth);
    let user: AuthUser | null = null;
    if (token) {
      const refusal = admitToken(token, brand.brand, settings.jwtSecret, accounts);
      if ('error' in refusal) return next(refusal.error);
      user = refusal.user;
    }
    const data: SocketData = { user, token, brand: brand.brand, strikes: 0 };
    socket.data = data;
    next();
  };
}

function tokenOf(socket: Socket, auth: Record<string, unknown>): string | null {
  const bearer = socket.handshake.headers.authorization?.replace(/^Bearer\s+/i, '');
  const raw = typeof auth.token === 'string' ? auth.token : (bearer ?? queryString(socket, 'token'));
  return raw && raw.trim() !== '' ? raw.trim().replace(/^Bearer\s+/i, '') : null;
}

function admitToken(
  token: string,
  brand: string,
  secret: string,
  accounts: Pick<AccountStatusCache, 'admit'>,
): { user: AuthUser } | { error: Error } {
  const invalid = (extra: Record<string, unknown> = {}) => ({
    error: withData(new Error(AUTH_MESSAGES.invalidToken), { code: 'UNAUTHENTICATED', ...extra }),
  });
  let user: AuthUser;
  try {
    user = verifyAccessToken(token, secret);
  } catch {
    return invalid();
  }
  if (user.brand !== brand) return invalid();
  // Also brings the token's permissions up to date (issue 18, M1).
  const refusal = accounts.admit(user);
  if (refusal === 'deleted') return { error: withData(new Error('User Not Found'), { code: 'UNAUTHENTICATED' }) };
  if (refusal === 'blocked') return invalid({ reason: 'account blocked' });
  if (refusal === 'revoked') return invalid({ reason: 'session revoked' });
  return { user };
}

function queryString(socket: Socket, name: string): string | undefined {
  const value = socket.handshake.query[name];
  return typeof value === 'string' ? value : undefined;
}

function withData(error: Error, data: Record<string, unknown>): Error {
  return Object.assign(error, { data });
}
