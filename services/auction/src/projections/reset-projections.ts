import { CHECKPOINT_MOVED_CHANNEL } from '@trackside/event-store';
import type pg from 'pg';

/** What a rebuild resets: derived from the processors' definitions (`ServiceProcessorHost.rebuildPlan()`), never listed by hand. */
export interface RebuildPlan {
  tables: string[];
  checkpoints: string[];
}

/**
 * Empties every auction projection of the plan (the checkpointed processors' own tables) and
 * their checkpoints in one transaction, and tells the processors' leaders (on any instance) to
 * read their checkpoint again, so they replay the whole log into them (`npm run
 * projections:rebuild`). auction.email_outbox and the feed's state are not projections: kept.
 */
export async function resetAuctionProjections(pool: pg.Pool, plan: RebuildPlan): Promise<void> {
  if (plan.tables.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${plan.tables.join(', ')}`);
    await client.query('DELETE FROM eventstore.checkpoints WHERE processor_name = ANY($1)', [plan.checkpoints]);
    for (const name of plan.checkpoints) await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_MOVED_CHANNEL, name]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
