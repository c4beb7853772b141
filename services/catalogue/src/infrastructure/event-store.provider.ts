import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import { openServiceEventStore, type EventStore } from '@trackside/event-store';
import type pg from 'pg';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG, CATALOGUE_DATABASE_URL } from '../config/catalogue-config.token';

/**
 * The catalogue's event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set):
 * it appends the catalogue's integration events (brand auction configuration) and follows account status and payment events.
 */
@Injectable()
export class CatalogueEventStore implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  private readonly close: () => Promise<void>;

  constructor(
    @Inject(CATALOGUE_CONFIG) config: CatalogueConfig,
    @Inject(CATALOGUE_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    const log = logger.child(CatalogueEventStore.name);
    ({
      pool: this.pool,
      store: this.store,
      close: this.close,
    } = openServiceEventStore({
      databaseUrl,
      eventStoreUrl: config.EVENTSTORE_URL,
      onIdleError: (error) => log.warn('Idle event store connection failed', { error: error.message }),
    }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
