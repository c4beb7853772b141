import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import {
  appendInTransaction,
  migrateEventStoreSchema,
  OutboxRelay,
  PostgresEventStore,
  sqlExecutorOf,
  type EventStore,
  type SqlExecutor,
  type TransactionalAppendRequest,
} from '../src';
import { waitFor } from './contract/event-store.contract';

const metadata = { brand: 'test', occurredAt: '2026-01-01T00:00:00.000Z' };
const request = (streamId: string, type: string, expectedVersion: 'any' | 'no_stream' = 'any'): TransactionalAppendRequest => ({
  streamId,
  events: [{ type, data: { streamId }, metadata }],
  expectedVersion,
});

/**
 * A store that is not the PostgreSQL adapter (as EventStoreDB is not): it keeps its events in
 * PostgreSQL streams under a prefix of its own, and can "crash" once right after an append.
 */
function foreignStore(inner: PostgresEventStore): EventStore & { crashAfterNextAppend: () => void; appends: () => number } {
  let crash = false;
  let appends = 0;
  const store = {
    readStream: (streamId: string) => inner.readStream(streamId),
    append: async (...args: Parameters<EventStore['append']>) => {
      const result = await inner.append(...args);
      appends += 1;
      if (crash) {
        crash = false;
        throw new Error('relay crashed after appending');
      }
      return result;
    },
    crashAfterNextAppend: () => (crash = true),
    appends: () => appends,
  };
  return store as unknown as EventStore & { crashAfterNextAppend: () => void; appends: () => number };
}

describe('appendInTransaction (integration events commit with their state change)', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  /** A row change and its event in one transaction; `failBeforeCommit` stands for a crash between the two former steps. */
  async function changeAndAnnounce(
    target: EventStore,
    key: string,
    requests: TransactionalAppendRequest[],
    options: { failBeforeCommit?: boolean } = {},
  ): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const exec: SqlExecutor = sqlExecutorOf(client);
      await exec.query('INSERT INTO rows_under_test (key) VALUES ($1)', [key]);
      await appendInTransaction(target, exec, requests);
      if (options.failBeforeCommit) throw new Error('process died before the commit');
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  const rowExists = async (key: string): Promise<boolean> =>
    (await pool.query('SELECT 1 FROM rows_under_test WHERE key = $1', [key])).rowCount === 1;
  const outboxSize = async (): Promise<number> => Number((await pool.query('SELECT count(*) AS n FROM eventstore.outbox')).rows[0].n);

  beforeAll(async () => {
    database = await createTestDatabase('es_tx_append');
    pool = new pg.Pool({ connectionString: database.url, max: 8 });
    await migrateEventStoreSchema(pool);
    await pool.query('CREATE TABLE rows_under_test (key text PRIMARY KEY)');
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  describe('on the PostgreSQL store', () => {
    it('a rolled-back change leaves no event; a committed one exactly one', async () => {
      const streamId = `tx-${randomUUID()}`;
      await expect(changeAndAnnounce(store, streamId, [request(streamId, 'Changed')], { failBeforeCommit: true })).rejects.toThrow(
        'process died',
      );
      expect(await rowExists(streamId)).toBe(false);
      expect(await store.readStream(streamId)).toEqual([]);

      await changeAndAnnounce(store, streamId, [request(streamId, 'Changed')]);
      expect(await rowExists(streamId)).toBe(true);
      expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Changed']);
      expect(await outboxSize()).toBe(0);
    });

    it('no_stream writes once: a second announcement of the same stream is skipped, not an error', async () => {
      const streamId = `once-${randomUUID()}`;
      await changeAndAnnounce(store, `${streamId}-a`, [request(streamId, 'Announced', 'no_stream')]);
      await changeAndAnnounce(store, `${streamId}-b`, [request(streamId, 'Announced', 'no_stream')]);
      expect((await store.readStream(streamId)).map((event) => event.version)).toEqual([1]);
    });
  });

  describe('on another store (EventStoreDB): the outbox and its relay', () => {
    it('a rolled-back change leaves nothing in the outbox; a committed one is relayed exactly once', async () => {
      const foreign = foreignStore(store);
      const relay = new OutboxRelay(pool, foreign);
      const streamId = `esdb-${randomUUID()}`;
      await expect(changeAndAnnounce(foreign, streamId, [request(streamId, 'Changed')], { failBeforeCommit: true })).rejects.toThrow();
      expect(await outboxSize()).toBe(0);

      await changeAndAnnounce(foreign, streamId, [request(streamId, 'Changed')]);
      // Committed, not yet relayed: nothing is in the store until the relay runs (and nothing is lost if it never ran yet).
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await outboxSize()).toBe(1);
      expect(await relay.drain()).toBe(1);
      expect(await relay.drain()).toBe(0);
      expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Changed']);
      expect(await outboxSize()).toBe(0);
    });

    it('a relay that crashes after appending and before deleting appends nothing twice when it runs again', async () => {
      const foreign = foreignStore(store);
      const relay = new OutboxRelay(pool, foreign);
      const first = `crash-${randomUUID()}`;
      const second = `crash-${randomUUID()}`;
      await changeAndAnnounce(foreign, first, [request(first, 'One'), request(second, 'Two')]);
      foreign.crashAfterNextAppend();
      await expect(relay.drain()).rejects.toThrow('relay crashed');
      expect(await outboxSize()).toBe(2);
      expect(await relay.drain()).toBe(2);
      expect((await store.readStream(first)).map((event) => event.type)).toEqual(['One']);
      expect((await store.readStream(second)).map((event) => event.type)).toEqual(['Two']);
      expect(await outboxSize()).toBe(0);
    });

    it('relays running together append each event once, in outbox order per stream', async () => {
      const foreign = foreignStore(store);
      const streamId = `order-${randomUUID()}`;
      for (let index = 0; index < 5; index += 1)
        await changeAndAnnounce(foreign, `${streamId}-${index}`, [request(streamId, `Step${index}`)]);
      const relays = [new OutboxRelay(pool, foreign, { batchSize: 2 }), new OutboxRelay(pool, foreign, { batchSize: 2 })];
      await Promise.all(relays.map((relay) => relay.drain()));
      // A relay that found the other holding the outbox stopped early: drain what is left.
      await relays[0]!.drain();
      expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Step0', 'Step1', 'Step2', 'Step3', 'Step4']);
      expect(await outboxSize()).toBe(0);
    });

    it('a started relay drains on its own and stops cleanly', async () => {
      const foreign = foreignStore(store);
      const streamId = `timer-${randomUUID()}`;
      const relay = new OutboxRelay(pool, foreign, { pollIntervalMs: 20 });
      relay.start();
      try {
        await changeAndAnnounce(foreign, streamId, [request(streamId, 'Later')]);
        await waitFor(async () => (await store.readStream(streamId)).length > 0, 5000, 'the relay to append');
        expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Later']);
      } finally {
        await relay.stop();
      }
    });
  });
});
