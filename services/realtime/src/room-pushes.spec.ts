import { createServer, type Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '@trackside/platform';
import type { Room } from './lot-rooms';
import type { LotChange, LotView } from './lot-view';
import { RoomPushes } from './room-pushes';
import { roomName } from './socket-session';

// Fan-out (issue 20): a push is built and encoded once per room, not once per watcher; a slow
// watcher is skipped instead of queueing, and resynced with the others back in the same tick.

const WATCHERS = 100;
const LOT = 'lot-under-test';

const view = (): LotView => ({
  id: LOT,
  brand: 'trackside',
  hosts: new Set(),
  status: 'LIVE',
  currency: 'USD',
  startPriceCents: 100_000,
  minIncrementCents: 0,
  scheduledStart: null,
  scheduledEnd: null,
  finalEnd: null,
  finalPriceCents: null,
  bids: [{ id: 'b1', bidderId: 'u1', amountCents: 110_000, isFirstBid: true, placedAt: '2026-06-02T12:00:00.000Z' }],
  bidIds: new Set(['b1']),
  version: 7,
});
const change = (version: number): LotChange => ({ type: 'BidPlaced', version, at: '2026-06-02T12:00:00.000Z', bidId: 'b1', amount: 1100 });
const room = (): Room => ({
  lotId: LOT,
  view: view(),
  loading: null,
  buffered: [],
  pending: [],
  lastPushAt: 0,
  pushTimer: null,
  idleTimer: null,
  resyncing: null,
});

describe('RoomPushes', () => {
  let http: HttpServer;
  let io: Server;
  let pushes: RoomPushes;
  let current: Room;
  const clients: ClientSocket[] = [];
  const received = new Map<ClientSocket, Array<{ version: number; resync: boolean; changes: LotChange[] }>>();

  beforeAll(async () => {
    http = createServer();
    io = new Server(http, { transports: ['websocket'] });
    io.on('connection', (socket) => void socket.join(roomName(LOT)));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as { port: number };
    current = room();
    const settings = {
      historySize: 20,
      pushIntervalMs: 0,
      slowClientPackets: 32,
      clock: { now: () => new Date('2026-06-02T12:00:01.000Z') },
    };
    pushes = new RoomPushes(io, settings, { forBrand: () => 100 }, () => current);
    for (let i = 0; i < WATCHERS; i++) {
      const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
      received.set(client, []);
      client.on('auction', (payload: { version: number; resync: boolean; changes: LotChange[] }) => received.get(client)!.push(payload));
      clients.push(client);
    }
    await vi.waitFor(() => expect(io.sockets.adapter.rooms.get(roomName(LOT))?.size ?? 0).toBe(WATCHERS), { timeout: 10_000 });
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  });

  it(`encodes a push once for a room of ${WATCHERS} watchers, and every watcher gets it`, async () => {
    const encode = vi.spyOn(io.encoder, 'encode');
    const stringify = vi.spyOn(JSON, 'stringify');
    current.pending.push(change(7));
    pushes.push(current);
    const stringified = stringify.mock.calls.length;
    stringify.mockRestore();
    expect(encode).toHaveBeenCalledTimes(1);
    expect(stringified).toBe(1);
    encode.mockRestore();
    await expect.poll(() => clients.filter((client) => received.get(client)!.length === 1).length).toBe(WATCHERS);
    expect(received.get(clients[0]!)![0]).toMatchObject({ version: 7, resync: false, changes: [{ type: 'BidPlaced', version: 7 }] });
  });

  it('coalesces the changes of a burst into one push per room per interval', async () => {
    const coalescing = new RoomPushes(
      io,
      { historySize: 20, pushIntervalMs: 50, slowClientPackets: 32, clock: systemClock },
      { forBrand: () => 100 },
      () => current,
    );
    const encode = vi.spyOn(io.encoder, 'encode');
    current.lastPushAt = Date.now();
    for (const version of [8, 9, 10]) {
      current.pending.push(change(version));
      coalescing.schedule(current);
    }
    expect(encode).not.toHaveBeenCalled();
    await expect.poll(() => clients.every((client) => received.get(client)!.length === 2)).toBe(true);
    expect(encode).toHaveBeenCalledTimes(1);
    encode.mockRestore();
    expect(received.get(clients[1]!)![1]!.changes.map((entry) => entry.version)).toEqual([8, 9, 10]);
  });

  it('skips watchers whose write buffer is full, then resyncs them together with one message', async () => {
    const [first, second] = [...io.sockets.sockets.values()];
    const buffers = [first!, second!].map((socket) => (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer);
    // Stands for packets a slow connection has not taken yet.
    for (const buffer of buffers) buffer.push(...Array.from({ length: 40 }, () => ({ type: 'noop' })));
    const before = clients.map((client) => received.get(client)!.length);
    current.pending.push(change(11));
    pushes.push(current);
    for (const buffer of buffers) buffer.splice(0);
    const slowIds = new Set([first!.id, second!.id]);
    const slowClients = clients.filter((client) => slowIds.has(client.id!));
    const fastClients = clients.filter((client) => !slowIds.has(client.id!));
    await expect
      .poll(() => fastClients.every((client) => received.get(client)!.length === before[clients.indexOf(client)]! + 1))
      .toBe(true);
    expect(slowClients.every((client) => received.get(client)!.length === before[clients.indexOf(client)]!)).toBe(true);

    const encode = vi.spyOn(io.encoder, 'encode');
    first!.conn.emit('drain');
    second!.conn.emit('drain');
    await expect.poll(() => slowClients.every((client) => received.get(client)!.at(-1)?.resync === true)).toBe(true);
    expect(encode).toHaveBeenCalledTimes(1);
    encode.mockRestore();
    expect(received.get(slowClients[0]!)!.at(-1)).toMatchObject({ version: 7, resync: true, changes: [] });
    expect(first!.rooms.has(`slow:${LOT}`)).toBe(false);
    expect(first!.conn.listenerCount('drain')).toBe(0);
  });
});
