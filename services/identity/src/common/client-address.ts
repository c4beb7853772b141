import type { IncomingMessage } from 'node:http';

/**
 * The client's address for the per-address lock-out. Behind the gateway (TRUST_PROXY) it is the
 * right-most X-Forwarded-For entry, the one the gateway appended; a request without one answers
 * null (no per-address counting) rather than the gateway's own address, which would lock every
 * user out together. Without TRUST_PROXY it is the socket's peer.
 */
export function clientAddress(req: IncomingMessage | undefined, trustProxy: boolean): string | null {
  if (!req) return null;
  if (!trustProxy) return req.socket?.remoteAddress ?? null;
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  const hops = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const last = hops[hops.length - 1];
  return last ? last.slice(0, 100) : null;
}
