import { createServer, type IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { releaseUpgradeRequest } from './socket-handshake';

// Memory per watcher (issue 20 (d)): once a socket is connected nothing keeps its upgrade request,
// its headers or its query; what the middlewares read from them stays in socket.data.

async function server() {
  const http = createServer();
  const io = new Server(http);
  const responses: Array<{ req?: IncomingMessage | null }> = [];
  // Registered first, so it sees each upgrade's stand-in response before the release runs.
  io.engine.use((_req: IncomingMessage, res: { req?: IncomingMessage | null }, next: () => void) => {
    responses.push(res);
    next();
  });
  io.use((socket, next) => {
    socket.data = { brand: socket.handshake.headers['x-brand'], token: socket.handshake.query.token };
    next();
  });
  releaseUpgradeRequest(io);
  const connected: Socket[] = [];
  io.on('connection', (socket) => {
    connected.push(socket);
    socket.on('echo', (payload: unknown, ack: (reply: unknown) => void) => ack({ payload, data: socket.data as unknown }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  return { io, url, responses, connected, close: () => new Promise<void>((resolve) => void io.close(() => resolve())) };
}

async function client(url: string, transport: 'websocket' | 'polling'): Promise<ClientSocket> {
  const socket = connect(url, {
    transports: [transport],
    forceNew: true,
    reconnection: false,
    extraHeaders: { 'x-brand': 'jewelry' },
    query: { token: 'abc' },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('releaseUpgradeRequest', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('lets go of a WebSocket connection’s request, headers and query; the middlewares’ findings and events still work', async () => {
    const target = await server();
    cleanups.push(target.close);
    const socket = await client(target.url, 'websocket');
    cleanups.push(() => void socket.disconnect());
    await expect.poll(() => target.connected.length).toBe(1);
    const [connected] = target.connected;
    expect(connected!.conn.request).toBeNull();
    expect(connected!.handshake.headers).toEqual({});
    expect(connected!.handshake.query).toEqual({});
    expect(target.responses).toHaveLength(1);
    expect(target.responses[0]!.req).toBeNull();
    expect(await socket.timeout(5000).emitWithAck('echo', 1)).toEqual({ payload: 1, data: { brand: 'jewelry', token: 'abc' } });
  });

  it('leaves a polling request’s own response alone and the socket works', async () => {
    const target = await server();
    cleanups.push(target.close);
    const socket = await client(target.url, 'polling');
    cleanups.push(() => void socket.disconnect());
    await expect.poll(() => target.connected.length).toBe(1);
    expect(target.connected[0]!.conn.request).toBeNull();
    expect(target.responses.every((res) => res.req !== null)).toBe(true);
    expect(await socket.timeout(5000).emitWithAck('echo', 2)).toEqual({ payload: 2, data: { brand: 'jewelry', token: 'abc' } });
  });
});
