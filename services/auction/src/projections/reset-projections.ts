import type pg from 'pg';
import { AUCTION_PROJECTOR } from './projection-runner';

/**
 * Empties the auction read models and their processor checkpoint in one transaction. Whichever
 * instance leads the processor then replays the whole log into them (`npm run projections:rebuild`).
 */
export async function resetAuctionProjections(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('TRUNCATE auction.lots, auction.bids, auction.watchlist');
    await client.query('DELETE FROM eventstore.checkpoints WHERE processor_name = $1', [AUCTION_PROJECTOR]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
