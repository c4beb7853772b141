import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import { openServiceEventStore, type EventStore } from '@trackside/event-store';
import type pg from 'pg';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG, IDENTITY_DATABASE_URL } from '../config/identity-config.token';

/**
 * Identity's own event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set,
 * like the other services): it appends the account status integration events and follows them.
 */
@Injectable()
export class IdentityEventStore implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  private readonly close: () => Promise<void>;

  constructor(
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(IDENTITY_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    const log = logger.child(IdentityEventStore.name);
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
