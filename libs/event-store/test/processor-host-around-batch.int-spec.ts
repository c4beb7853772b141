import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { defineProcessor, migrateEventStoreSchema, PostgresEventStore, ProcessorHost, type TransactionRunner } from '../src';
import { waitFor } from './contract/event-store.contract';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };

/** The host's `aroundBatch` hook (the platform's tracing puts a span per processor batch through it). */
describe('processor host aroundBatch', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('es_around_batch');
    pool = new pg.Pool({ connectionString: database.url, max: 5 });
    await migrateEventStoreSchema(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('wraps each batch of a checkpointed and of a follower processor, the handling inside the wrap', async () => {
    const p = `around-${randomUUID().slice(0, 8)}-`;
    const trail: string[] = [];
    const handle = (name: string) => (events: Array<{ type: string }>) => void trail.push(`${name} handles ${events.length}`);
    const checkpointed = defineProcessor({ name: `cp-${p}`, filter: { streamPrefixes: [p] }, mode: 'checkpointed', handle: handle('cp') });
    const follower = defineProcessor({ name: `live-${p}`, filter: { streamPrefixes: [p] }, mode: 'live', handle: handle('live') });
    const runner: TransactionRunner<unknown> = async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const exec = { query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows };
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
    const host = new ProcessorHost({
      store,
      transaction: runner,
      pollIntervalMs: 20,
      aroundBatch: async (processor, events, work) => {
        const name = processor.startsWith('cp-') ? 'cp' : 'live';
        trail.push(`${name} begins ${events}`);
        await work();
        trail.push(`${name} ends`);
      },
    });
    await host.start([checkpointed, follower]);
    try {
      await checkpointed.runtime.caughtUp();
      await store.append(
        `${p}s`,
        [
          { type: 'One', data: {}, metadata },
          { type: 'Two', data: {}, metadata },
        ],
        { expectedVersion: 'any' },
      );
      await waitFor(() => trail.filter((line) => line.endsWith('ends')).length === 2, 5000, 'both batches');
      for (const name of ['cp', 'live']) {
        expect(trail.filter((line) => line.startsWith(`${name} `))).toEqual([`${name} begins 2`, `${name} handles 2`, `${name} ends`]);
      }
    } finally {
      await host.stop();
    }
  });
});
