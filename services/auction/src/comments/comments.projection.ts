import {
  decodeAccountEvent,
  decodeCommentEvent,
  decodeLotEvent,
  isLotStream,
  LOT_STREAM_PREFIX,
  lotIdOfStream,
  type AcceptedBid,
  type AccountStatusEventData,
  type CommentEvent,
} from '@trackside/contracts';
import type { EventFilter, RecordedEvent, SqlExecutor } from '@trackside/event-store';
import { bidEntryContent, COMMENT_EVENT_TYPES } from '../domain/comment.decider';
import { LOT_REPORT_EVENT_TYPES } from '../domain/lot-report.decider';
import { COMMENT_STREAM_PREFIX, LOT_REPORT_STREAM_PREFIX, USER_DELETED, USER_STREAM_PREFIX } from './comment-streams';
import { applyLotReportEvent, resolveCommentReports, resolveReportsInBlockedThreads } from './reports.projection';

/**
 * What the 'auction-comments' processor reads: the comment streams, the lots' report streams, the
 * lot events a thread needs (the lot's seller and currency, accepted bids) and identity's UserDeleted.
 */
export const COMMENTS_PROJECTION_FILTER: EventFilter = {
  streamPrefixes: [LOT_STREAM_PREFIX, USER_STREAM_PREFIX],
  eventTypes: ['LotCreated', 'LotUpdated', 'BidPlaced', ...COMMENT_EVENT_TYPES, ...LOT_REPORT_EVENT_TYPES, USER_DELETED],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (value: unknown): string | null => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null);
/** The codecs read a missing text as ''; the tables keep NULL for it. */
const orNull = (value: string | null | undefined): string | null => (value ? value : null);
const integer = (value: unknown): string | null =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value)) ? String(value) : null;
const instant = (value: unknown): string | null => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/**
 * Applies one recorded event to the comment tables, inside the processor's transaction. Returns
 * the lot whose thread changed, or null. Data is read through the contracts' codecs (older shapes
 * upgraded, an unreadable event skipped), and a malformed id never reaches a uuid column: a poison
 * event must not stall the processor.
 */
export async function applyCommentEvent(db: SqlExecutor, event: RecordedEvent): Promise<string | null> {
  const at = instant(event.metadata.occurredAt) ?? event.createdAt.toISOString();
  const brand = event.metadata.brand;
  if (event.streamId.startsWith(COMMENT_STREAM_PREFIX)) {
    const lotId = uuid(event.streamId.slice(COMMENT_STREAM_PREFIX.length));
    if (!lotId) return null;
    const comment = decodeCommentEvent(event);
    if (comment) await applyThreadEvent(db, event, lotId, comment, at, brand);
    await db.query(
      `INSERT INTO auction.comment_threads (lot_id, brand, version) VALUES ($1, $2, $3)
       ON CONFLICT (lot_id) DO UPDATE SET version = GREATEST(auction.comment_threads.version, EXCLUDED.version)`,
      [lotId, brand, event.version],
    );
    return lotId;
  }
  if (event.streamId.startsWith(LOT_REPORT_STREAM_PREFIX)) {
    const lotId = uuid(event.streamId.slice(LOT_REPORT_STREAM_PREFIX.length));
    if (!lotId) return null;
    await applyLotReportEvent(db, event, lotId, at, brand);
    return lotId;
  }
  if (event.streamId.startsWith(USER_STREAM_PREFIX)) {
    const account = event.type === USER_DELETED ? decodeAccountEvent(event) : null;
    if (account) await applyUserDeleted(db, account.data, at);
    return null;
  }
  // A lot's own stream only (its attempts stream shares the prefix), read through the lot codec.
  const lotId = uuid(lotIdOfStream(event.streamId));
  const lotEvent = lotId ? decodeLotEvent(event) : null;
  if (!lotId || !lotEvent) return null;
  switch (lotEvent.type) {
    case 'LotCreated':
      await db.query(
        `INSERT INTO auction.comment_threads (lot_id, brand, seller_id, currency) VALUES ($1, $2, $3, $4)
         ON CONFLICT (lot_id) DO UPDATE SET brand = EXCLUDED.brand, seller_id = EXCLUDED.seller_id, currency = EXCLUDED.currency`,
        [lotId, lotEvent.data.brand, uuid(lotEvent.data.sellerId), lotEvent.data.currency],
      );
      return null;
    case 'LotUpdated': {
      const currency = lotEvent.data.changes.currency;
      if (currency) await db.query(`UPDATE auction.comment_threads SET currency = $2 WHERE lot_id = $1`, [lotId, currency]);
      return null;
    }
    case 'BidPlaced':
      return (await applyBidPlaced(db, event, lotId, lotEvent.data, at, brand)) ? lotId : null;
    default:
      return null;
  }
}

/** A lot's accepted bid: the event the hot path produces most, applied in runs. */
export function isThreadBidPlaced(event: RecordedEvent): boolean {
  return event.type === 'BidPlaced' && isLotStream(event.streamId);
}

/**
 * A run of consecutive BidPlaced events in two statements (the lots' currencies, then one
 * multi-row insert), the same entries `applyBidPlaced` writes one by one. Returns the lots whose
 * thread changed.
 */
export async function applyBidsPlacedToThreads(db: SqlExecutor, events: RecordedEvent[]): Promise<string[]> {
  const rows: Array<{ bidId: string; lotId: string; brand: string; cents: string; bidderId: string; seq: string; at: string }> = [];
  for (const event of events) {
    const lotId = uuid(lotIdOfStream(event.streamId));
    const decoded = decodeLotEvent(event);
    if (decoded?.type !== 'BidPlaced') continue;
    const bid = decoded.data;
    const bidId = uuid(bid.bidId);
    // An early bid recorded without its bidder ('' from the codec) has no author: no thread entry.
    const bidderId = uuid(bid.bidderId);
    const cents = integer(bid.amountCents);
    if (!lotId || !bidId || !bidderId || cents === null) continue;
    const at = instant(bid.placedAt) ?? instant(event.metadata.occurredAt) ?? event.createdAt.toISOString();
    rows.push({ bidId, lotId, brand: event.metadata.brand, cents, bidderId, seq: event.globalPosition, at });
  }
  if (rows.length === 0) return [];
  const lotIds = [...new Set(rows.map((row) => row.lotId))];
  const threads = await db.query<{ lot_id: string; currency: string }>(
    `SELECT lot_id, currency FROM auction.comment_threads WHERE lot_id = ANY($1::uuid[])`,
    [lotIds],
  );
  const currencies = new Map(threads.map((thread) => [thread.lot_id, thread.currency]));
  await db.query(
    `INSERT INTO auction.comments (id, lot_id, brand, thread_of, content, is_bid, bid_amount_cents, author_id, author_name, author_type,
       author_removed, seq, created_at, updated_at)
     SELECT v.id, v.lot_id, v.brand, NULL, v.content, true, v.cents, v.author_id, NULL, 'user',
            EXISTS (SELECT 1 FROM auction.comment_removed_authors r WHERE r.user_id = v.author_id AND r.brand = v.brand), v.seq, v.at, v.at
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::uuid[], $7::bigint[], $8::timestamptz[])
         AS v(id, lot_id, brand, content, cents, author_id, seq, at)
     ON CONFLICT (id) DO NOTHING`,
    [
      rows.map((row) => row.bidId),
      rows.map((row) => row.lotId),
      rows.map((row) => row.brand),
      rows.map((row) => bidEntryContent(row.cents, currencies.get(row.lotId) ?? 'USD')),
      rows.map((row) => row.cents),
      rows.map((row) => row.bidderId),
      rows.map((row) => row.seq),
      rows.map((row) => row.at),
    ],
  );
  return lotIds;
}

/** An accepted bid becomes a thread entry: the amount with two decimals and the lot's currency. */
async function applyBidPlaced(
  db: SqlExecutor,
  event: RecordedEvent,
  lotId: string,
  bid: AcceptedBid,
  at: string,
  brand: string,
): Promise<boolean> {
  const bidId = uuid(bid.bidId);
  const bidderId = uuid(bid.bidderId);
  const cents = integer(bid.amountCents);
  if (!bidId || !bidderId || cents === null) return false;
  const [thread] = await db.query<{ currency: string }>(`SELECT currency FROM auction.comment_threads WHERE lot_id = $1`, [lotId]);
  await db.query(
    `INSERT INTO auction.comments (id, lot_id, brand, thread_of, content, is_bid, bid_amount_cents, author_id, author_name, author_type,
       author_removed, seq, created_at, updated_at)
     SELECT $1, $2, $3, NULL, $4, true, $5, $6, NULL, 'user', removed.flag, $7, $8, $8
       FROM (SELECT EXISTS (SELECT 1 FROM auction.comment_removed_authors WHERE user_id = $6 AND brand = $3) AS flag) removed
     ON CONFLICT (id) DO NOTHING`,
    [
      bidId,
      lotId,
      brand,
      bidEntryContent(cents, thread?.currency ?? 'USD'),
      cents,
      bidderId,
      event.globalPosition,
      instant(bid.placedAt) ?? at,
    ],
  );
  return true;
}

type CommentData<T extends CommentEvent['type']> = Extract<CommentEvent, { type: T }>['data'];

/** A new comment or reply; an author removed from the brand is stored without a name. */
async function insertComment(
  db: SqlExecutor,
  event: RecordedEvent,
  lotId: string,
  commentId: string,
  data: CommentData<'CommentAdded'>,
  at: string,
  brand: string,
): Promise<void> {
  const authorId = uuid(data.authorId);
  if (!authorId) return;
  await db.query(
    `INSERT INTO auction.comments (id, lot_id, brand, thread_of, content, is_bid, author_id, author_name, author_type, author_removed,
       seq, created_at, updated_at)
     SELECT $1, $2, $3, $4, $5, false, $6, CASE WHEN removed.flag THEN NULL ELSE $7 END, $8, removed.flag, $9, $10, $10
       FROM (SELECT EXISTS (SELECT 1 FROM auction.comment_removed_authors WHERE user_id = $6 AND brand = $3) AS flag) removed
     ON CONFLICT (id) DO NOTHING`,
    [
      commentId,
      lotId,
      brand,
      uuid(data.threadOf),
      data.content,
      authorId,
      data.authorName,
      data.authorType,
      event.globalPosition,
      instant(data.addedAt) ?? at,
    ],
  );
}

/** Blocks a comment's whole thread and answers the open reports inside closed threads of the lot. */
async function blockThread(
  db: SqlExecutor,
  lotId: string,
  commentId: string,
  data: CommentData<'CommentThreadBlocked'>,
  at: string,
): Promise<void> {
  const reason = orNull(data.reason);
  // The comment and every reply below it; a reply's own block reason, if any, is kept.
  await db.query(
    `WITH RECURSIVE thread AS (
       SELECT id FROM auction.comments WHERE id = $1 AND lot_id = $2
       UNION
       SELECT c.id FROM auction.comments c JOIN thread t ON c.thread_of = t.id WHERE c.lot_id = $2
     )
     UPDATE auction.comments SET blocked_thread = true, updated_at = $4,
       block_reason = CASE WHEN id = $1 THEN $3 ELSE COALESCE(block_reason, $3) END
     WHERE id IN (SELECT id FROM thread)`,
    [commentId, lotId, reason, at],
  );
  // Every open report inside a closed thread of this lot (this one and any earlier) is answered.
  await resolveReportsInBlockedThreads(db, lotId, { resolution: 'blocked', note: reason, by: orNull(data.blockedBy), at });
}

async function applyThreadEvent(
  db: SqlExecutor,
  event: RecordedEvent,
  lotId: string,
  comment: CommentEvent,
  at: string,
  brand: string,
): Promise<void> {
  const commentId = uuid(comment.data.commentId);
  if (!commentId) return;
  switch (comment.type) {
    case 'CommentAdded':
      await insertComment(db, event, lotId, commentId, comment.data, at, brand);
      return;
    case 'CommentLiked':
      // The first likes carried no running total: the row counts one more (the decider's evolve does the same).
      await db.query(`UPDATE auction.comments SET points = COALESCE($3::int, points + 1), updated_at = $4 WHERE id = $1 AND lot_id = $2`, [
        commentId,
        lotId,
        comment.data.points ?? null,
        at,
      ]);
      return;
    case 'CommentReported': {
      const data = comment.data;
      const reportId = uuid(data.reportId);
      const reporterId = uuid(data.reporterId);
      if (!reportId || !reporterId) return;
      await db.query(
        `INSERT INTO auction.comment_reports (id, comment_id, lot_id, brand, reporter_id, reason, content, resolved, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8) ON CONFLICT (id) DO NOTHING`,
        [reportId, commentId, lotId, brand, reporterId, data.reason, data.content, instant(data.reportedAt) ?? at],
      );
      return;
    }
    case 'CommentRemoved':
      await db.query(
        `UPDATE auction.comments SET removed = true, removed_by_staff = removed_by_staff OR $4, updated_at = $3 WHERE id = $1 AND lot_id = $2`,
        [commentId, lotId, at, comment.data.byStaff === true],
      );
      await resolveCommentReports(db, [commentId], {
        resolution: 'removed',
        note: comment.data.note ?? null,
        by: orNull(comment.data.removedBy),
        at,
      });
      return;
    case 'CommentBlocked':
      await db.query(`UPDATE auction.comments SET blocked = true, block_reason = $3, updated_at = $4 WHERE id = $1 AND lot_id = $2`, [
        commentId,
        lotId,
        orNull(comment.data.reason),
        at,
      ]);
      await resolveCommentReports(db, [commentId], {
        resolution: 'blocked',
        note: orNull(comment.data.reason),
        by: orNull(comment.data.blockedBy),
        at,
      });
      return;
    case 'CommentReportDismissed': {
      const data = comment.data;
      await resolveCommentReports(db, [commentId], {
        resolution: 'dismissed',
        note: data.note,
        by: orNull(data.dismissedBy),
        at: instant(data.dismissedAt) ?? at,
        reportIds: data.reportIds.map(uuid).filter((id): id is string => id !== null),
      });
      return;
    }
    case 'CommentThreadBlocked':
      await blockThread(db, lotId, commentId, comment.data, at);
      return;
    default:
      return;
  }
}

/** Identity deleted an account: its entries show 'Removed user' and lose the stored name. */
async function applyUserDeleted(db: SqlExecutor, data: AccountStatusEventData, at: string): Promise<void> {
  // The codec takes the brand from the metadata when the data lacks it.
  const userId = uuid(data.userId);
  const brand = data.brand;
  if (!userId || !brand) return;
  await db.query(
    `INSERT INTO auction.comment_removed_authors (user_id, brand, removed_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, brand) DO NOTHING`,
    [userId, brand, at],
  );
  await db.query(`UPDATE auction.comments SET author_removed = true, author_name = NULL WHERE author_id = $1 AND brand = $2`, [
    userId,
    brand,
  ]);
}
