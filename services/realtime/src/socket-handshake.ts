import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
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

/**
 * Lets go of each connection's upgrade request once every middleware has read what it needs (brand,
 * token, address), where Engine.IO and Socket.IO would keep it, with its headers and query, for the
 * connection's life: the Engine.IO socket's `request`, the handshake's `headers` and `query`, and the
 * `req` of the stand-in response Engine.IO builds for a WebSocket upgrade (its TCP socket's `close`
 * listener keeps that response). About 1 KiB per watcher (docs/decisions.md, "Realtime gateway on
 * NestJS websockets", memory per watcher). The Engine.IO middleware below runs after any other
 * (none sets a response header on an upgrade here) and only for upgrades: a polling response is
 * Node's own ServerResponse and is left alone.
 */
export function releaseUpgradeRequest(io: Server): void {
  const nothing = Object.freeze({}) as Socket['handshake']['headers'] & Socket['handshake']['query'];
  io.engine.use((_req: IncomingMessage, res: object, next: () => void) => {
    if (!(res instanceof ServerResponse)) (res as { req?: unknown }).req = null;
    next();
  });
  io.on('connection', (socket: Socket) => {
    (socket.conn as unknown as { request: unknown }).request = null;
    socket.handshake.headers = nothing;
    socket.handshake.query = nothing;
  });
}
