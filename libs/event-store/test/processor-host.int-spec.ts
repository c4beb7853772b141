import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import {
  CHECKPOINT_MOVED_CHANNEL,
  defineProcessor,
  migrateEventStoreSchema,
  PostgresEventStore,
  ProcessorHost,
  processorErrors,
  rebuildPlan,
  shareLogTailInProcess,
  sqlExecutorOf,
  type RecordedEvent,
  type SqlExecutor,
  type TransactionRunner,
} from '../src';
import { waitFor } from './contract/event-store.contract';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const newEvent = (type: string) => ({ type, data: {}, metadata });
const uniquePrefix = (name: string): string => `${name}-${randomUUID().slice(0, 8)}-`;

/** A pg transaction runner that counts the transactions it opens. */
function countingRunner(pool: pg.Pool) {
  const stats = { opened: 0, committed: 0 };
  const run: TransactionRunner<SqlExecutor> = async (work) => {
    stats.opened += 1;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const exec: SqlExecutor = { query: async (sql, params) => (await client.query(sql, params)).rows };
      const result = await work(exec, exec);
      await client.query('COMMIT');
      stats.committed += 1;
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  return { run, stats };
}

describe('processor host (one log reader per process)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_host');
    pool = new pg.Pool({ connectionString: database.url, max: 10 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  const checkpointOf = async (name: string): Promise<string | null> =>
    (await pool.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [name])).rows[0]
      ?.checkpoint ?? null;

  it('opens no transaction on an idle tick, nor for events outside its filter; one per batch with its events', async () => {
    const p = uniquePrefix('idle');
    const runner = countingRunner(pool);
    const seen: string[] = [];
    const processor = defineProcessor({
      name: `idle-${p}`,
      filter: { streamPrefixes: [p] },
      mode: 'checkpointed',
      handle: (events) => void seen.push(...events.map((event) => event.type)),
    });
    const host = new ProcessorHost({ store, transaction: runner.run as TransactionRunner<unknown>, pollIntervalMs: 20 });
    await host.start([processor]);
    try {
      await processor.runtime.caughtUp();
      const atStart = runner.stats.opened; // the catch-up read
      const reads = store.tail.reads;
      await waitFor(() => store.tail.reads >= reads + 10, 5000, 'ten idle reads');
      await store.append(`other-${p}x`, [newEvent('Unrelated')], { expectedVersion: 'any' });
      await waitFor(() => store.tail.reads >= reads + 15, 5000, 'five more reads');
      expect(runner.stats.opened).toBe(atStart);
      await store.append(`${p}s`, [newEvent('Mine')], { expectedVersion: 'any' });
      await waitFor(() => seen.length === 1, 2000);
      expect(runner.stats.opened).toBe(atStart + 1);
      const [mine] = await store.readStream(`${p}s`);
      expect(await checkpointOf(`idle-${p}`)).toBe(mine!.checkpoint);
    } finally {
      await host.stop();
    }
  });

  it('retries a failing batch with growing back-off, shows the failure, then clears it', async () => {
    const p = uniquePrefix('retry');
    const name = `retry-${p}`;
    const attempts: number[] = [];
    const heard: string[] = [];
    const processor = defineProcessor({
      name,
      filter: { streamPrefixes: [p] },
      mode: 'checkpointed',
      handle: () => {
        attempts.push(Date.now());
        if (attempts.length <= 3) throw new Error(`attempt ${attempts.length} failed`);
      },
      // The definition's own hook hears each failure too (the feed relay records and throttles its own).
      onError: (error) => heard.push(String(error)),
    });
    const errors: string[] = [];
    const host = new ProcessorHost({
      store,
      transaction: countingRunner(pool).run as TransactionRunner<unknown>,
      log: { error: (_message, fields) => errors.push(String(fields?.error)) },
    });
    await host.start([processor]);
    try {
      await processor.runtime.caughtUp();
      await store.append(`${p}s`, [newEvent('E')], { expectedVersion: 'no_stream' });
      await waitFor(() => attempts.length === 3, 5000, 'three failed attempts');
      // The failure is recorded after the batch's transaction rolled back, a moment after the handler threw.
      await waitFor(() => processorErrors.lastError(name)?.message === 'attempt 3 failed', 2000, 'the third failure shown');
      await waitFor(() => attempts.length === 4, 5000, 'the fourth attempt');
      const gaps = attempts.slice(1).map((at, index) => at - attempts[index]!);
      expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
      expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
      expect(errors).toEqual(['Error: attempt 1 failed', 'Error: attempt 2 failed', 'Error: attempt 3 failed']);
      expect(heard).toEqual(errors);
      await waitFor(() => processorErrors.lastError(name) === null, 2000, 'the failure cleared');
      const [event] = await store.readStream(`${p}s`);
      expect(await checkpointOf(name)).toBe(event!.checkpoint);
    } finally {
      await host.stop();
    }
  });

  it('waitFor resolves once the batch holding the position has committed; false on time-out', async () => {
    const p = uniquePrefix('wait');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const processor = defineProcessor({
      name: `wait-${p}`,
      filter: { streamPrefixes: [p] },
      mode: 'checkpointed',
      handle: async () => gate,
    });
    const host = new ProcessorHost({
      store,
      transaction: countingRunner(pool).run as TransactionRunner<unknown>,
      exec: sqlExecutorOf(pool),
    });
    await host.start([processor]);
    try {
      await processor.runtime.caughtUp();
      await store.append(`${p}s`, [newEvent('E')], { expectedVersion: 'no_stream' });
      const [event] = await store.readStream(`${p}s`);
      expect(await processor.runtime.waitFor(event!.checkpoint, 200)).toBe(false);
      const waiting = processor.runtime.waitFor(event!.checkpoint, 5000);
      release();
      expect(await waiting).toBe(true);
      expect(await checkpointOf(`wait-${p}`)).toBe(event!.checkpoint);
    } finally {
      release();
      await host.stop();
    }
  });

  it('stops in order: no new batch, the one under way commits, then the lock is released', async () => {
    const p = uniquePrefix('stop');
    const name = `stop-${p}`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    let entered = false;
    const processor = defineProcessor({
      name,
      filter: { streamPrefixes: [p] },
      mode: 'checkpointed',
      handle: async (events: RecordedEvent[]) => {
        entered = true;
        await gate;
        seen.push(...events.map((event) => event.type));
      },
    });
    const host = new ProcessorHost({ store, transaction: countingRunner(pool).run as TransactionRunner<unknown> });
    await host.start([processor]);
    await processor.runtime.caughtUp();
    await store.append(`${p}s`, [newEvent('InFlight')], { expectedVersion: 'no_stream' });
    await waitFor(() => entered, 2000);
    let stopped = false;
    const stopping = host.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false); // waits for the batch under way
    release();
    await stopping;
    const [event] = await store.readStream(`${p}s`);
    expect(await checkpointOf(name)).toBe(event!.checkpoint);
    const locks = await pool.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid::bigint = (hashtext($1)::bigint & 4294967295)`,
      [`processor:${name}`],
    );
    expect(locks.rowCount).toBe(0);
    await store.append(`${p}s`, [newEvent('AfterStop')], { expectedVersion: 1 });
    const reads = store.tail.reads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.tail.reads).toBe(reads);
    expect(seen).toEqual(['InFlight']);
  });

  it('wakes on NOTIFY within milliseconds; the safety poll finds a write nobody announced', async () => {
    const p = uniquePrefix('notify');
    const seen: Array<{ type: string; at: number }> = [];
    const live = defineProcessor({
      name: `notify-${p}`,
      filter: { streamPrefixes: [p] },
      mode: 'live',
      handle: (events) => void seen.push(...events.map((event) => ({ type: event.type, at: Date.now() }))),
    });
    const host = new ProcessorHost({ store, transaction: countingRunner(pool).run as TransactionRunner<unknown>, pollIntervalMs: 1000 });
    await host.start([live]);
    try {
      const appended = Date.now();
      await store.append(`${p}s`, [newEvent('Announced')], { expectedVersion: 'no_stream' });
      await waitFor(() => seen.length === 1, 1000);
      expect(seen[0]!.at - appended).toBeLessThan(200);
      // A row written without pg_notify: only the safety poll (here 1 s) finds it.
      const silentAt = Date.now();
      await pool.query(
        `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Silent', '{}', $3)`,
        [randomUUID(), `${p}silent`, JSON.stringify(metadata)],
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seen).toHaveLength(1);
      await waitFor(() => seen.length === 2, 3000, 'the safety poll');
      expect(seen[1]!.type).toBe('Silent');
      expect(seen[1]!.at - silentAt).toBeLessThan(2500);
    } finally {
      await host.stop();
    }
  });

  it('replays from the start when a rebuild resets its checkpoint and notifies, with no new event', async () => {
    const p = uniquePrefix('reset');
    const name = `reset-${p}`;
    const seen: string[] = [];
    const processor = defineProcessor({
      name,
      filter: { streamPrefixes: [p] },
      mode: 'checkpointed',
      handle: (events) => void seen.push(...events.map((event) => event.type)),
    });
    const host = new ProcessorHost({ store, transaction: countingRunner(pool).run as TransactionRunner<unknown> });
    await host.start([processor]);
    try {
      await processor.runtime.caughtUp();
      await store.append(`${p}s`, [newEvent('A'), newEvent('B')], { expectedVersion: 'no_stream' });
      await waitFor(() => seen.length === 2, 2000);
      const [, last] = await store.readStream(`${p}s`);
      await processor.runtime.waitFor(last!.checkpoint, 2000);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1 FOR UPDATE', [name]);
        await client.query(`UPDATE eventstore.checkpoints SET checkpoint = '' WHERE processor_name = $1`, [name]);
        await client.query(`SELECT pg_notify('${CHECKPOINT_MOVED_CHANNEL}', $1)`, [name]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await waitFor(() => seen.length === 4, 5000, 'the replay');
      expect(seen).toEqual(['A', 'B', 'A', 'B']);
    } finally {
      await host.stop();
    }
  });

  it('a slow processor leaves the step instead of holding back the others, then catches up in order', async () => {
    const p = uniquePrefix('slow');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowSeen: string[] = [];
    const fastSeen: Array<{ type: string; at: number }> = [];
    const slow = defineProcessor({
      name: `slow-${p}`,
      filter: { streamPrefixes: [p] },
      mode: 'live',
      handle: async (events) => {
        await gate;
        slowSeen.push(...events.map((event) => event.type));
      },
    });
    const fast = defineProcessor({
      name: `fast-${p}`,
      filter: { streamPrefixes: [p] },
      mode: 'live',
      handle: (events) => void fastSeen.push(...events.map((event) => ({ type: event.type, at: Date.now() }))),
    });
    const host = new ProcessorHost({ store, transaction: countingRunner(pool).run as TransactionRunner<unknown> });
    await host.start([slow, fast]);
    try {
      await store.append(`${p}s`, [newEvent('First')], { expectedVersion: 'no_stream' });
      await waitFor(() => fastSeen.length === 1, 2000);
      await new Promise((resolve) => setTimeout(resolve, 700)); // the slow one has left the step
      const appended = Date.now();
      await store.append(`${p}s`, [newEvent('Second')], { expectedVersion: 1 });
      await waitFor(() => fastSeen.length === 2, 2000);
      expect(fastSeen[1]!.at - appended).toBeLessThan(300);
      expect(slowSeen).toEqual([]);
      release();
      await waitFor(() => slowSeen.length === 2, 5000, 'the slow one catching up');
      expect(slowSeen).toEqual(['First', 'Second']);
      await store.append(`${p}s`, [newEvent('Third')], { expectedVersion: 2 });
      await waitFor(() => slowSeen.length === 3 && fastSeen.length === 3, 2000);
      expect(slowSeen).toEqual(['First', 'Second', 'Third']);
    } finally {
      release();
      await host.stop();
    }
  });

  it('shares one reader between the stores of a process when asked (the all-in-one)', async () => {
    shareLogTailInProcess(true);
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: database.url, max: 2 }));
    const [first, second] = pools.map((each) => new PostgresEventStore(each)) as [PostgresEventStore, PostgresEventStore];
    shareLogTailInProcess(false);
    try {
      expect(first.tail).toBe(second.tail);
      const p = uniquePrefix('shared');
      const seen: string[] = [];
      const delivered: RecordedEvent[][] = [[], []];
      const followers = await Promise.all(
        [first, second].map((target, index) =>
          target.follow(
            (events) => {
              seen.push(...events.map((event) => `${index}:${event.type}`));
              delivered[index]!.push(...events);
            },
            { filter: { streamPrefixes: [p] } },
          ),
        ),
      );
      await Promise.all(followers.map((follower) => follower.caughtUp()));
      await store.append(`${p}s`, [newEvent('E')], { expectedVersion: 'no_stream' });
      await waitFor(() => seen.length === 2, 2000);
      expect(seen.sort()).toEqual(['0:E', '1:E']);
      // One read for both: each store's consumer got the very object that read decoded. (Counting
      // reads is not a proof here: the wake-up of a join and a held-back retry behind another test's
      // open transaction are reads too.)
      expect(delivered[0]![0]).toBe(delivered[1]![0]);
      await Promise.all(followers.map((follower) => follower.stop()));
    } finally {
      await first.close();
      await second.close();
      await Promise.all(pools.map((each) => each.end()));
    }
  });

  it('derives the rebuild plan from the definitions: a new processor’s tables are reset without listing them anywhere else', () => {
    const handle = (): void => undefined;
    const definitions = [
      defineProcessor({ name: 'read-models', filter: {}, mode: 'checkpointed', tables: ['s.a', 's.b'], handle }),
      defineProcessor({ name: 'emails', filter: {}, mode: 'checkpointed', handle }),
      defineProcessor({ name: 'cache', filter: {}, mode: 'from-start', handle }),
      defineProcessor({ name: 'new-one', filter: {}, mode: 'checkpointed', tables: ['s.c'], handle }),
    ];
    expect(rebuildPlan(definitions)).toEqual({ tables: ['s.a', 's.b', 's.c'], checkpoints: ['read-models', 'new-one'] });
    expect(() => defineProcessor({ name: 'bad', filter: {}, mode: 'live', tables: ['s.x'], handle })).toThrow(/only a checkpointed/);
    expect(() => defineProcessor({ name: 'bad', filter: {}, mode: 'checkpointed', tables: ['x'], handle })).toThrow(/schema-qualified/);
  });
});
