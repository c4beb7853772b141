import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { EventFilter, Subscription } from '@trackside/event-store';
import type { DataSource } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { LOT_STREAM_PREFIX } from '../lots/lot-streams';
import { SEARCH_EVENT_TYPES } from './lot-search-document';
import { SEARCH_INDEX, type SearchIndex } from './search-index.port';
import { projectSearchBatch } from './search-projection';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const AUCTION_SEARCH_PROCESSOR = 'auction-search';
/** What it reads (its lag on the status page counts only these). */
export const AUCTION_SEARCH_FILTER: EventFilter = { streamPrefixes: [LOT_STREAM_PREFIX], eventTypes: SEARCH_EVENT_TYPES };

/**
 * Keeps the search index current from the lot events: its own checkpointed processor, apart from
 * the read models (a slow index never holds back the lot pages). Each batch of documents commits
 * with the checkpoint; one instance leads. Rebuilt with the other projections
 * (`npm run projections:rebuild`).
 */
@Injectable()
export class SearchProjectionRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventStoreProvider,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(SearchProjectionRunner.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.PROJECTIONS_ENABLED) return;
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    // No `transaction` option: the adapter runs each batch and the checkpoint in one transaction
    // on its PostgreSQL pool and hands the handler that transaction.
    this.subscription = await this.events.store.subscribe(
      AUCTION_SEARCH_PROCESSOR,
      async (batch, tx) => {
        await projectSearchBatch(this.index, batch, tx);
      },
      {
        filter: AUCTION_SEARCH_FILTER,
        batchSize: 500,
        onError: (error) => this.log.error('Search index batch failed; retrying', { error: String(error) }),
      },
    );
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  /** Resolves once this instance (or the leader) has caught up with the log once. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  /** Documents in the index, for the rebuild report. */
  async count(): Promise<number> {
    const rows = (await this.db.query(`SELECT count(*)::int AS count FROM auction.search_documents`)) as Array<{ count: number }>;
    return Number(rows[0]?.count ?? 0);
  }
}
