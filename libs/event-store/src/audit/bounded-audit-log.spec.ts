import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppendResult, NewEvent, RecordedEvent } from '../event-store.port';
import { BoundedAuditLog, type AuditBounds, type AuditStore, type SuppressedAttempts } from './bounded-audit-log';

/** An in-memory store: streams of appended events. */
function memoryStore(): AuditStore & { streams: Map<string, NewEvent[]>; reads: number } {
  const streams = new Map<string, NewEvent[]>();
  const store = {
    streams,
    reads: 0,
    append: async (streamId: string, events: NewEvent[]): Promise<AppendResult> => {
      const stream = [...(streams.get(streamId) ?? []), ...events];
      streams.set(streamId, stream);
      return { nextVersion: stream.length, globalPosition: '0' };
    },
    readStream: async (streamId: string, options?: { fromVersion?: number; toVersion?: number }): Promise<RecordedEvent[]> => {
      store.reads += 1;
      const from = options?.fromVersion ?? 1;
      const to = options?.toVersion ?? Number.MAX_SAFE_INTEGER;
      return (streams.get(streamId) ?? [])
        .map((event, index) => ({ ...event, version: index + 1 }) as unknown as RecordedEvent)
        .filter((event) => event.version >= from && event.version <= to);
    },
  };
  return store;
}

const attempt = (streamId: string, key: string, tag = 'realtime.rateLimited') => ({
  streamId,
  key,
  tag,
  event: { type: 'BidRejected', data: { code: tag }, metadata: { brand: 'trackside', actorId: key, occurredAt: new Date().toISOString() } },
});

const summarize = (suppressed: SuppressedAttempts): NewEvent => ({
  type: 'BidRejectionsSuppressed',
  data: {
    count: suppressed.count,
    codes: suppressed.tags,
    from: suppressed.windowStart.toISOString(),
    to: suppressed.windowEnd.toISOString(),
  },
  metadata: suppressed.last.metadata,
});

const BOUNDS: AuditBounds = { perKeyPerWindow: 3, windowMs: 60_000, streamCap: 10, maxOpenWindows: 100 };

describe('BoundedAuditLog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records the first attempts of a key one by one and sums up the rest when the window closes', async () => {
    const store = memoryStore();
    const log = new BoundedAuditLog(store, BOUNDS, summarize, { now: () => Date.now() });
    const outcomes = [];
    for (let index = 0; index < 200; index += 1) outcomes.push(await log.record(attempt('lot-attempts-1', 'alice')));
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'suppressed')).toHaveLength(197);
    expect(store.streams.get('lot-attempts-1')).toHaveLength(3);

    await vi.advanceTimersByTimeAsync(60_000);
    await log.flush();
    const stream = store.streams.get('lot-attempts-1')!;
    expect(stream).toHaveLength(4);
    expect(stream[3]).toMatchObject({ type: 'BidRejectionsSuppressed', data: { count: 197, codes: { 'realtime.rateLimited': 197 } } });
    expect(log.openWindows()).toBe(0);
  });

  it('counts each key on its own and starts a fresh allowance in the next window', async () => {
    const store = memoryStore();
    const log = new BoundedAuditLog(store, { ...BOUNDS, streamCap: 100 }, summarize, { now: () => Date.now() });
    for (let index = 0; index < 5; index += 1) {
      await log.record(attempt('lot-attempts-1', 'alice'));
      await log.record(attempt('lot-attempts-1', 'bob', 'bid.invalid'));
    }
    expect(store.streams.get('lot-attempts-1')).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(60_000);
    await log.flush();
    // One summary per key.
    expect(store.streams.get('lot-attempts-1')!.filter((event) => event.type === 'BidRejectionsSuppressed')).toHaveLength(2);
    expect(await log.record(attempt('lot-attempts-1', 'alice'))).toBe('recorded');
  });

  it('never writes past the stream cap, summaries included', async () => {
    const store = memoryStore();
    const log = new BoundedAuditLog(store, { ...BOUNDS, perKeyPerWindow: 1 }, summarize, { now: () => Date.now() });
    for (let key = 0; key < 30; key += 1) {
      await log.record(attempt('lot-attempts-1', `bidder-${key}`));
      await log.record(attempt('lot-attempts-1', `bidder-${key}`));
    }
    await log.flush();
    expect(store.streams.get('lot-attempts-1')).toHaveLength(10);
    // The cap is learned once from the stream, then from the appends.
    expect(store.reads).toBe(1);
    // A new process learns that the stream is full with one read.
    const restarted = new BoundedAuditLog(store, BOUNDS, summarize);
    expect(await restarted.record(attempt('lot-attempts-1', 'late'))).toBe('dropped');
    expect(store.streams.get('lot-attempts-1')).toHaveLength(10);
  });

  it('drops every attempt of a window its admission refuses, without a summary', async () => {
    const store = memoryStore();
    const admit = vi.fn(async () => false);
    const log = new BoundedAuditLog(store, BOUNDS, summarize);
    for (let index = 0; index < 10; index += 1) expect(await log.record(attempt('lot-attempts-missing', 'alice'), admit)).toBe('dropped');
    await log.flush();
    expect(store.streams.has('lot-attempts-missing')).toBe(false);
    expect(admit).toHaveBeenCalledTimes(1);
  });

  it('bounds the open windows (memory) and survives a failing store', async () => {
    const store = memoryStore();
    const errors: unknown[] = [];
    const log = new BoundedAuditLog(store, { ...BOUNDS, maxOpenWindows: 2 }, summarize, { onError: (error) => errors.push(error) });
    expect(await log.record(attempt('lot-attempts-1', 'a'))).toBe('recorded');
    expect(await log.record(attempt('lot-attempts-2', 'b'))).toBe('recorded');
    expect(await log.record(attempt('lot-attempts-3', 'c'))).toBe('dropped');
    store.append = async () => {
      throw new Error('database down');
    };
    expect(await log.record(attempt('lot-attempts-1', 'a'))).toBe('dropped');
    expect(errors).toHaveLength(1);
  });
});
