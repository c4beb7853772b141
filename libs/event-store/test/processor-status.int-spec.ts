import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { FollowFromStart, migrateEventStoreSchema, PostgresEventStore, readProcessorStatuses, type SqlExecutor } from '../src';
import { waitFor } from './contract/event-store.contract';

const event = (type: string) => [{ type, data: {}, metadata: { brand: 'test', occurredAt: new Date().toISOString() } }];

describe('readProcessorStatuses (PostgreSQL event log)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let db: SqlExecutor;

  beforeAll(async () => {
    database = await createTestDatabase('es_processor_status');
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
    db = { query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[] };
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('counts the lag of a checkpointed processor against its own filter, with the age of the oldest event', async () => {
    const filter = { streamPrefixes: ['status-a-'], eventTypes: ['Counted'] };
    const subscription = await store.subscribe('status-a', async () => undefined, { filter, pollIntervalMs: 20 });
    await store.append('status-a-1', event('Counted'), { expectedVersion: 'any' });
    await subscription.caughtUp();
    await waitFor(async () => (await readProcessorStatuses(db, [{ name: 'status-a', filter }]))[0]?.position !== '', 5000, 'moved');
    await subscription.stop();

    await store.append('status-a-2', [...event('Counted'), ...event('Counted'), ...event('Ignored')], { expectedVersion: 'any' });
    await store.append('other-1', event('Counted'), { expectedVersion: 'any' });
    const later = new Date(Date.now() + 60_000);
    const watched = [
      { name: 'status-a', filter },
      { name: 'never-started', filter },
    ];
    const [status, ...rest] = await readProcessorStatuses(db, watched, later);
    expect(rest).toEqual([]);
    expect(status).toMatchObject({ name: 'status-a', kind: 'checkpoint', lagEvents: 2, lastError: null });
    expect(status!.position).toMatch(/^\d+\/\d+$/);
    expect(status!.lagSeconds).toBeGreaterThan(55);
    expect(status!.updatedAt).toBeInstanceOf(Date);
  });

  it('reports a named follower of this process: its position, lag and last failure, until it stops', async () => {
    const filter = { streamPrefixes: ['status-f-'] };
    const watched = [{ name: 'status-follower', filter, kind: 'follower' as const }];
    let fail = false;
    const follower = new FollowFromStart('status-follower');
    await follower.start(
      store,
      () => {
        if (fail) throw new Error('cache unavailable');
      },
      { filter, pollIntervalMs: 20 },
    );
    await store.append('status-f-1', event('Seen'), { expectedVersion: 'any' });
    await waitFor(async () => (await readProcessorStatuses(db, watched))[0]?.position !== '', 5000, 'follower moved');
    expect((await readProcessorStatuses(db, watched))[0]).toMatchObject({ name: 'status-follower', kind: 'follower', lagEvents: 0 });

    fail = true;
    await store.append('status-f-2', event('Seen'), { expectedVersion: 'any' });
    await waitFor(async () => (await readProcessorStatuses(db, watched))[0]?.lastError === 'cache unavailable', 5000, 'failure shown');
    expect((await readProcessorStatuses(db, watched))[0]!.lagEvents).toBe(1);

    fail = false;
    await waitFor(async () => (await readProcessorStatuses(db, watched))[0]?.lastError === null, 10_000, 'failure cleared');
    await follower.stop();
    expect(await readProcessorStatuses(db, watched)).toEqual([]);
  });
});
