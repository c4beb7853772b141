import type { IncomingMessage } from 'node:http';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import { socketData } from './socket-session';

/**
 * Limits of the Socket.IO side that a client cannot dodge by opening more sockets (issue 18, L7;
 * docs/security.md "Socket limits and origins"):
 * - bids per user, shared by every socket and every realtime instance (GroupedBidLimiter in
 *   grouped-bid-limiter.ts, on rate-limiter-flexible's table `BID_LIMIT_TABLE`; a per-instance
 *   memory limiter stands in while PostgreSQL fails);
 * - client events per socket (rate-limiter-flexible in memory);
 * - open sockets per user and per client address (per instance: the gateway sends one address to
 *   one instance, docs/realtime.md);
 * - which origins may open a socket with credentials (Engine.IO CORS and the WebSocket handshake).
 */
export interface SocketLimitSettings {
  /** Bids one user may send in `bidWindowSeconds`, across sockets and instances. */
  userBids: number;
  bidWindowSeconds: number;
  maxSocketsPerUser: number;
  maxSocketsPerAddress: number;
}

/** The bids-per-user table (rate-limiter-flexible's rows), written by GroupedBidLimiter. */
export const BID_LIMIT_TABLE = 'realtime_rate_limits';

/**
 * Client events per socket (every event, not only bids): the cheap first line, in memory, since a
 * socket lives on one instance. rate-limiter-flexible's BurstyRateLimiter over two memory limiters
 * stands for the hand-written token bucket it replaced: `perSecond` events a second, and once
 * those are spent, `burst` more over `burst / perSecond` seconds (the bucket's capacity and refill).
 */
export class SocketEventLimiter {
  private readonly steady: RateLimiterMemory;
  private readonly burst: RateLimiterMemory;
  private readonly limiter: BurstyRateLimiter;

  constructor(perSecond: number, burst: number) {
    const points = Math.max(1, Math.round(perSecond));
    this.steady = new RateLimiterMemory({ keyPrefix: 'socket-events', points, duration: points / perSecond });
    this.burst = new RateLimiterMemory({ keyPrefix: 'socket-events-burst', points: burst, duration: burst / perSecond });
    this.limiter = new BurstyRateLimiter(this.steady, this.burst);
  }

  /** Takes one event of the socket's allowance; false when the socket is over it. */
  async take(socketId: string): Promise<boolean> {
    try {
      await this.limiter.consume(socketId);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }

  /** Frees a closed socket's count at once (it would expire with its window anyway). */
  forget(socketId: string): void {
    void this.steady.delete(socketId);
    void this.burst.delete(socketId);
  }
}

/** The client's address: the right-most X-Forwarded-For entry the gateway appended, else the peer. */
export function clientAddress(socket: Socket): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const last = typeof forwarded === 'string' ? forwarded.split(',').pop()?.trim() : undefined;
  return last || socket.handshake.address;
}

/**
 * Refuses a socket past the per-user or per-address cap; counts it until it disconnects. The count
 * is given back on the adapter's deletion of the socket's own room (its id), which happens once,
 * when it disconnects, while it is still listed: one listener for the server, none per socket
 * (memory per watcher, docs/decisions.md "Realtime gateway on NestJS websockets").
 */
export function capSockets(io: Server, settings: SocketLimitSettings): void {
  const open = new Map<string, number>();
  const add = (key: string, delta: number): void => {
    const next = (open.get(key) ?? 0) + delta;
    if (next <= 0) open.delete(key);
    else open.set(key, next);
  };
  const keysOf = (socket: Socket): string[] => {
    const data = socketData(socket);
    return [`address:${data.address ?? clientAddress(socket)}`, ...(data.user?.id ? [`user:${data.user.id}`] : [])];
  };
  io.use((socket, next) => {
    // Kept in the socket's data: the upgrade request and its headers are let go once connected.
    socketData(socket).address = clientAddress(socket);
    const keys = keysOf(socket);
    if ((open.get(keys[0]!) ?? 0) >= settings.maxSocketsPerAddress || (keys[1] && (open.get(keys[1]) ?? 0) >= settings.maxSocketsPerUser))
      return next(Object.assign(new Error(REALTIME_MESSAGES.tooManyConnections), { data: { code: 'realtime.tooManyConnections' } }));
    for (const key of keys) add(key, 1);
    next();
  });
  io.of('/').adapter.on('delete-room', (room: string) => {
    const socket = io.of('/').sockets.get(room);
    if (socket) for (const key of keysOf(socket)) add(key, -1);
  });
}

/**
 * Origins allowed to open a socket with credentials: the brands' hosts (BRAND_HOSTS, http and https),
 * REALTIME_CORS_ORIGINS, and the page's own origin (Origin's host equals the Host the browser asked for).
 * No Origin at all (a non-browser client) is not a cross-site request and is let through.
 */
export function originPolicy(brandHosts: Map<string, string>, extraOrigins: string) {
  const allowed = new Set<string>(
    extraOrigins
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((origin) => origin.toLowerCase()),
  );
  for (const host of brandHosts.keys()) for (const scheme of ['http', 'https']) allowed.add(`${scheme}://${host.toLowerCase()}`);
  const listed = (origin: string): boolean => allowed.has(origin.toLowerCase());
  return {
    /** Engine.IO's `cors.origin`: answer CORS headers only for listed origins. */
    cors: (origin: string | undefined, callback: (error: Error | null, allow?: boolean) => void): void =>
      callback(null, origin !== undefined && listed(origin)),
    /** Engine.IO's `allowRequest`: also covers WebSocket upgrades, which CORS does not. */
    allowRequest: (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void): void => {
      const origin = req.headers.origin;
      if (!origin || listed(origin)) return callback(null, true);
      const host = String(req.headers['x-forwarded-host'] || req.headers.host || '').toLowerCase();
      let same = false;
      try {
        same = new URL(origin).host.toLowerCase() === host;
      } catch {
        same = false;
      }
      callback(same ? null : 'Origin not allowed', same);
    },
  };
}
