import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineProcessor, type DefinedProcessor, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { applyBidsPlacedToThreads, applyCommentEvent, COMMENTS_PROJECTION_FILTER, isThreadBidPlaced } from './comments.projection';

export const COMMENTS_PROJECTOR = 'auction-comments';
/** The lot's comment stream, or its reports stream (`lot-reports-<lotId>`). */
export type ProjectedStream = 'comments' | 'reports';

/**
 * The comment tables, kept by their own checkpointed processor ('auction-comments') so a slow or
 * failing thread never holds back the lot read models. Each batch and the checkpoint commit in one
 * transaction; one instance leads.
 */
@Injectable()
export class AuctionCommentsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;
  /** Threads each batch changed, told to waiters once the batch has committed. */
  private readonly touched = new WeakMap<RecordedEvent[], Set<string>>();

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.processor = defineProcessor<SqlExecutor>({
      name: COMMENTS_PROJECTOR,
      filter: COMMENTS_PROJECTION_FILTER,
      mode: 'checkpointed',
      tables: [
        'auction.comments',
        'auction.comment_reports',
        'auction.comment_threads',
        'auction.comment_removed_authors',
        'auction.lot_reports',
      ],
      batchSize: 500,
      handle: async (batch, exec) => {
        this.touched.set(batch, await projectCommentBatch(exec, batch));
      },
    });
  }

  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  /** Version of the lot's comment stream (or of its reports stream) the tables reflect. */
  async projectedVersion(lotId: string, stream: ProjectedStream = 'comments'): Promise<number> {
    const column = stream === 'reports' ? 'reports_version' : 'version';
    const rows = (await this.db.query(`SELECT ${column} AS version FROM auction.comment_threads WHERE lot_id = $1`, [lotId])) as Array<{
      version: number;
    }>;
    return rows[0] ? Number(rows[0].version) : 0;
  }

  /**
   * Read-your-writes: waits (bounded) until the tables reflect at least `version` of the lot's
   * comment stream. On time-out the caller answers with what is projected.
   */
  waitForThreadVersion(lotId: string, version: number, timeoutMs: number, stream: ProjectedStream = 'comments'): Promise<boolean> {
    return this.processor.runtime.waitUntil(
      async () => (await this.projectedVersion(lotId, stream)) >= version,
      timeoutMs,
      (events) => this.touched.get(events)?.has(lotId) ?? false,
    );
  }

  async counts(): Promise<{ comments: number; reports: number }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*) FROM auction.comments)::int AS comments, (SELECT count(*) FROM auction.comment_reports)::int AS reports`,
    )) as Array<{ comments: number; reports: number }>;
    return row ?? { comments: 0, reports: 0 };
  }
}

/** One batch: runs of accepted bids (the hot path) applied together, anything else one by one, in order. */
async function projectCommentBatch(exec: SqlExecutor, batch: RecordedEvent[]): Promise<Set<string>> {
  const touched = new Set<string>();
  let bids: RecordedEvent[] = [];
  const flushBids = async (): Promise<void> => {
    for (const lotId of await applyBidsPlacedToThreads(exec, bids)) touched.add(lotId);
    bids = [];
  };
  for (const event of batch) {
    if (isThreadBidPlaced(event)) {
      bids.push(event);
      continue;
    }
    await flushBids();
    const lotId = await applyCommentEvent(exec, event);
    if (lotId) touched.add(lotId);
  }
  await flushBids();
  return touched;
}
