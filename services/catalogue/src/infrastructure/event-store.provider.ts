import { Inject, Injectable } from '@nestjs/common';
import { ServiceEventStore } from '@trackside/event-store';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG, CATALOGUE_DATABASE_URL } from '../config/catalogue-config.token';

/**
 * The catalogue's event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set):
 * it appends the catalogue's integration events (brand auction configuration) and follows account
 * status and payment events. The pool, store and close are the shared ServiceEventStore's (libs/event-store).
 */
@Injectable()
export class CatalogueEventStore extends ServiceEventStore {
  constructor(
    @Inject(CATALOGUE_CONFIG) config: CatalogueConfig,
    @Inject(CATALOGUE_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    const log = logger.child(CatalogueEventStore.name);
    super({
      databaseUrl,
      service: 'catalogue',
      eventStoreUrl: config.EVENTSTORE_URL,
      onIdleError: (error) => log.warn('Idle event store connection failed', { error: error.message }),
    });
  }
}
