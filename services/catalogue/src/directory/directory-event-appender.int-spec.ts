import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_EVENTS, directoryStreamId } from '@trackside/contracts';
import { migrateEventStoreSchema, OutboxRelay, PostgresEventStore, type EventStore } from '@trackside/event-store';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import type { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { DirectoryEventAppender } from './directory-event-appender';

/**
 * A directory change and its event commit together on either store (docs/decisions.md "Integration
 * events commit with their state change"): before, EventStoreDB got the event only after the
 * commit, from a callback a process that died right after the commit never ran.
 */
describe('DirectoryEventAppender', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let postgres: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('catalogue_dir_events');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await migrateEventStoreSchema(pool);
    await pool.query('CREATE TABLE entries (id uuid PRIMARY KEY)');
    postgres = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await postgres?.close();
    await pool?.end();
    await database?.drop();
  });

  /** Inserts the entry and appends its event in one transaction, then "dies" before or right after the commit. */
  async function cancelEntry(store: EventStore, id: string, dieBeforeCommit: boolean): Promise<void> {
    const appender = new DirectoryEventAppender({ store } as CatalogueEventStore);
    const client = await pool.connect();
    const manager = {
      query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
    } as unknown as EntityManager;
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO entries (id) VALUES ($1)', [id]);
      const data = { directoryId: id, brand: 'trackside', userId: randomUUID(), periodEnd: null };
      // Whatever append returns is dropped: the process is gone once the transaction ends.
      await appender.append(manager, 'trackside', id, [{ type: DIRECTORY_EVENTS.subscriptionCanceled, data }], new Date());
      if (dieBeforeCommit) throw new Error('process died before the commit');
      await client.query('COMMIT');
    } catch {
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  }

  const types = async (id: string): Promise<string[]> => (await postgres.readStream(directoryStreamId(id))).map((event) => event.type);

  it('on the PostgreSQL store: nothing for a rolled-back change, the event with a committed one', async () => {
    const rolledBack = randomUUID();
    await cancelEntry(postgres, rolledBack, true);
    expect(await types(rolledBack)).toEqual([]);
    const committed = randomUUID();
    await cancelEntry(postgres, committed, false);
    expect(await types(committed)).toEqual([DIRECTORY_EVENTS.subscriptionCanceled]);
  });

  it('on another store (EventStoreDB): a process that dies right after the commit still gets the event out, once', async () => {
    // Not the PostgreSQL adapter (as EventStoreDB is not); it keeps its streams where the test can read them.
    const foreign = {
      readStream: (streamId: string) => postgres.readStream(streamId),
      append: (...args: Parameters<EventStore['append']>) => postgres.append(...args),
    } as unknown as EventStore;
    const rolledBack = randomUUID();
    await cancelEntry(foreign, rolledBack, true);
    const committed = randomUUID();
    await cancelEntry(foreign, committed, false);
    // The next process's relay (openServiceEventStore starts one with EventStoreDB) finds the event.
    const relay = new OutboxRelay(pool, foreign);
    await relay.drain();
    await relay.drain();
    expect(await types(rolledBack)).toEqual([]);
    expect(await types(committed)).toEqual([DIRECTORY_EVENTS.subscriptionCanceled]);
  });
});
