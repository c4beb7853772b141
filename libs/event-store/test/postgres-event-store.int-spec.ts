import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateEventStoreSchema, PostgresEventStore, type RecordedEvent, type SqlExecutor, type TransactionRunner } from '../src';
import { describeEventStoreContract, waitFor } from './contract/event-store.contract';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es_contract');
  const pool = new pg.Pool({ connectionString: database.url, max: 12 });
  await migrateEventStoreSchema(pool);
  const store = new PostgresEventStore(pool);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
});

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

/** Appends through the store's own SQL function inside a transaction the test controls. */
async function appendInOpenTransaction(client: pg.PoolClient, streamId: string, type: string): Promise<string> {
  const eventId = randomUUID();
  await client.query(
    `SELECT * FROM eventstore.append_events($1, -1, ARRAY[$2::uuid], ARRAY[$3::text], ARRAY['{}'::jsonb], ARRAY[$4::jsonb])`,
    [streamId, eventId, type, JSON.stringify(metadata)],
  );
  return eventId;
}

describe('PostgreSQL event store adapter', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_pg');
    pool = new pg.Pool({ connectionString: database.url, max: 30 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('appends in one round trip, for one stream and for many', async () => {
    const spy = vi.spyOn(pool, 'query');
    try {
      await store.append(
        `rt-${randomUUID()}`,
        [
          { type: 'A', data: {}, metadata },
          { type: 'B', data: {}, metadata },
        ],
        { expectedVersion: 'no_stream' },
      );
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      await store.appendMany(
        Array.from({ length: 25 }, () => ({
          streamId: `rt-${randomUUID()}`,
          events: [{ type: 'A', data: {}, metadata }],
          expectedVersion: 'any' as const,
        })),
      );
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('never skips an event whose transaction commits after a later one (out-of-order commit)', async () => {
    const p = `ooo-${randomUUID().slice(0, 8)}-`;
    const seen: RecordedEvent[] = [];
    const slow = await pool.connect();
    try {
      // Transaction 1 takes the earlier global position and stays open.
      await slow.query('BEGIN');
      const earlyId = await appendInOpenTransaction(slow, `${p}early`, 'Early');
      // Transaction 2 takes a later position and commits first.
      await store.append(`${p}late`, [{ type: 'Late', data: {}, metadata }], { expectedVersion: 'no_stream' });

      const subscription = await store.subscribe(
        `ooo-${p}`,
        async (batch) => {
          seen.push(...batch);
        },
        { filter: { streamPrefixes: [p] }, pollIntervalMs: 20 },
      );
      await subscription.caughtUp();
      // The committed later event is held back: handing it out now would move the checkpoint past
      // the open transaction's earlier position and lose that event for good.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toEqual([]);
      expect(await store.readAll({ filter: { streamPrefixes: [p] } })).toEqual([]);

      await slow.query('COMMIT');
      await waitFor(() => seen.length === 2);
      expect(seen.map((event) => event.type)).toEqual(['Early', 'Late']);
      expect(seen[0]!.eventId).toBe(earlyId);
      await subscription.stop();
    } finally {
      slow.release();
    }
  });

  it('concurrent writers with random commit delays and rollbacks: every committed event once, per-stream order kept', async () => {
    const p = `stress-${randomUUID().slice(0, 8)}-`;
    const committed = new Set<string>();
    const seen: RecordedEvent[] = [];
    const subscription = await store.subscribe(
      `stress-${p}`,
      async (batch) => {
        seen.push(...batch);
      },
      { filter: { streamPrefixes: [p] }, pollIntervalMs: 20, batchSize: 7 },
    );
    const writer = async (index: number): Promise<void> => {
      const client = await pool.connect();
      try {
        for (let round = 0; round < 40; round += 1) {
          // Half the appends go to one shared stream, so writers also queue on its row lock.
          const stream = round % 2 === 0 ? `${p}shared` : `${p}w${index}`;
          await client.query('BEGIN');
          const eventId = await appendInOpenTransaction(client, stream, 'Stress');
          await client.query('SELECT pg_sleep($1)', [Math.random() * 0.01]);
          if (Math.random() < 0.1) {
            await client.query('ROLLBACK');
          } else {
            await client.query('COMMIT');
            committed.add(eventId);
          }
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => writer(index)));
    await waitFor(() => seen.length >= committed.size, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await subscription.stop();

    const ids = seen.map((event) => event.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(committed);
    const lastVersion = new Map<string, number>();
    for (const event of seen) {
      const previous = lastVersion.get(event.streamId) ?? 0;
      expect(event.version).toBe(previous + 1);
      lastVersion.set(event.streamId, event.version);
    }
  });

  it('wakes on NOTIFY without waiting for the poll, and polls when no notification comes', async () => {
    const p = `wake-${randomUUID().slice(0, 8)}-`;
    const seen: string[] = [];
    const subscription = await store.subscribe(
      `wake-${p}`,
      async (batch) => {
        seen.push(...batch.map((event) => event.type));
      },
      { filter: { streamPrefixes: [p] }, pollIntervalMs: 60_000 },
    );
    await subscription.caughtUp();
    const started = Date.now();
    await store.append(`${p}a`, [{ type: 'Notified', data: {}, metadata }], { expectedVersion: 'no_stream' });
    await waitFor(() => seen.length === 1, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    // A row written without pg_notify is not seen until the (here: one-minute) poll.
    await pool.query(
      `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Silent', '{}', $3)`,
      [randomUUID(), `${p}silent`, JSON.stringify(metadata)],
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen).toEqual(['Notified']);
    await subscription.stop();

    // The same silent write is picked up by polling.
    const polled: string[] = [];
    const polling = await store.subscribe(
      `poll-${p}`,
      async (batch) => {
        polled.push(...batch.map((event) => event.type));
      },
      { filter: { streamPrefixes: [p] }, pollIntervalMs: 100 },
    );
    await polling.caughtUp();
    await pool.query(
      `INSERT INTO eventstore.events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, 1, 'Silent2', '{}', $3)`,
      [randomUUID(), `${p}silent2`, JSON.stringify(metadata)],
    );
    await waitFor(() => polled.includes('Silent2'), 3000);
    expect(polled).toEqual(['Notified', 'Silent', 'Silent2']);
    await polling.stop();
  });

  it('writes the checkpoint in the handler’s transaction: a failed batch leaves neither rows nor checkpoint', async () => {
    const p = `atomic-${randomUUID().slice(0, 8)}-`;
    const processor = `atomic-${p}`;
    await pool.query('CREATE TABLE IF NOT EXISTS applied (event_id uuid PRIMARY KEY, processor text NOT NULL)');
    const runner: TransactionRunner<SqlExecutor> = async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const exec: SqlExecutor = { query: async (sql, params) => (await client.query(sql, params)).rows };
        const result = await work(exec, exec);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    await store.append(
      `${p}s`,
      ['A', 'B', 'C', 'Boom', 'E', 'F'].map((type) => ({ type, data: {}, metadata })),
      { expectedVersion: 'no_stream' },
    );
    let failing = true;
    let failures = 0;
    const subscription = await store.subscribe<SqlExecutor>(
      processor,
      async (batch, tx) => {
        for (const event of batch) {
          // Plain INSERT: applying an event twice would violate the primary key.
          await tx.query('INSERT INTO applied (event_id, processor) VALUES ($1, $2)', [event.eventId, processor]);
          if (event.type === 'Boom' && failing) throw new Error('handler failed');
        }
      },
      { filter: { streamPrefixes: [p] }, batchSize: 2, transaction: runner, pollIntervalMs: 50, onError: () => (failures += 1) },
    );
    await waitFor(() => failures >= 1);
    const events = await store.readStream(`${p}s`);
    const rows = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM applied WHERE processor = $1', [processor]);
    expect(rows.rows[0]!.count).toBe(2);
    const checkpoint = await pool.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      processor,
    ]);
    expect(checkpoint.rows[0]!.checkpoint).toBe(events[1]!.checkpoint);

    failing = false;
    await waitFor(async () => {
      const result = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM applied WHERE processor = $1', [processor]);
      return result.rows[0]!.count === 6;
    });
    await subscription.caughtUp();
    await subscription.stop();
    const final = await pool.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      processor,
    ]);
    expect(final.rows[0]!.checkpoint).toBe(events[5]!.checkpoint);
  });

  it('runs each processor on one instance; the standby takes over without duplicates', async () => {
    const p = `lock-${randomUUID().slice(0, 8)}-`;
    const processor = `lock-${p}`;
    const otherPool = new pg.Pool({ connectionString: database.url, max: 5 });
    const otherStore = new PostgresEventStore(otherPool);
    const seen: Array<{ instance: string; id: string }> = [];
    const subscribe = (target: PostgresEventStore, instance: string) =>
      target.subscribe(
        processor,
        async (batch) => {
          seen.push(...batch.map((event) => ({ instance, id: event.eventId })));
        },
        { filter: { streamPrefixes: [p] }, pollIntervalMs: 50 },
      );
    try {
      const first = await subscribe(store, 'first');
      const second = await subscribe(otherStore, 'second');
      await waitFor(() => first.isLeader() || second.isLeader());
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([first.isLeader(), second.isLeader()].filter(Boolean)).toHaveLength(1);
      const [leader, standby] = first.isLeader() ? [first, second] : [second, first];
      const standbyName = first.isLeader() ? 'second' : 'first';

      for (let index = 0; index < 20; index += 1)
        await store.append(`${p}s`, [{ type: 'E', data: { index }, metadata }], { expectedVersion: 'any' });
      await waitFor(() => seen.length === 20);
      expect(seen.every((entry) => entry.instance !== standbyName)).toBe(true);

      await leader.stop();
      for (let index = 20; index < 40; index += 1)
        await store.append(`${p}s`, [{ type: 'E', data: { index }, metadata }], { expectedVersion: 'any' });
      await waitFor(() => seen.length === 40, 5000);
      expect(standby.isLeader()).toBe(true);
      expect(seen.slice(20).every((entry) => entry.instance === standbyName)).toBe(true);
      expect(new Set(seen.map((entry) => entry.id)).size).toBe(40);
      await standby.stop();
    } finally {
      await otherStore.close();
      await otherPool.end();
    }
  });
});
