import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { LotRooms, type Room } from './lot-rooms';

// The rooms of watched lots: read once from the stream, kept up to date by folding live events
// (events arriving during the read wait and are not applied twice), let go once unwatched.

const LOT = '3f0c7a52-8d1e-4b6a-9c2f-5e7d8a9b0c1d';
const AT = new Date('2026-06-02T12:00:00.000Z');
const recorded = (version: number, type: string, data: unknown): RecordedEvent =>
  ({
    eventId: `e${version}`,
    type,
    data,
    metadata: { brand: 'trackside', occurredAt: AT.toISOString() },
    streamId: `lot-${LOT}`,
    version,
    globalPosition: String(version),
    checkpoint: {} as RecordedEvent['checkpoint'],
    createdAt: AT,
  }) as RecordedEvent;
const created = recorded(1, 'LotCreated', {
  lotId: LOT,
  brand: 'trackside',
  sellerId: 's',
  currency: 'USD',
  startPriceCents: 100_000,
  minIncrementCents: 0,
  reservePriceCents: null,
});
const approved = recorded(2, 'LotApproved', { approvedBy: 'staff' });
const live = recorded(3, 'LotWentLive', {});

afterEach(() => vi.useRealTimers());

describe('LotRooms', () => {
  it('reads a lot once, buffers live events during the read and folds each only once', async () => {
    let release!: (events: RecordedEvent[]) => void;
    const readStream = vi.fn(() => new Promise<RecordedEvent[]>((resolve) => (release = resolve)));
    const rooms = new LotRooms(
      { readStream },
      () => 1,
      1000,
      () => undefined,
    );
    const first = rooms.lotFor('trackside', LOT);
    const second = rooms.lotFor('trackside', LOT);
    expect(rooms.fold(LOT, approved)).toBeNull();
    expect(rooms.fold(LOT, live)).toBeNull();
    release([created, approved]);
    const [view, again] = await Promise.all([first, second]);
    expect(readStream).toHaveBeenCalledTimes(1);
    expect(view).toBe(again);
    expect(view).toMatchObject({ status: 'LIVE', version: 3 });
    expect(rooms.fold(LOT, live)).toBeNull();
    const changed = rooms.fold(LOT, recorded(4, 'LotEndExtended', { newEnd: '2026-06-09T12:00:00.000Z' }));
    expect(changed?.pending).toEqual([expect.objectContaining({ type: 'LotEndExtended', version: 4 })]);
  });

  it('hides a lot from other brands and while it is pending, and forgets lots that do not exist', async () => {
    const streams = new Map([[`lot-${LOT}`, [created]]]);
    const rooms = new LotRooms(
      { readStream: async (id: string) => streams.get(id) ?? [] },
      () => 0,
      1000,
      () => undefined,
    );
    expect(await rooms.lotFor('trackside', LOT)).toBeNull();
    streams.set(`lot-${LOT}`, [created, approved]);
    const fresh = new LotRooms(
      { readStream: async (id: string) => streams.get(id) ?? [] },
      () => 0,
      1000,
      () => undefined,
    );
    expect(await fresh.lotFor('other', LOT)).toBeNull();
    expect(await fresh.lotFor('trackside', LOT)).toMatchObject({ status: 'APPROVED' });
    expect(await fresh.lotFor('trackside', 'missing')).toBeNull();
    expect(fresh.get('missing')).toBeUndefined();
  });

  it('lets a room go only after idleLotMs without watchers, and not while one is back', async () => {
    vi.useFakeTimers();
    let watchers = 0;
    const released: Room[] = [];
    const rooms = new LotRooms(
      { readStream: async () => [created, approved] },
      () => watchers,
      1000,
      (room) => released.push(room),
    );
    await rooms.lotFor('trackside', LOT);
    rooms.releaseIfIdle(LOT);
    watchers = 1;
    rooms.watched(LOT);
    vi.advanceTimersByTime(2000);
    expect(rooms.size).toBe(1);
    watchers = 0;
    rooms.releaseIfIdle(LOT);
    vi.advanceTimersByTime(999);
    expect(rooms.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(rooms.size).toBe(0);
    expect(released.map((room) => room.lotId)).toEqual([LOT]);
  });
});
