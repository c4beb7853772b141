import { Inject, Injectable } from '@nestjs/common';
import { defineProcessor, type DefinedProcessor, type EventFilter, type SqlExecutor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import { LOT_STREAM_PREFIX } from '../lots/lot-streams';
import { SEARCH_EVENT_TYPES } from './lot-search-document';
import { BUILDING_TABLE, REBUILD_STATE_TABLE } from './postgres-search-index';
import { SEARCH_INDEX, type SearchIndex } from './search-index.port';
import { handleSearchBatch } from './search-batch';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const AUCTION_SEARCH_PROCESSOR = 'auction-search';
/** What it reads (its lag on the status page counts only these). */
export const AUCTION_SEARCH_FILTER: EventFilter = { streamPrefixes: [LOT_STREAM_PREFIX], eventTypes: SEARCH_EVENT_TYPES };

/**
 * Keeps the search index current from the lot events: its own checkpointed processor, apart from
 * the read models (a slow index never holds back the lot pages). One instance leads. In PostgreSQL
 * each batch of documents commits with the checkpoint. A rebuild (its checkpoint reset by
 * `projections:rebuild` or the back office) fills a fresh generation while searches keep reading
 * the old one, which it replaces when the replay reaches the head of the log (search-batch.ts):
 * on OpenSearch an index behind a building alias, on PostgreSQL the building table, which is what
 * `tables` lists (with the rebuild's state) for a reset to empty; the searched
 * `auction.search_documents` is never emptied (postgres-search-index.ts).
 */
@Injectable()
export class AuctionSearchProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;

  constructor(@Inject(SEARCH_INDEX) private readonly index: SearchIndex) {
    this.processor = defineProcessor<SqlExecutor>({
      name: AUCTION_SEARCH_PROCESSOR,
      filter: AUCTION_SEARCH_FILTER,
      mode: 'checkpointed',
      tables: [BUILDING_TABLE, REBUILD_STATE_TABLE],
      batchSize: 500,
      handle: async (batch, exec) => {
        await handleSearchBatch(index, batch, exec, { processorName: AUCTION_SEARCH_PROCESSOR, filter: AUCTION_SEARCH_FILTER });
      },
    });
  }

  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  /** Documents searches see, from whichever engine the deployment runs (the rebuild report). */
  count(): Promise<number> {
    return this.index.count();
  }
}
