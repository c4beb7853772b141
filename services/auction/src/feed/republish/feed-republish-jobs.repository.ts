import type { SqlExecutor } from '@trackside/event-store';
import type { FeedFailureKind } from '../feed-relay-error';

export type FeedRepublishStatus = 'PENDING' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';

export interface FeedRepublishJob {
  id: string;
  brand: string;
  status: FeedRepublishStatus;
  fromPosition: bigint | null;
  fromDate: Date | null;
  /** Where the job's reader starts (at or before the first event to re-publish). */
  startCheckpoint: string;
  startPosition: bigint;
  /** The head of the log when the job was created: the job's bound. */
  untilCheckpoint: string;
  untilPosition: bigint;
  scannedEvents: number;
  publishedEvents: number;
  currentPosition: bigint | null;
  lastError: string | null;
  lastErrorKind: FeedFailureKind | null;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
}

interface JobRow {
  id: string;
  brand: string;
  status: FeedRepublishStatus;
  from_position: string | null;
  from_date: Date | null;
  start_checkpoint: string;
  start_position: string;
  until_checkpoint: string;
  until_position: string;
  scanned_events: string;
  published_events: string;
  current_position: string | null;
  last_error: string | null;
  last_error_kind: string | null;
  requested_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

const COLUMNS = `id, brand, status, from_position::text AS from_position, from_date, start_checkpoint, start_position::text AS start_position,
  until_checkpoint, until_position::text AS until_position, scanned_events::text AS scanned_events,
  published_events::text AS published_events, current_position::text AS current_position, last_error, last_error_kind,
  requested_by, created_at, started_at, finished_at, updated_at`;

const toJob = (row: JobRow): FeedRepublishJob => ({
  id: row.id,
  brand: row.brand,
  status: row.status,
  fromPosition: row.from_position === null ? null : BigInt(row.from_position),
  fromDate: row.from_date,
  startCheckpoint: row.start_checkpoint,
  startPosition: BigInt(row.start_position),
  untilCheckpoint: row.until_checkpoint,
  untilPosition: BigInt(row.until_position),
  scannedEvents: Number(row.scanned_events),
  publishedEvents: Number(row.published_events),
  currentPosition: row.current_position === null ? null : BigInt(row.current_position),
  lastError: row.last_error,
  lastErrorKind: row.last_error_kind as FeedFailureKind | null,
  requestedBy: row.requested_by,
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  updatedAt: row.updated_at,
});

export const ACTIVE_REPUBLISH_STATUSES: readonly FeedRepublishStatus[] = ['PENDING', 'RUNNING'];

/** Re-publish jobs in `auction.feed_republish_jobs`. */
export class FeedRepublishJobsRepository {
  constructor(private readonly db: SqlExecutor) {}

  async create(job: FeedRepublishJob): Promise<void> {
    await this.db.query(
      `INSERT INTO auction.feed_republish_jobs (id, brand, status, from_position, from_date, start_checkpoint, start_position,
         until_checkpoint, until_position, requested_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [
        job.id,
        job.brand,
        job.status,
        job.fromPosition === null ? null : job.fromPosition.toString(),
        job.fromDate,
        job.startCheckpoint,
        job.startPosition.toString(),
        job.untilCheckpoint,
        job.untilPosition.toString(),
        job.requestedBy,
        job.createdAt,
      ],
    );
  }

  async find(id: string): Promise<FeedRepublishJob | null> {
    const [row] = await this.db.query<JobRow>(`SELECT ${COLUMNS} FROM auction.feed_republish_jobs WHERE id = $1`, [id]);
    return row ? toJob(row) : null;
  }

  async list(brand: string, limit: number): Promise<FeedRepublishJob[]> {
    const rows = await this.db.query<JobRow>(
      `SELECT ${COLUMNS} FROM auction.feed_republish_jobs WHERE brand = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [brand, limit],
    );
    return rows.map(toJob);
  }

  /** Waiting and running jobs, oldest first (all brands). */
  async active(): Promise<FeedRepublishJob[]> {
    const rows = await this.db.query<JobRow>(
      `SELECT ${COLUMNS} FROM auction.feed_republish_jobs WHERE status IN ('PENDING', 'RUNNING') ORDER BY created_at, id`,
    );
    return rows.map(toJob);
  }

  async hasActive(brand: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM auction.feed_republish_jobs WHERE brand = $1 AND status IN ('PENDING', 'RUNNING') LIMIT 1`,
      [brand],
    );
    return rows.length > 0;
  }

  /** Progress of a batch; the first one also marks the job RUNNING. Returns false when the job is no longer active. */
  async progress(id: string, scanned: number, published: number, currentPosition: string | null, at: Date): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `UPDATE auction.feed_republish_jobs SET status = 'RUNNING', started_at = COALESCE(started_at, $5),
         scanned_events = scanned_events + $2, published_events = published_events + $3,
         current_position = COALESCE($4::bigint, current_position), last_error = NULL, last_error_kind = NULL, updated_at = $5
       WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING id`,
      [id, scanned, published, currentPosition, at],
    );
    return rows.length > 0;
  }

  async recordError(id: string, kind: FeedFailureKind, message: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE auction.feed_republish_jobs SET last_error = $3, last_error_kind = $2, updated_at = $4
        WHERE id = $1 AND status IN ('PENDING', 'RUNNING')`,
      [id, kind, message.slice(0, 2000), at],
    );
  }

  /** Ends an active job; false when it had already ended. */
  async finish(id: string, status: 'DONE' | 'FAILED' | 'CANCELLED', at: Date, error: string | null = null): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `UPDATE auction.feed_republish_jobs SET status = $2, finished_at = $3, updated_at = $3,
         last_error = COALESCE($4, last_error),
         current_position = CASE WHEN $2 = 'DONE' THEN until_position ELSE current_position END
       WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING id`,
      [id, status, at, error],
    );
    return rows.length > 0;
  }
}
