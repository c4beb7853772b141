import type { EventFilter, SqlExecutor } from '../event-store.port';
import { followerPosition } from '../follow-from-start';
import { processorErrors } from '../processor-errors';
import { decodeCheckpoint } from './postgres-event-store';

/**
 * A log consumer a service lists for its status page: a checkpointed processor (its row in
 * `eventstore.checkpoints`) or a named in-memory follower (`FollowFromStart`, position of this
 * process only). `filter` is what it reads, so its lag counts only those events.
 */
export interface WatchedProcessor {
  name: string;
  filter: EventFilter;
  kind?: 'checkpoint' | 'follower';
  /**
   * A follower that reports itself instead of through `FollowFromStart`'s registry (the platform's
   * account status cache; the realtime gateway's lot follower): position, when it moved, last
   * failure, or null while it is not running.
   */
  report?: () => ReportedFollower | null;
}

export interface ReportedFollower {
  position: string;
  updatedAt: Date;
  lastError?: string | null;
  lastErrorAt?: Date | null;
}

export interface ProcessorStatus {
  name: string;
  kind: 'checkpoint' | 'follower';
  /** The checkpoint ("<transaction>/<position>"; empty before the first event). */
  position: string;
  /** Events of its filter after the position, counted up to `LAG_COUNT_LIMIT`. */
  lagEvents: number;
  /** Age of the oldest event it has not processed yet; 0 when caught up. */
  lagSeconds: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  updatedAt: Date;
}

/** The lag count stops here, so a processor far behind costs a bounded scan. */
export const LAG_COUNT_LIMIT = 100_000;

const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Where each listed processor stands (PostgreSQL event log): checkpointed ones that have a row,
 * followers running in this process, by name. The last error is this process's
 * (`processorErrors`): another instance may lead a checkpointed processor.
 */
export async function readProcessorStatuses(db: SqlExecutor, processors: WatchedProcessor[], now = new Date()): Promise<ProcessorStatus[]> {
  const checkpointed = processors.filter((processor) => (processor.kind ?? 'checkpoint') === 'checkpoint');
  const rows = await db.query<{ processor_name: string; checkpoint: string; updated_at: Date }>(
    `SELECT processor_name, checkpoint, updated_at FROM eventstore.checkpoints WHERE processor_name = ANY($1)`,
    [checkpointed.map((processor) => processor.name)],
  );
  const positions = new Map(rows.map((row) => [row.processor_name, { position: row.checkpoint, updatedAt: new Date(row.updated_at) }]));
  interface Found {
    processor: WatchedProcessor;
    kind: 'checkpoint' | 'follower';
    position: string;
    updatedAt: Date;
    reported: ReportedFollower | null;
  }
  const found = processors.flatMap((processor): Found[] => {
    const kind = processor.kind ?? 'checkpoint';
    if (processor.report) {
      const reported = processor.report();
      return reported ? [{ processor, kind, position: reported.position, updatedAt: reported.updatedAt, reported }] : [];
    }
    const at = kind === 'checkpoint' ? positions.get(processor.name) : followerPosition(processor.name);
    return at ? [{ processor, kind, position: at.position, updatedAt: at.updatedAt, reported: null }] : [];
  });
  const statuses = await Promise.all(
    found.map(async ({ processor, kind, position, updatedAt, reported }): Promise<ProcessorStatus> => {
      const lag = await readLag(db, position, processor.filter);
      // A self-reporting follower knows its own last failure; the others are in `processorErrors`.
      const failure = reported
        ? reported.lastError
          ? { message: reported.lastError, at: reported.lastErrorAt ?? null }
          : null
        : processorErrors.lastError(processor.name);
      return {
        name: processor.name,
        kind,
        position,
        lagEvents: lag.count,
        lagSeconds: lag.oldest ? Math.max(0, (now.getTime() - new Date(lag.oldest).getTime()) / 1000) : 0,
        lastError: failure?.message ?? null,
        lastErrorAt: failure?.at ?? null,
        updatedAt,
      };
    }),
  );
  return statuses.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Events of the filter after the checkpoint (bounded count) and the oldest one's time. */
async function readLag(db: SqlExecutor, checkpoint: string, filter: EventFilter): Promise<{ count: number; oldest: Date | null }> {
  const { transactionId, position } = decodeCheckpoint(checkpoint);
  const params: unknown[] = [transactionId, position];
  const clauses = ['(transaction_id, global_position) > ($1::xid8, $2::bigint)'];
  if (filter.streamPrefixes?.length) {
    params.push(filter.streamPrefixes.map(likePrefix));
    clauses.push(`stream_id LIKE ANY($${params.length})`);
  }
  if (filter.eventTypes?.length) {
    params.push(filter.eventTypes);
    clauses.push(`type = ANY($${params.length})`);
  }
  const [row] = await db.query<{ count: number; oldest: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM (
       SELECT created_at FROM eventstore.events WHERE ${clauses.join(' AND ')} ORDER BY transaction_id, global_position LIMIT ${LAG_COUNT_LIMIT}
     ) pending`,
    params,
  );
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}
