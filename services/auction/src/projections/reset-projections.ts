import type pg from 'pg';
import { COMMENTS_PROJECTOR } from '../comments/comments-projection-runner';
import { AUCTION_SEARCH_PROCESSOR } from '../search/search-projection-runner';
import { AUCTION_PROJECTOR } from './projection-runner';

/**
 * Empties the auction read models, the search index, the comment threads and their processors'
 * checkpoints in one transaction. Whichever instance leads each processor then replays the whole
 * log into them (`npm run projections:rebuild`).
 */
export async function resetAuctionProjections(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('TRUNCATE auction.lots, auction.bids, auction.watchlist, auction.search_documents');
    // Comment threads and lot reports are projections too; auction.email_outbox is not (queued mail is kept).
    await client.query(
      'TRUNCATE auction.comments, auction.comment_reports, auction.comment_threads, auction.comment_removed_authors, auction.lot_reports',
    );
    await client.query('DELETE FROM eventstore.checkpoints WHERE processor_name = ANY($1)', [
      [AUCTION_PROJECTOR, AUCTION_SEARCH_PROCESSOR, COMMENTS_PROJECTOR],
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
