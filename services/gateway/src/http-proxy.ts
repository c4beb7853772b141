import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { GATEWAY_MESSAGES } from '@trackside/contracts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** Request headers to pass upstream: end-to-end ones plus forwarding and correlation headers. */
function forwardHeaders(req: IncomingMessage, extra: Record<string, string>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const address = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${address}` : address;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  return { ...headers, ...extra };
}

/**
 * Streams one HTTP request to `target` (a base URL) and its answer back; 502 when unreachable.
 * `alreadyRead` is the start of the body a caller consumed to inspect it (GraphQL multipart): it is
 * sent first, then the rest of the request.
 */
export function proxyHttp(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  extra: Record<string, string> = {},
  alreadyRead?: Buffer,
): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = httpRequest(url, { method: req.method, headers: forwardHeaders(req, extra), timeout: 30_000 }, (answer) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(res);
  });
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: GATEWAY_MESSAGES.upstreamUnavailable }));
  });
  if (alreadyRead && alreadyRead.length > 0) upstream.write(alreadyRead);
  if (req.readableEnded) upstream.end();
  else req.pipe(upstream);
}

/** Proxies a WebSocket upgrade (Socket.IO) to `target`. */
export function proxyUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, target: string): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = httpRequest(url, {
    method: req.method,
    headers: { ...forwardHeaders(req, {}), connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket' },
  });
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? 'Switching Protocols'}`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
    const close = (): void => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on('error', close);
    socket.on('error', close);
    upstreamSocket.on('close', close);
    socket.on('close', close);
  });
  upstream.on('response', (answer) => {
    // Refused upgrade: relay the status and close.
    socket.end(`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? 'Bad Gateway'}\r\n\r\n`);
  });
  upstream.on('error', () => socket.destroy());
  upstream.end();
}

/** Picks a realtime instance by client address, so Engine.IO long-polling stays on one instance. */
export function pickByAddress(req: IncomingMessage, targets: string[], trustProxyHops: number): string {
  let address = req.socket.remoteAddress ?? '';
  if (trustProxyHops > 0) {
    const chain = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    address = chain[Math.max(0, chain.length - trustProxyHops)] ?? address;
  }
  const digest = createHash('sha1').update(address).digest();
  return targets[digest.readUInt32BE(0) % targets.length]!;
}
