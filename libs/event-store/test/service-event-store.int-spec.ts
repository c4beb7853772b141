import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateEventStoreAt, PostgresEventStore, ServiceEventStore } from '../src';

// Issue 19 part 6: every service's event-store provider is this one class (a subclass names only its tokens).
describe('ServiceEventStore (the services’ one event-store provider)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('es_service_store');
    await migrateEventStoreAt(database.url);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('opens the PostgreSQL store on its own pool of the given size and appends and reads through it', async () => {
    const idleErrors: Error[] = [];
    const events = new ServiceEventStore({
      databaseUrl: database.url,
      service: 'test',
      poolSize: 3,
      onIdleError: (error) => idleErrors.push(error),
    });
    try {
      expect(events.store).toBeInstanceOf(PostgresEventStore);
      expect(events.pool.options.max).toBe(3);
      await events.store.append(
        'svc-1',
        [{ type: 'Opened', data: {}, metadata: { brand: 'test', occurredAt: new Date(0).toISOString() } }],
        {
          expectedVersion: 'no_stream',
        },
      );
      expect((await events.store.readStream('svc-1')).map((event) => event.type)).toEqual(['Opened']);
      // An idle connection the server drops is reported to the service, not thrown at the process.
      events.pool.emit('error', new Error('terminating connection due to administrator command'));
      expect(idleErrors.map((error) => error.message)).toEqual(['terminating connection due to administrator command']);
    } finally {
      await events.close();
    }
  });

  it('closes once when the shutdown hook and the process exit path both ask', async () => {
    const events = new ServiceEventStore({ databaseUrl: database.url, service: 'test', onIdleError: () => undefined });
    await events.store.readStream('svc-none');
    await Promise.all([events.onApplicationShutdown(), events.close(), events.close()]);
    expect(events.pool.ended).toBe(true);
  });
});
