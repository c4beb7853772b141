import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  EventStoreDbEventStore,
  GroupCommitter,
  OutboxRelay,
  PostgresEventStore,
  migrateEventStoreAt,
  type EventStore,
} from '@trackside/event-store';
import pg from 'pg';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';

/** Creates the eventstore schema (idempotent); kept under this name for the auction's callers. */
export const migrateEventStore = migrateEventStoreAt;

/**
 * The service's event store: the PostgreSQL adapter on its own pool (or EventStoreDB when
 * EVENTSTORE_URL is set), with a group committer in front so appends of many lots share round trips.
 */
@Injectable()
export class EventStoreProvider implements OnApplicationShutdown {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly committer: GroupCommitter;
  /** EventStoreDB only: relays the integration events written in a transaction (email the seller) from eventstore.outbox. */
  private readonly relay: OutboxRelay | null;

  constructor(@Inject(AUCTION_CONFIG) config: AuctionConfig, @Inject('AUCTION_DATABASE_URL') databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
    this.store = config.EVENTSTORE_URL
      ? EventStoreDbEventStore.fromConnectionString(config.EVENTSTORE_URL, this.pool)
      : new PostgresEventStore(this.pool);
    this.committer = new GroupCommitter(this.store);
    this.relay = config.EVENTSTORE_URL ? new OutboxRelay(this.pool, this.store) : null;
    this.relay?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.store.close();
    await this.pool.end().catch(() => undefined);
  }
}
