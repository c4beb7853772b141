import type pg from 'pg';
import { AUCTION_PROJECTION_TABLES } from './projection-tables';

/**
 * Empties every auction projection (read models, search index, comment threads and reports; the
 * tables listed in projection-tables.ts) and their processors' checkpoints in one transaction.
 * Whichever instance leads each processor then replays the whole log into them
 * (`npm run projections:rebuild`). auction.email_outbox and the feed's state are not projections:
 * they are kept.
 */
export async function resetAuctionProjections(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${Object.values(AUCTION_PROJECTION_TABLES).flat().join(', ')}`);
    await client.query('DELETE FROM eventstore.checkpoints WHERE processor_name = ANY($1)', [Object.keys(AUCTION_PROJECTION_TABLES)]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
