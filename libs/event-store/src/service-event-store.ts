import pg from 'pg';
import { EventStoreDbEventStore } from './esdb/esdb-event-store';
import type { EventStore } from './event-store.port';
import { migrateEventStoreSchema } from './postgres/event-store-schema';
import { OutboxRelay } from './postgres/outbox-relay';
import { PostgresEventStore } from './postgres/postgres-event-store';

/** Creates the eventstore schema (idempotent) on the database at this URL. Every service that appends calls it at boot. */
export async function migrateEventStoreAt(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateEventStoreSchema(pool);
  } finally {
    await pool.end();
  }
}

/**
 * A service's event store: the PostgreSQL adapter on its own pool on the shared database, or
 * EventStoreDB when `eventStoreUrl` is set (checkpoints and read models stay in PostgreSQL).
 * An idle connection the server closes (restart, fail-over) is reported, not thrown.
 */
export function openServiceEventStore(options: {
  databaseUrl: string;
  eventStoreUrl?: string | null;
  poolSize?: number;
  onIdleError: (error: Error) => void;
  /** The outbox relay (EventStoreDB only) could not append a batch; it retries on its next tick. */
  onRelayError?: (error: unknown) => void;
}): { pool: pg.Pool; store: EventStore; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 4 });
  pool.on('error', options.onIdleError);
  const store: EventStore = options.eventStoreUrl
    ? EventStoreDbEventStore.fromConnectionString(options.eventStoreUrl, pool)
    : new PostgresEventStore(pool);
  // Integration events written in a service's transaction wait in eventstore.outbox for EventStoreDB
  // (appendInTransaction); on the PostgreSQL store they are appended in that transaction and no relay runs.
  const relay = options.eventStoreUrl ? new OutboxRelay(pool, store, { onError: options.onRelayError }) : null;
  relay?.start();
  return {
    pool,
    store,
    close: async () => {
      await relay?.stop();
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}
