import { resetProcessors, type RebuildPlan } from '@trackside/event-store';
import type pg from 'pg';

export type { RebuildPlan };

/**
 * Empties every auction projection of the plan (the checkpointed processors' own tables) and
 * their checkpoints in one transaction, so their leaders replay the whole log into them (`npm run
 * projections:rebuild`; libs/event-store's resetProcessors). auction.email_outbox and the feed's
 * state are not projections: kept. A plan without tables resets nothing.
 */
export async function resetAuctionProjections(pool: pg.Pool, plan: RebuildPlan): Promise<void> {
  if (plan.tables.length === 0) return;
  await resetProcessors(pool, plan);
}
