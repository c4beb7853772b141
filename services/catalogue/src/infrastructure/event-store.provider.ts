import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import { EventStoreDbEventStore, PostgresEventStore, migrateEventStoreSchema, type EventStore } from '@trackside/event-store';
import pg from 'pg';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG, CATALOGUE_DATABASE_URL } from '../config/catalogue-config.token';

/** Creates the eventstore schema (idempotent). Every service that appends calls it at boot. */
export async function catalogueMigrateEventStore(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrateEventStoreSchema(pool);
  } finally {
    await pool.end();
  }
}

/**
 * The catalogue's event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set):
 * it appends the catalogue's integration events (brand auction configuration) and follows account status and payment events.
 */
@Injectable()
export class CatalogueEventStore implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  readonly store: EventStore;

  constructor(
    @Inject(CATALOGUE_CONFIG) config: CatalogueConfig,
    @Inject(CATALOGUE_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection the server closes (restart, fail-over) must not crash the process.
    const log = logger.child(CatalogueEventStore.name);
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
