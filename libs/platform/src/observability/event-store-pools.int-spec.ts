import { ServiceEventStore } from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from './metrics-registry';

const series = (text: string, service: string, state: string) =>
  new RegExp(`^trackside_db_pool_connections\\{service="${service}",pool="eventstore",state="${state}"\\} (\\d+)$`, 'm').exec(text);

// Issue 23: the event store's PostgreSQL pools are in the database pool gauge, by service and pool name.
describe('the event store pools on /metrics', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('event_store_pools');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("lists each open service event store's pool with its use, and drops it once closed", async () => {
    const first = new ServiceEventStore({ databaseUrl: database.url, service: 'pooltest-a', poolSize: 3, onIdleError: () => undefined });
    const second = new ServiceEventStore({ databaseUrl: database.url, service: 'pooltest-b', onIdleError: () => undefined });
    try {
      // Two connections of the first pool: one busy, one idle.
      const busy = await first.pool.connect();
      const idle = await first.pool.connect();
      idle.release();
      try {
        const text = await metricsRegistry.metrics();
        expect(series(text, 'pooltest-a', 'total')?.[1]).toBe('2');
        expect(series(text, 'pooltest-a', 'idle')?.[1]).toBe('1');
        expect(series(text, 'pooltest-a', 'waiting')?.[1]).toBe('0');
        expect(series(text, 'pooltest-b', 'total')?.[1]).toBe('0');
      } finally {
        busy.release();
      }
    } finally {
      await first.close();
    }
    const after = await metricsRegistry.metrics();
    expect(series(after, 'pooltest-a', 'total')).toBeNull();
    expect(series(after, 'pooltest-b', 'total')).not.toBeNull();
    await second.close();
    expect(series(await metricsRegistry.metrics(), 'pooltest-b', 'total')).toBeNull();
  });
});
