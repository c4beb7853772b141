import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { SHUTTING_DOWN, SocketDrain } from './socket-drain';

/** A Socket.IO server whose `bid` handler acks only when the test releases it (a command in flight). */
async function serverWithSlowBids() {
  const http = createServer();
  const io = new Server(http);
  const drain = new SocketDrain(io);
  const pending: Array<() => void> = [];
  io.on('connection', (socket) =>
    socket.on('bid', (_payload: unknown, ack: (reply: unknown) => void) => pending.push(() => ack({ status: 'success' }))),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  return { io, drain, pending, url, close: () => new Promise<void>((resolve) => void io.close(() => resolve())) };
}

async function client(url: string): Promise<ClientSocket> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('SocketDrain', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('acks the events in flight, refuses later ones with realtime.shuttingDown, then disconnects', async () => {
    const server = await serverWithSlowBids();
    cleanups.push(server.close);
    const socket = await client(server.url);
    cleanups.push(() => void socket.disconnect());
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const inFlight = socket.timeout(5000).emitWithAck('bid', { amount: 100 });
    await expect.poll(() => server.pending.length).toBe(1);
    expect(server.drain.pending).toBe(1);

    const drained = server.drain.drain(5000);
    // Arrives while draining: answered at once, never run.
    expect(await socket.timeout(5000).emitWithAck('bid', { amount: 200 })).toEqual(SHUTTING_DOWN);
    expect(server.pending).toHaveLength(1);
    expect(socket.connected).toBe(true);

    server.pending[0]!();
    expect(await inFlight).toEqual({ status: 'success' });
    await drained;
    expect(await disconnected).toBe('io server disconnect');
    await expect(client(server.url)).rejects.toMatchObject({ data: SHUTTING_DOWN });
  });

  it('gives up waiting for an ack after the grace period and disconnects every socket', async () => {
    const server = await serverWithSlowBids();
    cleanups.push(server.close);
    const idle = await client(server.url);
    cleanups.push(() => void idle.disconnect());
    const busy = await client(server.url);
    cleanups.push(() => void busy.disconnect());
    void busy
      .timeout(5000)
      .emitWithAck('bid', { amount: 100 })
      .catch(() => undefined);
    await expect.poll(() => server.pending.length).toBe(1);
    const started = Date.now();
    await server.drain.drain(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await expect.poll(() => idle.connected || busy.connected).toBe(false);
  });
});
