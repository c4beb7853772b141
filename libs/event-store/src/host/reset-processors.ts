import type pg from 'pg';
import { CHECKPOINT_MOVED_CHANNEL } from './log-tail';

/** What a rebuild resets: derived from the processors' definitions (`rebuildPlan`), never listed by hand. */
export interface RebuildPlan {
  tables: string[];
  checkpoints: string[];
}

/**
 * Empties the plan's tables and removes its processors' checkpoints in one transaction, then tells
 * the processors' leaders (on any instance) to read their checkpoint again, so each replays the
 * whole log (`npm run projections:rebuild` of every service).
 */
export async function resetProcessors(pool: pg.Pool, plan: RebuildPlan): Promise<void> {
  if (plan.tables.length === 0 && plan.checkpoints.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    if (plan.tables.length > 0) await client.query(`TRUNCATE ${plan.tables.join(', ')}`);
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
