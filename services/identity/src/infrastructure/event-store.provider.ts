import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import { EventStoreDbEventStore, PostgresEventStore, migrateEventStoreSchema, type EventStore } from '@trackside/event-store';
import pg from 'pg';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG, IDENTITY_DATABASE_URL } from '../config/identity-config.token';

/** Creates the eventstore schema (idempotent). Every service that appends calls it at boot. */
export async function migrateEventStore(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateEventStoreSchema(pool);
  } finally {
    await pool.end();
  }
}

/**
 * Identity's own event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set,
 * like the other services): it appends the account status integration events and follows them.
 */
@Injectable()
export class IdentityEventStore implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  readonly store: EventStore;

  constructor(
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(IDENTITY_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection the server closes (restart, fail-over) must not crash the process.
    const log = logger.child(IdentityEventStore.name);
    this.pool.on('error', (error) => log.warn('Idle event store connection failed', { error: error.message }));
    this.store = config.EVENTSTORE_URL
      ? EventStoreDbEventStore.fromConnectionString(config.EVENTSTORE_URL, this.pool)
      : new PostgresEventStore(this.pool);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    await this.pool.end().catch(() => undefined);
  }
}
