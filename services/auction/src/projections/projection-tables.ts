import { COMMENTS_PROJECTOR } from '../comments/comments-projection-runner';
import { AUCTION_SEARCH_PROCESSOR } from '../search/search-projection-runner';
import { AUCTION_PROJECTOR } from './projection-runner';
import { LOT_REFERENCES_PROCESSOR, LOT_REFERENCES_TABLES } from '../references/lot-references.processor';

/**
 * The tables each of the auction service's projections fills from the log, by processor name: a
 * rebuild empties exactly these and that processor's checkpoint. A table a projection writes must
 * be listed here (the rebuild e2e test checks every table of schema `auction` is listed here or in
 * `NOT_PROJECTED_TABLES`).
 */
export const AUCTION_PROJECTION_TABLES: Readonly<Record<string, readonly string[]>> = {
  [AUCTION_PROJECTOR]: ['auction.lots', 'auction.bids', 'auction.watchlist'],
  [AUCTION_SEARCH_PROCESSOR]: ['auction.search_documents'],
  [COMMENTS_PROJECTOR]: [
    'auction.comments',
    'auction.comment_reports',
    'auction.comment_threads',
    'auction.comment_removed_authors',
    'auction.lot_reports',
  ],
  [LOT_REFERENCES_PROCESSOR]: LOT_REFERENCES_TABLES,
};

/** Tables of schema `auction` that are not projections (state of their own, kept by a rebuild). */
export const NOT_PROJECTED_TABLES: readonly string[] = [
  'auction.migrations',
  'auction.email_outbox',
  'auction.feed_brand_settings',
  'auction.feed_relay_state',
  'auction.feed_republish_jobs',
];
