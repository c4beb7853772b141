import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineProcessor, type DefinedProcessor, type EventFilter, type SqlExecutor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import type { DataSource } from 'typeorm';
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
 * with the checkpoint; one instance leads.
 */
@Injectable()
export class AuctionSearchProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_INDEX) index: SearchIndex,
  ) {
    this.processor = defineProcessor<SqlExecutor>({
      name: AUCTION_SEARCH_PROCESSOR,
      filter: AUCTION_SEARCH_FILTER,
      mode: 'checkpointed',
      tables: ['auction.search_documents'],
      batchSize: 500,
      handle: async (batch, exec) => {
        await projectSearchBatch(index, batch, exec);
      },
    });
  }

  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  /** Documents in the index, for the rebuild report. */
  async count(): Promise<number> {
    const rows = (await this.db.query(`SELECT count(*)::int AS count FROM auction.search_documents`)) as Array<{ count: number }>;
    return Number(rows[0]?.count ?? 0);
  }
}
