import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@trackside/testing';
import {
  START_CHECKPOINT,
  WrongExpectedVersionError,
  type Checkpoint,
  type EventFilter,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../../src/event-store.port';

/**
 * The event store port's contract: every adapter (PostgreSQL, EventStoreDB) must pass it. It uses
 * only the port, and unique stream prefixes per test, so it never depends on an empty store or on
 * other tests (or other test files sharing the server).
 *
 * Visibility: the port lets `readAll`, `headCheckpoint` and subscriptions lag an append ("newest
 * event currently visible to readers"): the PostgreSQL adapter hides a committed event while any
 * older transaction on the server is still in flight. So reads of the global log wait until the
 * expected events are visible, then assert exactly what was read; `append`/`readStream` are
 * read-your-writes.
 */
export function describeEventStoreContract(
  name: string,
  factory: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>,
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: (() => Promise<void>) | undefined;

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
    const refusal = async (append: Promise<unknown>): Promise<WrongExpectedVersionError> => {
      const outcome = await append.then(
        () => new Error('append was accepted'),
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(WrongExpectedVersionError);
      return outcome as WrongExpectedVersionError;
    };
    const types = (events: RecordedEvent[]): string[] => events.map((recorded) => recorded.type);

    /**
     * A consumer of the global log: pages of `pageSize` from a checkpoint, each page resuming after
     * the previous page's last checkpoint (never restarting), until `expected` events were read or
     * the time-out. Then it reads once more after the last checkpoint to show nothing is left.
     */
    const consume = async (filter: EventFilter, expected: number, pageSize = 1000, after: Checkpoint = START_CHECKPOINT) => {
      const out: RecordedEvent[] = [];
      let checkpoint = after;
      const deadline = Date.now() + 5000;
      while (out.length < expected && Date.now() < deadline) {
        const page = await store.readAll({ after: checkpoint, limit: pageSize, filter });
        expect(page.length).toBeLessThanOrEqual(pageSize);
        out.push(...page);
        if (page.length > 0) checkpoint = page[page.length - 1]!.checkpoint;
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await store.readAll({ after: checkpoint, limit: pageSize, filter })).toEqual([]);
      return { events: out, checkpoint };
    };

    describe('expected version', () => {
      it('no_stream creates a stream at version 1 and refuses an existing one', async () => {
        const stream = `${prefix()}a`;
        expect((await store.append(stream, [event('A')], { expectedVersion: 'no_stream' })).nextVersion).toBe(1);
        const refused = await refusal(store.append(stream, [event('B')], { expectedVersion: 'no_stream' }));
        expect(refused).toMatchObject({
          name: 'WrongExpectedVersionError',
          code: 'eventstore.wrongExpectedVersion',
          streamId: stream,
          expected: 'no_stream',
          actual: 1,
        });
        expect(refused.message).toContain(stream);
        expect(types(await store.readStream(stream))).toEqual(['A']);
      });

      it('stream_exists appends to an existing stream and refuses a missing one', async () => {
        const stream = `${prefix()}b`;
        const missing = await refusal(store.append(stream, [event('A')], { expectedVersion: 'stream_exists' }));
        expect(missing).toMatchObject({ streamId: stream, expected: 'stream_exists', actual: null });
        expect(await store.readStream(stream)).toEqual([]);
        await store.append(stream, [event('A')], { expectedVersion: 'no_stream' });
        expect((await store.append(stream, [event('B'), event('C')], { expectedVersion: 'stream_exists' })).nextVersion).toBe(3);
        expect((await store.append(stream, [event('D')], { expectedVersion: 'stream_exists' })).nextVersion).toBe(4);
      });

      it('an exact version appends only when it matches the current version', async () => {
        const stream = `${prefix()}c`;
        await store.append(stream, [event('A'), event('B')], { expectedVersion: 'no_stream' });
        expect(await refusal(store.append(stream, [event('X')], { expectedVersion: 1 }))).toMatchObject({
          streamId: stream,
          expected: 1,
          actual: 2,
        });
        expect(await refusal(store.append(stream, [event('X')], { expectedVersion: 5 }))).toMatchObject({ expected: 5, actual: 2 });
        expect((await store.append(stream, [event('C')], { expectedVersion: 2 })).nextVersion).toBe(3);
        expect((await store.append(stream, [event('D'), event('E')], { expectedVersion: 3 })).nextVersion).toBe(5);
        expect(types(await store.readStream(stream))).toEqual(['A', 'B', 'C', 'D', 'E']);
      });

      it('an exact version on a missing stream is refused with actual null; version 0 means no stream', async () => {
        const stream = `${prefix()}c0`;
        expect(await refusal(store.append(stream, [event('X')], { expectedVersion: 1 }))).toMatchObject({
          streamId: stream,
          expected: 1,
          actual: null,
        });
        expect((await store.append(stream, [event('A')], { expectedVersion: 0 })).nextVersion).toBe(1);
        expect(await refusal(store.append(stream, [event('B')], { expectedVersion: 0 }))).toMatchObject({ expected: 0, actual: 1 });
        expect(types(await store.readStream(stream))).toEqual(['A']);
      });

      it('any appends whatever the version, creating the stream when needed', async () => {
        const stream = `${prefix()}d`;
        expect((await store.append(stream, [event('A')], { expectedVersion: 'any' })).nextVersion).toBe(1);
        expect((await store.append(stream, [event('B'), event('C')], { expectedVersion: 'any' })).nextVersion).toBe(3);
        expect((await store.readStream(stream)).map((recorded) => recorded.version)).toEqual([1, 2, 3]);
      });

      it('refuses a malformed expected version without appending (not as a version conflict)', async () => {
        const stream = `${prefix()}bad`;
        for (const expectedVersion of [-1, 1.5, Number.NaN]) {
          const outcome = await store.append(stream, [event('A')], { expectedVersion }).then(
            () => 'accepted',
            (error: unknown) => error,
          );
          expect(outcome).toBeInstanceOf(Error);
          expect(outcome).not.toBeInstanceOf(WrongExpectedVersionError);
        }
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('recording and reading streams', () => {
      it('keeps event ids, types, data and metadata; versions are contiguous from 1', async () => {
        const stream = `${prefix()}e`;
        const eventId = randomUUID();
        const metadata = {
          brand: 'contract',
          actorId: null,
          correlationId: randomUUID(),
          causationId: randomUUID(),
          occurredAt: '2026-03-04T05:06:07.089Z',
          custom: { nested: [1, 'two', null] },
        };
        const data = { title: 'Lot “naïve” 🚗', cents: 12345, big: '9007199254740993', list: [1, 2, 3], nested: { ok: true, none: null } };
        const appended = await store.append(stream, [{ type: 'Created', data, metadata, eventId }, event('B'), event('C'), event('D')], {
          expectedVersion: 'no_stream',
        });
        expect(appended.nextVersion).toBe(4);
        expect(appended.globalPosition).toMatch(/^\d+$/);
        const all = await store.readStream(stream);
        expect(all.map((recorded) => recorded.version)).toEqual([1, 2, 3, 4]);
        expect(all[0]).toMatchObject({ eventId, streamId: stream, type: 'Created', version: 1, data, metadata });
        expect(all[0]!.metadata).toEqual(metadata);
        for (const recorded of all) {
          expect(recorded.createdAt).toBeInstanceOf(Date);
          expect(recorded.globalPosition).toMatch(/^\d+$/);
          expect(typeof recorded.checkpoint).toBe('string');
          expect(recorded.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
        }
        // Generated ids are distinct.
        expect(new Set(all.map((recorded) => recorded.eventId)).size).toBe(4);
        // The same record comes out of readAll.
        const { events } = await consume({ streamPrefixes: [stream] }, 4);
        expect(events.map((recorded) => recorded.eventId)).toEqual(all.map((recorded) => recorded.eventId));
        expect(events[0]).toMatchObject({ eventId, data, metadata, version: 1, streamId: stream });
      });

      it('readStream honours fromVersion and toVersion (both inclusive); a missing stream reads empty', async () => {
        const stream = `${prefix()}f`;
        await store.append(
          stream,
          ['A', 'B', 'C', 'D', 'E'].map((type) => event(type)),
          { expectedVersion: 'no_stream' },
        );
        expect(types(await store.readStream(stream, { fromVersion: 2, toVersion: 3 }))).toEqual(['B', 'C']);
        expect(types(await store.readStream(stream, { fromVersion: 4 }))).toEqual(['D', 'E']);
        expect(types(await store.readStream(stream, { toVersion: 2 }))).toEqual(['A', 'B']);
        expect(types(await store.readStream(stream, { fromVersion: 3, toVersion: 3 }))).toEqual(['C']);
        expect(await store.readStream(stream, { fromVersion: 6 })).toEqual([]);
        expect(await store.readStream(`${prefix()}missing`)).toEqual([]);
      });

      it('does not mix streams whose ids share a prefix', async () => {
        const p = prefix();
        await store.append(`${p}lot`, [event('A')], { expectedVersion: 'no_stream' });
        await store.append(`${p}lot-2`, [event('B')], { expectedVersion: 'no_stream' });
        expect(types(await store.readStream(`${p}lot`))).toEqual(['A']);
        expect((await store.append(`${p}lot`, [event('C')], { expectedVersion: 1 })).nextVersion).toBe(2);
      });
    });

    describe('reading the global log', () => {
      it('pages of any size yield every event exactly once, in checkpoint order, resuming after each page', async () => {
        const p = prefix();
        const appended: string[] = [];
        for (let round = 0; round < 3; round += 1) {
          for (let index = 0; index < 4; index += 1) {
            const events = [event('Even', { round, index }), event('Odd', { round, index })];
            await store.append(`${p}s${index}`, events, { expectedVersion: round === 0 ? 'no_stream' : round * 2 });
          }
        }
        const reference = (await consume({ streamPrefixes: [p] }, 24)).events;
        appended.push(...reference.map((recorded) => recorded.eventId));
        expect(reference).toHaveLength(24);
        expect(new Set(appended).size).toBe(24);
        for (let index = 1; index < reference.length; index += 1) {
          expect(store.compareCheckpoints(reference[index - 1]!.checkpoint, reference[index]!.checkpoint)).toBe(-1);
        }
        // Per stream, versions come in order.
        for (let index = 0; index < 4; index += 1) {
          const versions = reference.filter((recorded) => recorded.streamId === `${p}s${index}`).map((recorded) => recorded.version);
          expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
        }
        // Appended one after another, so the global order is the append order.
        expect(reference.map((recorded) => `${recorded.streamId}@${recorded.version}`)).toEqual(
          [0, 1, 2].flatMap((round) =>
            [0, 1, 2, 3].flatMap((index) => [`${p}s${index}@${round * 2 + 1}`, `${p}s${index}@${round * 2 + 2}`]),
          ),
        );
        for (const pageSize of [1, 2, 5, 7, 24, 25]) {
          const paged = await consume({ streamPrefixes: [p] }, 24, pageSize);
          expect(paged.events.map((recorded) => recorded.eventId)).toEqual(appended);
        }
        // Resuming after any event's checkpoint yields exactly the events after it.
        for (const cut of [0, 1, 11, 22, 23]) {
          const rest = await consume({ streamPrefixes: [p] }, 23 - cut, 5, reference[cut]!.checkpoint);
          expect(rest.events.map((recorded) => recorded.eventId)).toEqual(appended.slice(cut + 1));
        }
        // limit caps the page.
        expect(await store.readAll({ filter: { streamPrefixes: [p] }, limit: 3 })).toHaveLength(3);
      });

      it('filters by stream prefixes and event types (combined with AND), prefixes taken literally', async () => {
        const p = prefix();
        await store.append(`${p}lot-1`, [event('LotOpened'), event('BidPlaced')], { expectedVersion: 'no_stream' });
        await store.append(`${p}user-1`, [event('UserJoined'), event('BidPlaced')], { expectedVersion: 'no_stream' });
        await store.append(`${p}lotX1`, [event('LotOpened')], { expectedVersion: 'no_stream' });
        await store.append(`${p}lot_1`, [event('LotOpened')], { expectedVersion: 'no_stream' });
        await store.append(`${p}50%-off`, [event('Sale')], { expectedVersion: 'no_stream' });
        await store.append(`${p}50-off`, [event('Sale')], { expectedVersion: 'no_stream' });
        const all = (await consume({ streamPrefixes: [p] }, 8)).events;
        expect(all).toHaveLength(8);
        const ids = (events: RecordedEvent[]): string[] =>
          events.map((recorded) => `${recorded.streamId.slice(p.length)}:${recorded.type}`);

        expect(ids((await consume({ streamPrefixes: [`${p}lot-`] }, 2)).events)).toEqual(['lot-1:LotOpened', 'lot-1:BidPlaced']);
        // '_' and '%' are not wildcards.
        expect(ids((await consume({ streamPrefixes: [`${p}lot_`] }, 1)).events)).toEqual(['lot_1:LotOpened']);
        expect(ids((await consume({ streamPrefixes: [`${p}50%`] }, 1)).events)).toEqual(['50%-off:Sale']);
        // Several prefixes: any of them.
        expect(ids((await consume({ streamPrefixes: [`${p}user-`, `${p}lotX`] }, 3)).events)).toEqual([
          'user-1:UserJoined',
          'user-1:BidPlaced',
          'lotX1:LotOpened',
        ]);
        // Types and prefixes together.
        expect(ids((await consume({ streamPrefixes: [p], eventTypes: ['BidPlaced'] }, 2)).events)).toEqual([
          'lot-1:BidPlaced',
          'user-1:BidPlaced',
        ]);
        expect(ids((await consume({ streamPrefixes: [p], eventTypes: ['UserJoined', 'Sale'] }, 3)).events)).toEqual([
          'user-1:UserJoined',
          '50%-off:Sale',
          '50-off:Sale',
        ]);
        // A filtered read pages and resumes like an unfiltered one.
        const lotOpened = await consume({ streamPrefixes: [p], eventTypes: ['LotOpened'] }, 3, 1);
        expect(ids(lotOpened.events)).toEqual(['lot-1:LotOpened', 'lotX1:LotOpened', 'lot_1:LotOpened']);
        // A type filter alone (no prefix) still finds this test's events.
        const uniqueType = `Unique${randomUUID().slice(0, 8)}`;
        await store.append(`${p}typed`, [event(uniqueType)], { expectedVersion: 'no_stream' });
        expect(ids((await consume({ eventTypes: [uniqueType] }, 1)).events)).toEqual([`typed:${uniqueType}`]);
      });

      it('headCheckpoint covers every event read so far; compareCheckpoints is a total order', async () => {
        const p = prefix();
        await store.append(`${p}h`, [event('A'), event('B')], { expectedVersion: 'no_stream' });
        const { events } = await consume({ streamPrefixes: [p] }, 2);
        const [first, second] = events.map((recorded) => recorded.checkpoint) as [Checkpoint, Checkpoint];
        const head = await store.headCheckpoint();
        expect(store.compareCheckpoints(head, second)).toBeGreaterThanOrEqual(0);
        expect(await store.readAll({ after: head, filter: { streamPrefixes: [p] } })).toEqual([]);

        expect(store.compareCheckpoints(first, first)).toBe(0);
        expect(store.compareCheckpoints(first, second)).toBe(-1);
        expect(store.compareCheckpoints(second, first)).toBe(1);
        expect(store.compareCheckpoints(START_CHECKPOINT, first)).toBe(-1);
        expect(store.compareCheckpoints(first, START_CHECKPOINT)).toBe(1);
        expect(store.compareCheckpoints(START_CHECKPOINT, START_CHECKPOINT)).toBe(0);

        // A later append lies after the old head, and the head moves on to it.
        await store.append(`${p}h`, [event('C')], { expectedVersion: 2 });
        const later = await consume({ streamPrefixes: [p] }, 1, 10, head);
        expect(types(later.events)).toEqual(['C']);
        expect(store.compareCheckpoints(later.checkpoint, head)).toBe(1);
        const newHead = await store.headCheckpoint();
        expect(store.compareCheckpoints(newHead, later.checkpoint)).toBeGreaterThanOrEqual(0);
        expect(store.compareCheckpoints(newHead, head)).toBe(1);
      });
    });

    describe('appendMany', () => {
      it('answers each request alone: a conflict does not stop the others', async () => {
        const p = prefix();
        await store.append(`${p}taken`, [event('A')], { expectedVersion: 'no_stream' });
        await store.append(`${p}three`, [event('A'), event('B'), event('C')], { expectedVersion: 'no_stream' });
        const results = await store.appendMany([
          { streamId: `${p}one`, events: [event('A')], expectedVersion: 'no_stream' },
          { streamId: `${p}taken`, events: [event('B')], expectedVersion: 'no_stream' },
          { streamId: `${p}two`, events: [event('A'), event('B')], expectedVersion: 'any' },
          { streamId: `${p}three`, events: [event('D')], expectedVersion: 2 },
          { streamId: `${p}missing`, events: [event('A')], expectedVersion: 'stream_exists' },
          { streamId: `${p}three-ok`, events: [event('A')], expectedVersion: 0 },
        ]);
        expect(results).toHaveLength(6);
        expect(results[0]).toMatchObject({ nextVersion: 1 });
        expect(results[1]).toBeInstanceOf(WrongExpectedVersionError);
        expect(results[1]).toMatchObject({ streamId: `${p}taken`, expected: 'no_stream', actual: 1 });
        expect(results[2]).toMatchObject({ nextVersion: 2 });
        expect(results[3]).toBeInstanceOf(WrongExpectedVersionError);
        expect(results[3]).toMatchObject({ streamId: `${p}three`, expected: 2, actual: 3 });
        expect(results[4]).toBeInstanceOf(WrongExpectedVersionError);
        expect(results[4]).toMatchObject({ streamId: `${p}missing`, expected: 'stream_exists', actual: null });
        expect(results[5]).toMatchObject({ nextVersion: 1 });
        for (const index of [0, 2, 5]) expect((results[index] as { globalPosition: string }).globalPosition).toMatch(/^\d+$/);

        expect(types(await store.readStream(`${p}taken`))).toEqual(['A']);
        expect(types(await store.readStream(`${p}three`))).toEqual(['A', 'B', 'C']);
        expect(await store.readStream(`${p}missing`)).toEqual([]);
        expect(types(await store.readStream(`${p}two`))).toEqual(['A', 'B']);
        const { events } = await consume({ streamPrefixes: [p] }, 8);
        expect(events).toHaveLength(8);
        expect(await store.appendMany([])).toEqual([]);
      });
    });

    describe('concurrency', () => {
      it('concurrent appends with the same expected version: exactly one wins', async () => {
        const stream = `${prefix()}race`;
        await store.append(stream, [event('A')], { expectedVersion: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, index) => store.append(stream, [event('Race', { index })], { expectedVersion: 1 })),
        );
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        expect(won).toHaveLength(1);
        expect((won[0] as PromiseFulfilledResult<{ nextVersion: number }>).value.nextVersion).toBe(2);
        for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected')) {
          expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
          expect((outcome as PromiseRejectedResult).reason).toMatchObject({ streamId: stream, expected: 1, actual: 2 });
        }
        const recorded = await store.readStream(stream);
        expect(recorded.map((item) => item.version)).toEqual([1, 2]);
        const winner = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
        expect(recorded[1]!.data).toEqual({ index: winner });
      });

      it('concurrent creations with no_stream: exactly one wins', async () => {
        const stream = `${prefix()}create`;
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, index) =>
            store.append(stream, [event('Created', { index }), event('More')], { expectedVersion: 'no_stream' }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected')) {
          expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
        }
        expect((await store.readStream(stream)).map((item) => item.version)).toEqual([1, 2]);
      });

      it('concurrent appends with any all succeed, each in one contiguous block of versions', async () => {
        const stream = `${prefix()}any`;
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            store.append(stream, [event('First', { index }), event('Second', { index })], { expectedVersion: 'any' }),
          ),
        );
        expect(results.map((result) => result.nextVersion).sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
        const recorded = await store.readStream(stream);
        expect(recorded.map((item) => item.version)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
        for (let index = 0; index < 20; index += 2) {
          expect(recorded[index]!.type).toBe('First');
          expect(recorded[index + 1]).toMatchObject({ type: 'Second', data: recorded[index]!.data });
        }
      });
    });

    describe('subscriptions (default transaction)', () => {
      it('deliver every matching event once, in order, and resume from the checkpoint after stop/start', async () => {
        const p = prefix();
        const processor = `contract-${p}`;
        const seen: string[] = [];
        const handler = async (batch: RecordedEvent[]): Promise<void> => {
          for (const recorded of batch) seen.push(`${recorded.streamId.slice(p.length)}@${recorded.version}:${recorded.type}`);
        };
        const options = { filter: { streamPrefixes: [p], eventTypes: ['A', 'B', 'C', 'D'] }, pollIntervalMs: 50, batchSize: 2 };
        await store.append(`${p}x`, [event('A'), event('Skip'), event('B'), event('C')], { expectedVersion: 'no_stream' });
        await store.append(`${prefix()}other`, [event('A')], { expectedVersion: 'no_stream' });

        let subscription = await store.subscribe(processor, handler, options);
        expect(subscription.processorName).toBe(processor);
        await subscription.caughtUp();
        await waitFor(() => seen.length >= 3);
        expect(subscription.isLeader()).toBe(true);
        await store.append(`${p}y`, [event('D')], { expectedVersion: 'no_stream' });
        await waitFor(() => seen.length >= 4);
        await subscription.stop();
        expect(subscription.isLeader()).toBe(false);
        expect(seen).toEqual(['x@1:A', 'x@3:B', 'x@4:C', 'y@1:D']);

        // Appended while no instance runs, then picked up from the checkpoint (nothing re-delivered).
        await store.append(`${p}x`, [event('A'), event('D')], { expectedVersion: 4 });
        subscription = await store.subscribe(processor, handler, options);
        await waitFor(() => seen.length >= 6);
        await store.append(`${p}y`, [event('B')], { expectedVersion: 1 });
        await waitFor(() => seen.length >= 7);
        await subscription.stop();
        expect(seen).toEqual(['x@1:A', 'x@3:B', 'x@4:C', 'y@1:D', 'x@5:A', 'x@6:D', 'y@2:B']);

        // A different processor name starts from the beginning.
        const fresh: string[] = [];
        const other = await store.subscribe(
          `${processor}-other`,
          async (batch) => {
            fresh.push(...batch.map((recorded) => `${recorded.streamId.slice(p.length)}@${recorded.version}:${recorded.type}`));
          },
          options,
        );
        await waitFor(() => fresh.length >= 7);
        await other.stop();
        expect(fresh).toEqual(seen);
      });

      it('retry a failed batch: the checkpoint does not move past it and nothing is skipped', async () => {
        const p = prefix();
        await store.append(
          `${p}s`,
          ['A', 'B', 'C', 'D'].map((type) => event(type)),
          { expectedVersion: 'no_stream' },
        );
        const seen: string[] = [];
        const errors: unknown[] = [];
        let failOnce = true;
        const subscription = await store.subscribe(
          `contract-retry-${p}`,
          async (batch) => {
            if (failOnce && batch.some((recorded) => recorded.type === 'C')) {
              failOnce = false;
              throw new Error('transient');
            }
            seen.push(...types(batch));
          },
          { filter: { streamPrefixes: [p] }, batchSize: 2, pollIntervalMs: 50, onError: (error) => errors.push(error) },
        );
        await waitFor(() => seen.length >= 4);
        await subscription.stop();
        expect(seen).toEqual(['A', 'B', 'C', 'D']);
        expect(errors).toEqual([new Error('transient')]);
      });
    });
  });
}

/** Polls `condition` every 10 ms until it holds; fails after `timeoutMs` (the loop is libs/testing's eventually). */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition'): Promise<void> {
  await eventually(
    async () => {
      if (!(await condition())) throw new Error(`${what} not met within ${timeoutMs} ms`);
    },
    { timeoutMs, intervalMs: 10 },
  );
}
