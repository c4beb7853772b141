import pg from 'pg';
import { EventStoreDbEventStore } from './esdb/esdb-event-store';
import type { EventStore } from './event-store.port';
import { migrateEventStoreSchema } from './postgres/event-store-schema';
import { trackPool } from './postgres/open-pools';
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

export interface ServiceEventStoreOptions {
  databaseUrl: string;
  /** The service it serves: its pool is listed (`service`, pool `eventstore`) for the database pool gauge while open. */
  service: string;
  eventStoreUrl?: string | null;
  /** Connections of the service's own pool (default 4). */
  poolSize?: number;
  onIdleError: (error: Error) => void;
  /** The outbox relay (EventStoreDB only) could not append a batch; it retries on its next tick. */
  onRelayError?: (error: unknown) => void;
  /** false for a service that never writes integration events in its own transactions (no relay to run); default true. */
  relaysOutbox?: boolean;
}

export interface OpenServiceEventStore {
  pool: pg.Pool;
  store: EventStore;
  close: () => Promise<void>;
}

/**
 * A service's event store: the PostgreSQL adapter on its own pool on the shared database, or
 * EventStoreDB when `eventStoreUrl` is set (checkpoints and read models stay in PostgreSQL).
 * An idle connection the server closes (restart, fail-over) is reported, not thrown.
 */
export function openServiceEventStore(options: ServiceEventStoreOptions): OpenServiceEventStore {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 4 });
  pool.on('error', options.onIdleError);
  const untrack = trackPool(options.service, 'eventstore', pool);
  const store: EventStore = options.eventStoreUrl
    ? EventStoreDbEventStore.fromConnectionString(options.eventStoreUrl, pool)
    : new PostgresEventStore(pool);
  // Integration events written in a service's transaction wait in eventstore.outbox for EventStoreDB
  // (appendInTransaction); on the PostgreSQL store they are appended in that transaction and no relay runs.
  const relay =
    options.eventStoreUrl && options.relaysOutbox !== false ? new OutboxRelay(pool, store, { onError: options.onRelayError }) : null;
  relay?.start();
  let closing: Promise<void> | null = null;
  return {
    pool,
    store,
    // Once: a service's shutdown and its process's exit path may both ask.
    close: () =>
      (closing ??= (async () => {
        await relay?.stop();
        await store.close();
        await pool.end().catch(() => undefined);
        untrack();
      })()),
  };
}

/**
 * The one event-store provider every service's module registers (issue 19 part 6): each service
 * subclasses it only to name its own config and database URL tokens (services/<name>/src/infrastructure/
 * event-store.provider.ts), so the pool, the store choice, the outbox relay and the orderly close
 * live here once. Nest calls `onApplicationShutdown` (a structural match; no Nest import here).
 */
export class ServiceEventStore {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  private readonly closeStore: () => Promise<void>;

  constructor(options: ServiceEventStoreOptions) {
    ({ pool: this.pool, store: this.store, close: this.closeStore } = openServiceEventStore(options));
  }

  close(): Promise<void> {
    return this.closeStore();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
