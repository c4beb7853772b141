import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import {
  LogTail,
  migrateEventStoreSchema,
  poolTransaction,
  PostgresEventStore,
  TailSubscription,
  type Checkpoint,
  type RecordedEvent,
  type SqlExecutor,
  type TailConsumer,
  type TransactionRunner,
} from '../src';
import { waitFor } from './contract/event-store.contract';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const uniquePrefix = (name: string): string => `${name}-${randomUUID().slice(0, 8)}-`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (events: RecordedEvent[]): string[] => events.map((event) => event.eventId);

/**
 * The processor host's invariant (docs/decisions.md, "One processor host and one log reader"): a
 * checkpointed handler sees each event after its committed checkpoint exactly once, whatever the
 * tail hands it, and the tail never feeds a consumer through a membership that ended.
 */
describe('tail deliveries (each event after the checkpoint exactly once)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_tail_delivery');
    pool = new pg.Pool({ connectionString: database.url, max: 10 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  const newTail = (): LogTail => new LogTail(pool.options as pg.ClientConfig);
  const appendTo = async (prefix: string, count: number): Promise<void> => {
    for (let i = 0; i < count; i += 1)
      await store.append(`${prefix}${randomUUID()}`, [{ type: 'Tick', data: {}, metadata }], { expectedVersion: 'any' });
  };
  const eventsOf = (prefix: string): Promise<RecordedEvent[]> => store.readAll({ filter: { streamPrefixes: [prefix] }, limit: 1000 });
  const rowOf = async (name: string): Promise<{ checkpoint: string; updated_at: Date } | undefined> =>
    (
      await pool.query<{ checkpoint: string; updated_at: Date }>(
        'SELECT checkpoint, updated_at FROM eventstore.checkpoints WHERE processor_name = $1',
        [name],
      )
    ).rows[0];

  /** A checkpointed processor on its own tail that has applied `applied` events, then taken out of the tail's step. */
  async function processorThatApplied(name: string, applied: number) {
    const prefix = uniquePrefix(name);
    const tail = newTail();
    const seen: string[] = [];
    const subscription = new TailSubscription<SqlExecutor>(
      pool,
      tail,
      `${name}-${prefix}`,
      async (events) => void seen.push(...ids(events)),
      { filter: { streamPrefixes: [prefix] }, pollIntervalMs: 50 },
      () => undefined,
    );
    await appendTo(prefix, applied);
    subscription.start();
    await subscription.caughtUp();
    await waitFor(() => seen.length === applied, 5000, `${applied} events applied`);
    // The tail stops feeding it: the test hands it deliveries itself.
    await tail.leave(subscription);
    return { prefix, tail, seen, subscription };
  }

  it('drops the events of a delivery at or before the committed checkpoint; one with nothing left writes nothing', async () => {
    const { prefix, seen, subscription } = await processorThatApplied('overlap', 5);
    await appendTo(prefix, 2);
    const events = await eventsOf(prefix);
    expect(events).toHaveLength(7);

    // Events 3..7 after event 2, while 1..5 are applied: only 6 and 7 are new.
    await subscription.deliver(events.slice(2), events[1]!.checkpoint);
    expect(seen).toEqual(ids(events));
    const row = await rowOf(subscription.processorName);
    expect(row?.checkpoint).toBe(events[6]!.checkpoint);

    // The same run again: nothing is handled and the checkpoint row is not written.
    await subscription.deliver(events.slice(4), events[3]!.checkpoint);
    expect(seen).toEqual(ids(events));
    expect(await rowOf(subscription.processorName)).toEqual(row);
    await subscription.stop();
  });

  it('refuses a delivery after a position beyond its checkpoint (a gap); the processor catches up on its own', async () => {
    const { prefix, tail, seen, subscription } = await processorThatApplied('gap', 5);
    await appendTo(prefix, 4);
    const events = await eventsOf(prefix);
    expect(events).toHaveLength(9);

    // Events 8..9 after event 7, while only 1..5 are applied: 6 and 7 would be skipped.
    await expect(subscription.deliver(events.slice(7), events[6]!.checkpoint)).rejects.toThrow();
    expect(seen).toEqual(ids(events.slice(0, 5)));
    expect((await rowOf(subscription.processorName))?.checkpoint).toBe(events[4]!.checkpoint);

    // The tail holds it in step too far ahead: its delivery is refused, it leaves and catches up.
    tail.join(subscription, events[6]!.checkpoint);
    await waitFor(() => seen.length >= 9, 5000, 'all nine events applied');
    await sleep(300);
    expect(seen).toEqual(ids(events));
    expect((await rowOf(subscription.processorName))?.checkpoint).toBe(events[8]!.checkpoint);
    await subscription.stop();
  });

  it('in step, a delivery from where the last one left it reads no events to look for a gap, even past skipped events', async () => {
    const prefix = uniquePrefix('in-step');
    const others = uniquePrefix('others');
    const tail = newTail();
    const seen: string[] = [];
    const eventReads: string[] = [];
    const inner = poolTransaction(pool);
    // Counts the statements that read the log inside the processor's own transactions.
    const counting: TransactionRunner<SqlExecutor> = (work) =>
      inner((exec) => {
        const watched: SqlExecutor = {
          query: (sql, params) => {
            if (/FROM eventstore\.events/i.test(sql)) eventReads.push(sql);
            return exec.query(sql, params);
          },
        };
        return work(watched, watched);
      });
    const subscription = new TailSubscription<SqlExecutor>(
      pool,
      tail,
      `in-step-${prefix}`,
      async (events) => void seen.push(...ids(events)),
      { filter: { streamPrefixes: [prefix] }, pollIntervalMs: 50, transaction: counting },
      () => undefined,
    );
    subscription.start();
    await subscription.caughtUp();
    eventReads.length = 0;
    for (let round = 1; round <= 10; round += 1) {
      // Events of other streams (the filter skips them; the tail reads them on their own and moves
      // past them), then one of its own.
      await appendTo(others, 2);
      await sleep(100);
      await appendTo(prefix, 1);
      await waitFor(() => seen.length === round, 5000, `event ${round} applied`);
    }
    expect(seen).toEqual(ids(await eventsOf(prefix)));
    expect(eventReads).toEqual([]);
    await subscription.stop();
  });

  /** A consumer of a real tail that records what it is handed; `slowFirst` makes its first delivery take that long. */
  function fakeConsumer(prefix: string, slowFirst = 0) {
    const deliveries: RecordedEvent[][] = [];
    const left: unknown[] = [];
    const consumer: TailConsumer = {
      filter: { streamPrefixes: [prefix] },
      pollIntervalMs: 5000,
      async deliver(events: RecordedEvent[]) {
        deliveries.push(events);
        if (deliveries.length === 1 && slowFirst > 0) await sleep(slowFirst);
      },
      leftStep: (error: unknown) => void left.push(error),
    };
    return { consumer, deliveries, left };
  }

  it('a slow delivery that completes after the consumer re-joined does not take it out of step again', async () => {
    const prefix = uniquePrefix('late-left');
    const tail = newTail();
    const { consumer, deliveries, left } = fakeConsumer(prefix, 900);
    tail.attach(consumer);
    tail.join(consumer, await store.headCheckpoint());
    await sleep(100);

    await appendTo(prefix, 1);
    await waitFor(() => deliveries.length === 1, 5000, 'the first delivery');
    await sleep(650); // past the 500 ms after which the tail lets a slow delivery finish alone
    // Meanwhile the consumer left and, having read that event on its own, joined again.
    void tail.leave(consumer);
    const [first] = await eventsOf(prefix);
    tail.join(consumer, first!.checkpoint);
    await sleep(600); // the slow delivery has completed
    expect(left).toEqual([]);

    await appendTo(prefix, 1);
    const events = await eventsOf(prefix);
    await waitFor(() => deliveries.length === 2, 5000, 'the tail still feeds it');
    expect(deliveries.map(ids)).toEqual([[events[0]!.eventId], [events[1]!.eventId]]);
    expect(left).toEqual([]);
    await tail.detach(consumer);
  });

  it('a read under way when the consumer left and re-joined is not handed to it through its old membership', async () => {
    const prefix = uniquePrefix('stale-member');
    const tail = newTail();
    const { consumer, deliveries } = fakeConsumer(prefix);
    tail.attach(consumer);
    tail.join(consumer, await store.headCheckpoint());
    await sleep(100);
    await tail.query('SELECT 1', []);

    // The tail's next read waits behind a slow statement on its connection.
    const blocker = tail.query('SELECT pg_sleep(0.6)', []);
    await appendTo(prefix, 3);
    tail.wake();
    await sleep(200);
    // Meanwhile the consumer left, read the three events on its own and joined again after them.
    await tail.leave(consumer);
    const events = await eventsOf(prefix);
    const through: Checkpoint = events[2]!.checkpoint;
    tail.join(consumer, through);
    await blocker;
    await sleep(300);
    expect(deliveries).toEqual([]);

    await appendTo(prefix, 1);
    const fourth = (await eventsOf(prefix))[3]!;
    await waitFor(() => deliveries.length === 1, 5000, 'the next event');
    expect(deliveries.map(ids)).toEqual([[fourth.eventId]]);
    await tail.detach(consumer);
  });
});
