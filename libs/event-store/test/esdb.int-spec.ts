import pg from 'pg';
import { describe } from 'vitest';
import { createTestDatabase } from '@trackside/testing';
import { EventStoreDbEventStore, migrateEventStoreSchema } from '../src';
import { describeEventStoreContract } from './contract/event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  // e.g. EVENTSTORE_URL='esdb://127.0.0.1:2113?tls=false' npm test
  describeEventStoreContract('EventStoreDB', async () => {
    const database = await createTestDatabase('es_esdb');
    const pool = new pg.Pool({ connectionString: database.url, max: 5 });
    await migrateEventStoreSchema(pool);
    const store = EventStoreDbEventStore.fromConnectionString(url, pool);
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
  describe.skip('EventStoreDB adapter contract (set EVENTSTORE_URL to run)', () => undefined);
}
