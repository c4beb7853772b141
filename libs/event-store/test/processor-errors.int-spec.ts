import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateEventStoreSchema, PostgresEventStore, processorErrors } from '../src';
import { waitFor } from './contract/event-store.contract';

describe('processor errors (PostgreSQL subscription)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_processor_errors');
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('keeps the last failure of a batch for status pages and clears it once a batch succeeds', async () => {
    let calls = 0;
    const subscription = await store.subscribe(
      'flaky-processor',
      async () => {
        calls += 1;
        // Two failures: the error stays visible through the first back-off.
        if (calls <= 2) throw new Error('read model unavailable');
      },
      { filter: { streamPrefixes: ['flaky-'] }, pollIntervalMs: 20 },
    );
    try {
      await store.append('flaky-1', [{ type: 'Happened', data: {}, metadata: { brand: 'test', occurredAt: new Date().toISOString() } }], {
        expectedVersion: 'any',
      });
      await waitFor(() => processorErrors.lastError('flaky-processor') !== null, 5000, 'the failure recorded');
      expect(processorErrors.lastError('flaky-processor')?.message).toBe('read model unavailable');
      await waitFor(() => calls >= 3 && processorErrors.lastError('flaky-processor') === null, 5000, 'the failure cleared by the retry');
    } finally {
      await subscription.stop();
    }
  });
});
