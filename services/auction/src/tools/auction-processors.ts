import type { WatchedProcessor } from '@trackside/event-store';
import { COMMENTS_PROJECTOR } from '../comments/auction-comments.processor';
import { COMMENTS_PROJECTION_FILTER } from '../comments/comments.projection';
import { AUCTION_PROJECTOR, AUCTION_PROJECTOR_FILTER } from '../projections/auction-read-models.processor';
import { AUCTION_SEARCH_FILTER, AUCTION_SEARCH_PROCESSOR } from '../search/auction-search.processor';
import { LOT_REFERENCES_FILTER, LOT_REFERENCES_PROCESSOR } from '../references/lot-references.processor';

/**
 * The auction service's log consumers on the status page, with the filters they subscribe with
 * (imported from the processors, so the lag counts what each really reads). The brand feed relays
 * (`auction-feed:<brand>`) have their own status in the feed's staff queries.
 */
export const AUCTION_PROCESSORS: WatchedProcessor[] = [
  { name: AUCTION_PROJECTOR, filter: AUCTION_PROJECTOR_FILTER },
  { name: COMMENTS_PROJECTOR, filter: COMMENTS_PROJECTION_FILTER },
  { name: AUCTION_SEARCH_PROCESSOR, filter: AUCTION_SEARCH_FILTER },
  { name: LOT_REFERENCES_PROCESSOR, filter: LOT_REFERENCES_FILTER },
];
