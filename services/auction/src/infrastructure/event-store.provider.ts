import { Inject, Injectable } from '@nestjs/common';
import { GroupCommitter, migrateEventStoreAt, ServiceEventStore } from '@trackside/event-store';
import { APP_LOGGER, type JsonLogger } from '@trackside/platform';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';

/** Creates the eventstore schema (idempotent); kept under this name for the auction's callers. */
export const migrateEventStore = migrateEventStoreAt;

/**
 * The service's event store: the shared ServiceEventStore (libs/event-store: its own pool, or
 * EventStoreDB when EVENTSTORE_URL is set, with the outbox relay that EventStoreDB needs for the
 * integration events written in a transaction), with a group committer in front so appends of many
 * lots share round trips. The pool is larger than the other services': every bid appends through it.
 */
@Injectable()
export class EventStoreProvider extends ServiceEventStore {
  readonly committer: GroupCommitter;

  constructor(
    @Inject(AUCTION_CONFIG) config: AuctionConfig,
    @Inject('AUCTION_DATABASE_URL') databaseUrl: string,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    const log = logger.child(EventStoreProvider.name);
    super({
      databaseUrl,
      service: 'auction',
      eventStoreUrl: config.EVENTSTORE_URL,
      poolSize: 20,
      onIdleError: (error) => log.warn('Idle event store connection failed', { error: error.message }),
    });
    this.committer = new GroupCommitter(this.store, 500, config.EVENTSTORE_APPENDS_IN_FLIGHT);
  }
}
