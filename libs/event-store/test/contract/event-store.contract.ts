import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type RecordedEvent } from '../../src/event-store.port';

/**
 * The event store port's contract: every adapter (PostgreSQL, EventStoreDB) must pass it. It uses
 * only the port, and unique stream prefixes per test, so it never depends on an empty store.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>,
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cleanup } = await factory());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const prefix = (): string => `c${randomUUID().slice(0, 8)}-`;
    const event = (type: string, data: unknown = {}, extra: Partial<NewEvent> = {}): NewEvent => ({
      type,
      data,
      metadata: { brand: 'contract', occurredAt: '2026-01-01T00:00:00.000Z', actorId: 'actor-1' },
      ...extra,
    });
    const readAllOf = async (streamPrefix: string, batch = 1000): Promise<RecordedEvent[]> => {
      const out: RecordedEvent[] = [];
      let after = '';
      for (;;) {
        const page = await store.readAll({ after, limit: batch, filter: { streamPrefixes: [streamPrefix] } });
        out.push(...page);
        if (page.length < batch) return out;
        after = page[page.length - 1]!.checkpoint;
      }
    };

    it('no_stream creates a stream at version 1 and refuses an existing one', async () => {
      const stream = `${prefix()}a`;
      const first = await store.append(stream, [event('A')], { expectedVersion: 'no_stream' });
      expect(first.nextVersion).toBe(1);
      const refused = await store.append(stream, [event('B')], { expectedVersion: 'no_stream' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WrongExpectedVersionError);
      expect(refused).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 1, code: 'eventstore.wrongExpectedVersion' });
    });

    it('stream_exists appends to an existing stream and refuses a missing one', async () => {
      const stream = `${prefix()}b`;
      const missing = await store.append(stream, [event('A')], { expectedVersion: 'stream_exists' }).catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(WrongExpectedVersionError);
      expect((missing as WrongExpectedVersionError).actual).toBeNull();
      await store.append(stream, [event('A')], { expectedVersion: 'no_stream' });
      expect((await store.append(stream, [event('B'), event('C')], { expectedVersion: 'stream_exists' })).nextVersion).toBe(3);
    });

    it('an exact version appends only when it matches', async () => {
      const stream = `${prefix()}c`;
      await store.append(stream, [event('A'), event('B')], { expectedVersion: 'no_stream' });
      const stale = await store.append(stream, [event('X')], { expectedVersion: 1 }).catch((error: unknown) => error);
      expect(stale).toBeInstanceOf(WrongExpectedVersionError);
      expect(stale).toMatchObject({ expected: 1, actual: 2 });
      const ahead = await store.append(stream, [event('X')], { expectedVersion: 5 }).catch((error: unknown) => error);
      expect(ahead).toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.append(stream, [event('C')], { expectedVersion: 2 })).nextVersion).toBe(3);
      expect((await store.readStream(stream)).map((recorded) => recorded.type)).toEqual(['A', 'B', 'C']);
    });

    it('any appends whatever the version, creating the stream when needed', async () => {
      const stream = `${prefix()}d`;
      expect((await store.append(stream, [event('A')], { expectedVersion: 'any' })).nextVersion).toBe(1);
      expect((await store.append(stream, [event('B')], { expectedVersion: 'any' })).nextVersion).toBe(2);
    });

    it('records ids, types, data, metadata and contiguous versions; readStream honours from/to', async () => {
      const stream = `${prefix()}e`;
      const eventId = randomUUID();
      await store.append(
        stream,
        [event('Created', { title: 'Lot', cents: 12345, nested: { ok: true } }, { eventId }), event('B'), event('C'), event('D')],
        {
          expectedVersion: 'no_stream',
        },
      );
      const all = await store.readStream(stream);
      expect(all.map((recorded) => recorded.version)).toEqual([1, 2, 3, 4]);
      expect(all[0]).toMatchObject({
        eventId,
        streamId: stream,
        type: 'Created',
        data: { title: 'Lot', cents: 12345, nested: { ok: true } },
        metadata: { brand: 'contract', actorId: 'actor-1', occurredAt: '2026-01-01T00:00:00.000Z' },
      });
      expect(all[0]!.createdAt).toBeInstanceOf(Date);
      expect((await store.readStream(stream, { fromVersion: 2, toVersion: 3 })).map((recorded) => recorded.type)).toEqual(['B', 'C']);
      expect(await store.readStream(`${prefix()}missing`)).toEqual([]);
    });

    it('readAll pages through every event exactly once, in order, with filters', async () => {
      const p = prefix();
      for (let index = 0; index < 5; index += 1) {
        await store.append(`${p}s${index}`, [event('Even', { index }), event('Odd', { index })], { expectedVersion: 'no_stream' });
      }
      const pagedSmall = await readAllOf(p, 3);
      const pagedLarge = await readAllOf(p, 100);
      expect(pagedSmall.map((recorded) => recorded.eventId)).toEqual(pagedLarge.map((recorded) => recorded.eventId));
      expect(pagedSmall).toHaveLength(10);
      expect(new Set(pagedSmall.map((recorded) => recorded.eventId)).size).toBe(10);
      for (let index = 1; index < pagedSmall.length; index += 1) {
        expect(store.compareCheckpoints(pagedSmall[index - 1]!.checkpoint, pagedSmall[index]!.checkpoint)).toBe(-1);
      }
      const odd = await store.readAll({ filter: { streamPrefixes: [p], eventTypes: ['Odd'] }, limit: 100 });
      expect(odd.map((recorded) => recorded.type)).toEqual(['Odd', 'Odd', 'Odd', 'Odd', 'Odd']);
      const head = await store.headCheckpoint();
      expect(store.compareCheckpoints(head, pagedSmall[pagedSmall.length - 1]!.checkpoint)).toBeGreaterThanOrEqual(0);
      expect(await store.readAll({ after: head, filter: { streamPrefixes: [p] } })).toEqual([]);
    });

    it('appendMany answers each request alone: one conflict does not stop the others', async () => {
      const p = prefix();
      await store.append(`${p}taken`, [event('A')], { expectedVersion: 'no_stream' });
      const results = await store.appendMany([
        { streamId: `${p}one`, events: [event('A')], expectedVersion: 'no_stream' },
        { streamId: `${p}taken`, events: [event('B')], expectedVersion: 'no_stream' },
        { streamId: `${p}two`, events: [event('A'), event('B')], expectedVersion: 'any' },
      ]);
      expect(results[0]).toMatchObject({ nextVersion: 1 });
      expect(results[1]).toBeInstanceOf(WrongExpectedVersionError);
      expect(results[2]).toMatchObject({ nextVersion: 2 });
      expect(await store.readStream(`${p}taken`)).toHaveLength(1);
    });

    it('concurrent appends with the same expected version: exactly one wins', async () => {
      const stream = `${prefix()}race`;
      await store.append(stream, [event('A')], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) => store.append(stream, [event('Race', { index })], { expectedVersion: 1 })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected')) {
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
      }
      expect((await store.readStream(stream)).map((recorded) => recorded.version)).toEqual([1, 2]);
    });

    it('a subscription delivers every matching event once, in order, and resumes from its checkpoint', async () => {
      const p = prefix();
      const processor = `contract-${p}`;
      const seen: string[] = [];
      await store.append(`${p}x`, [event('A'), event('B')], { expectedVersion: 'no_stream' });
      let subscription = await store.subscribe(
        processor,
        async (batch) => {
          for (const recorded of batch) seen.push(`${recorded.streamId}@${recorded.version}`);
        },
        { filter: { streamPrefixes: [p] }, pollIntervalMs: 50 },
      );
      await subscription.caughtUp();
      expect(seen).toEqual([`${p}x@1`, `${p}x@2`]);
      await store.append(`${p}x`, [event('C')], { expectedVersion: 2 });
      await waitFor(() => seen.length === 3);
      await subscription.stop();
      await store.append(`${p}y`, [event('D')], { expectedVersion: 'no_stream' });
      subscription = await store.subscribe(
        processor,
        async (batch) => {
          for (const recorded of batch) seen.push(`${recorded.streamId}@${recorded.version}`);
        },
        { filter: { streamPrefixes: [p] }, pollIntervalMs: 50 },
      );
      await subscription.caughtUp();
      await subscription.stop();
      expect(seen).toEqual([`${p}x@1`, `${p}x@2`, `${p}x@3`, `${p}y@1`]);
    });
  });
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
