import { decodeLotReportEvent } from '@trackside/contracts';
import type { RecordedEvent, SqlExecutor } from '@trackside/event-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (value: unknown): string | null => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null);
/** The codec reads a missing text as ''; the table keeps NULL for it. */
const orNull = (value: string | null | undefined): string | null => (value ? value : null);
const instant = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** How a report left the queue: staff dismissed it, or blocked or removed its comment. */
export interface Resolution {
  resolution: 'dismissed' | 'blocked' | 'removed';
  note: string | null;
  by: string | null;
  at: string;
  /** Only these reports (a dismissal names them); else every open report of the comments. */
  reportIds?: string[];
}

const RESOLVE = `resolved = true, resolution = $2, resolution_note = $3, resolved_by = $4, resolved_at = $5`;

/** Resolves the open reports of these comments (the first answer is kept: resolved reports stay as they were). */
export async function resolveCommentReports(db: SqlExecutor, commentIds: string[], how: Resolution): Promise<void> {
  if (commentIds.length === 0) return;
  const params = [commentIds, how.resolution, how.note, how.by, how.at];
  const only = how.reportIds ? ` AND id = ANY($6::uuid[])` : '';
  await db.query(
    `UPDATE auction.comment_reports SET ${RESOLVE} WHERE comment_id = ANY($1::uuid[]) AND NOT resolved${only}`,
    how.reportIds ? [...params, how.reportIds] : params,
  );
}

/** Resolves the open reports of a lot's comments that sit in a blocked thread. */
export async function resolveReportsInBlockedThreads(db: SqlExecutor, lotId: string, how: Resolution): Promise<void> {
  await db.query(
    `UPDATE auction.comment_reports SET ${RESOLVE}
      WHERE NOT resolved AND comment_id IN (SELECT id FROM auction.comments WHERE lot_id = $1 AND blocked_thread)`,
    [lotId, how.resolution, how.note, how.by, how.at],
  );
}

/**
 * Applies one event of `lot-reports-<lotId>` to `auction.lot_reports` and records the stream
 * version reflected (read-your-writes). Data is read through the contract's codec, as for the comment events.
 */
export async function applyLotReportEvent(db: SqlExecutor, event: RecordedEvent, lotId: string, at: string, brand: string) {
  const report = decodeLotReportEvent(event);
  switch (report?.type) {
    case 'LotReported': {
      const reportId = uuid(report.data.reportId);
      const reporterId = uuid(report.data.reporterId);
      if (!reportId || !reporterId) break;
      await db.query(
        `INSERT INTO auction.lot_reports (id, lot_id, brand, reporter_id, reason, content, resolved, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, false, $7) ON CONFLICT (id) DO NOTHING`,
        [reportId, lotId, brand, reporterId, report.data.reason, report.data.content, instant(report.data.reportedAt) ?? at],
      );
      break;
    }
    case 'LotReportDismissed': {
      const reportIds = report.data.reportIds.map(uuid).filter((id): id is string => id !== null);
      await db.query(`UPDATE auction.lot_reports SET ${RESOLVE} WHERE lot_id = $1 AND id = ANY($6::uuid[]) AND NOT resolved`, [
        lotId,
        'dismissed',
        report.data.note,
        orNull(report.data.dismissedBy),
        instant(report.data.dismissedAt) ?? at,
        reportIds,
      ]);
      break;
    }
    default:
      break;
  }
  await db.query(
    `INSERT INTO auction.comment_threads (lot_id, brand, reports_version) VALUES ($1, $2, $3)
     ON CONFLICT (lot_id) DO UPDATE SET reports_version = GREATEST(auction.comment_threads.reports_version, EXCLUDED.reports_version)`,
    [lotId, brand, event.version],
  );
}
