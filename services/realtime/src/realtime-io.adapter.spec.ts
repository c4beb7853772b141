import { createServer, type Server as HttpServer } from 'node:http';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RealtimeIoAdapter, type AdmitEvent } from './realtime-io.adapter';

// The gateway's Nest adapter: serves the given Socket.IO server, runs the event check before the
// handler, acks with the handler's reply, and keeps one listener per socket.

describe('RealtimeIoAdapter', () => {
  let http: HttpServer;
  let io: Server;
  let client: ClientSocket;
  let serverSocket: Socket;
  const refused = new Set(['refused']);
  const admitted: string[] = [];
  const admit: AdmitEvent = (_socket, event, args, run) => {
    admitted.push(event);
    const ack = args.at(-1);
    if (refused.has(event) && typeof ack === 'function') return void ack({ status: 'failure', code: 'realtime.rateLimited' });
    run();
  };
  const onError = vi.fn();

  beforeAll(async () => {
    http = createServer();
    io = new Server(http, { transports: ['websocket'] });
    const adapter = new RealtimeIoAdapter(io, admit, onError);
    expect(adapter.create() as unknown).toBe(io);
    const handlers: MessageMappingProperties[] = [
      {
        message: 'echo',
        methodName: 'echo',
        isAckHandledManually: false,
        callback: (data: unknown) => Promise.resolve({ status: 'success', data }),
      },
      { message: 'refused', methodName: 'refused', isAckHandledManually: false, callback: () => Promise.resolve({ status: 'success' }) },
      { message: 'broken', methodName: 'broken', isAckHandledManually: false, callback: () => Promise.reject(new Error('boom')) },
    ];
    const connected = new Promise<Socket>((resolve) =>
      io.on('connection', (socket) => {
        adapter.bindMessageHandlers(socket as never, handlers);
        resolve(socket);
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    client = connect(`http://127.0.0.1:${(http.address() as { port: number }).port}`, { transports: ['websocket'], forceNew: true });
    serverSocket = await connected;
  });

  afterAll(async () => {
    client.disconnect();
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  });

  it('acks with the handler’s reply after the check let the event through', async () => {
    expect(await client.timeout(5000).emitWithAck('echo', { auctionId: 'lot-1' })).toEqual({
      status: 'success',
      data: { auctionId: 'lot-1' },
    });
    expect(admitted).toContain('echo');
  });

  it('never runs the handler of an event the check refused; unknown events reach the check too', async () => {
    expect(await client.timeout(5000).emitWithAck('refused', {})).toEqual({ status: 'failure', code: 'realtime.rateLimited' });
    client.emit('whatever', 1);
    await vi.waitFor(() => expect(admitted).toContain('whatever'));
  });

  it('reports a handler that fails instead of throwing', async () => {
    client.emit('broken', {}, () => undefined);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' })));
  });

  it('keeps one listener per socket, whatever the number of events', () => {
    expect(serverSocket.listenersAny()).toHaveLength(1);
    expect(serverSocket.listenerCount('echo')).toBe(0);
  });
});
