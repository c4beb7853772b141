import pg from 'pg';
import { describe } from 'vitest';
import { createTestDatabase } from '@trackside/testing';
import { EventStoreDbEventStore, migrateEventStoreSchema } from '../src';
import { describeEventStoreContract } from './contract/event-store.contract';

/**
 * The shared event store contract against EventStoreDB/KurrentDB, e.g.
 * `EVENTSTORE_URL='esdb://127.0.0.1:2113?tls=false' npx vitest run libs/event-store/test/esdb`.
 * Events go to that server; processor checkpoints to a fresh PostgreSQL test database.
 * No server can run on our build machines, so this is skipped there.
 */
const eventStoreUrl = process.env.EVENTSTORE_URL;

if (eventStoreUrl) {
  describeEventStoreContract('EventStoreDB', async () => {
    const database = await createTestDatabase('esdb');
    const pool = new pg.Pool({ connectionString: database.url, max: 5 });
    await migrateEventStoreSchema(pool);
    const store = new EventStoreDbEventStore(eventStoreUrl, pool);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await pool.end();
        await database.drop();
      },
    };
  });
} else {
  describe.skip('EventStoreDB adapter (set EVENTSTORE_URL to run)', () => undefined);
}
