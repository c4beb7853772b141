import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { waitUntil } from '@trackside/testing';
import { UserNotifications, type NotificationPush } from './user-notifications';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

function added(userId: string, title: string): RecordedEvent {
  return {
    eventId: `${title}-id`,
    type: 'NotificationAdded',
    data: {
      id: `${title}-id`,
      userId,
      kind: 'OUTBID',
      lotId: 'lot',
      title,
      body: 'body',
      link: '/auction/lot/x',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    metadata: { brand: 'trackside', occurredAt: '2026-01-01T00:00:00.000Z' },
    streamId: `user-notifications-${userId}`,
    version: 1,
    globalPosition: '1',
    checkpoint: '1',
    createdAt: new Date(),
  } as RecordedEvent;
}

describe('live notifications to the user’s own sockets', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  it('pushes a NotificationAdded to every socket of its user and to nobody else', async () => {
    const http = createServer();
    const io = new Server(http);
    // The handshake's part in this test: the user the token named.
    io.use((socket, next) => {
      const user = socket.handshake.auth.user as string | undefined;
      socket.data = { user: user ? { id: user } : null, token: null, brand: 'trackside', strikes: 0 };
      next();
    });
    const notes = new UserNotifications(io);
    notes.attach();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    cleanups.push(() => void io.close());
    const received = new Map<string, NotificationPush[]>();
    const client = (name: string, user?: string): ClientSocket => {
      const socket = connect(url, { transports: ['websocket'], auth: user ? { user } : {} });
      received.set(name, []);
      socket.on('notification', (push: NotificationPush) => received.get(name)!.push(push));
      cleanups.push(() => socket.close());
      return socket;
    };
    const sockets = [client('alice-tab-1', ALICE), client('alice-tab-2', ALICE), client('bob', BOB), client('visitor')];
    await waitUntil(
      () => sockets.every((socket) => socket.connected),
      (ok) => ok,
    );
    // A live processor's handler, as the host calls it.
    await notes.processor().handle([added(ALICE, 'Outbid on Lot'), added(ALICE, 'Second')], undefined);
    await waitUntil(
      () => [received.get('alice-tab-1')!.length, received.get('alice-tab-2')!.length],
      (counts) => counts[0] === 2 && counts[1] === 2,
    );
    expect(received.get('alice-tab-1')!.map((push) => push.title)).toEqual(['Outbid on Lot', 'Second']);
    expect(received.get('alice-tab-1')![0]).toEqual({
      id: 'Outbid on Lot-id',
      kind: 'OUTBID',
      lotId: 'lot',
      title: 'Outbid on Lot',
      body: 'body',
      link: '/auction/lot/x',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(received.get('bob')).toEqual([]);
    expect(received.get('visitor')).toEqual([]);
  });
});
