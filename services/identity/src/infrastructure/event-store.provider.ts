import { Inject, Injectable } from '@nestjs/common';
import { ServiceEventStore } from '@trackside/event-store';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG, IDENTITY_DATABASE_URL } from '../config/identity-config.token';

/**
 * Identity's own event store on the shared database (or EventStoreDB when EVENTSTORE_URL is set,
 * like the other services): it appends the account status integration events and follows them.
 * The pool, store and close are the shared ServiceEventStore's (libs/event-store).
 */
@Injectable()
export class IdentityEventStore extends ServiceEventStore {
  constructor(
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    @Inject(IDENTITY_DATABASE_URL) databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    const log = logger.child(IdentityEventStore.name);
    super({
      databaseUrl,
      service: 'identity',
      eventStoreUrl: config.EVENTSTORE_URL,
      onIdleError: (error) => log.warn('Idle event store connection failed', { error: error.message }),
    });
  }
}
