/**
 * The one reader of comment-thread and lot-report events' data (see lot-event.codec.ts for the
 * tolerance rules). Older versions: CommentRemoved before staff removal (`byStaff` absent = the
 * author's own); CommentLiked before its running total (`points` absent = one more like); a report reason outside today's list reads as OTHER; the lot id comes from the
 * stream (`lot-comments-<lotId>`, `lot-reports-<lotId>`) when the data lacks it.
 */
import { z } from 'zod';
import { COMMENT_REPORT_REASONS } from '../errors/comment-error-codes';
import { dataOf, parseOrNull, recordedAt, text, textList, textOr, textOrNull, withDefaults, type RecordedLike } from '../codec/event-codec';
import {
  COMMENT_EVENT_TYPES,
  LOT_REPORT_EVENT_TYPES,
  type CommentEvent,
  type CommentEventType,
  type LotReportEvent,
  type LotReportEventType,
} from './comment-events';
import { parseStreamId } from './stream-ids';

const reason = z.enum(COMMENT_REPORT_REASONS).catch('OTHER');
const blocked = z.object({ commentId: text, lotId: text, blockedBy: textOr(''), reason: textOr(''), blockedAt: text });

const COMMENT_SCHEMAS: Record<CommentEventType, z.ZodType> = {
  CommentAdded: z.object({
    commentId: text,
    lotId: text,
    authorId: text,
    authorName: textOrNull,
    authorType: z.enum(['seller', 'user']).catch('user'),
    content: textOr(''),
    threadOf: textOrNull,
    addedAt: text,
  }),
  // The first likes carried no running total: left out (one more like), not read as 0.
  CommentLiked: z.object({
    commentId: text,
    lotId: text,
    userId: text,
    points: z.number().int().optional().catch(undefined),
    likedAt: text,
  }),
  CommentReported: z.object({
    reportId: text,
    commentId: text,
    lotId: text,
    reporterId: text,
    reason,
    content: textOr(''),
    reportedAt: text,
  }),
  CommentRemoved: z.object({
    commentId: text,
    lotId: text,
    removedBy: textOr(''),
    removedAt: text,
    byStaff: z.boolean().optional().catch(undefined),
    note: z.string().nullable().optional().catch(undefined),
  }),
  CommentReportDismissed: z.object({
    commentId: text,
    lotId: text,
    reportIds: textList,
    dismissedBy: textOr(''),
    note: textOrNull,
    dismissedAt: text,
  }),
  CommentBlocked: blocked,
  CommentThreadBlocked: blocked,
};

const COMMENT_INSTANTS: Record<CommentEventType, string> = {
  CommentAdded: 'addedAt',
  CommentLiked: 'likedAt',
  CommentReported: 'reportedAt',
  CommentRemoved: 'removedAt',
  CommentReportDismissed: 'dismissedAt',
  CommentBlocked: 'blockedAt',
  CommentThreadBlocked: 'blockedAt',
};

const REPORT_SCHEMAS: Record<LotReportEventType, z.ZodType> = {
  LotReported: z.object({ reportId: text, lotId: text, reporterId: text, reason, content: textOr(''), reportedAt: text }),
  LotReportDismissed: z.object({ lotId: text, reportIds: textList, dismissedBy: textOr(''), note: textOrNull, dismissedAt: text }),
};

const REPORT_INSTANTS: Record<LotReportEventType, string> = { LotReported: 'reportedAt', LotReportDismissed: 'dismissedAt' };

function decodeWith(recorded: RecordedLike, kind: 'lotComments' | 'lotReports', schema: z.ZodType, instant: string): unknown {
  const stream = recorded.streamId ? parseStreamId(recorded.streamId) : null;
  let data = withDefaults(dataOf(recorded), ['lotId'], stream?.kind === kind ? stream.id : undefined);
  data = withDefaults(data, [instant], recordedAt(recorded));
  return parseOrNull(schema, data);
}

/** The typed comment-thread event, or null for another type or unreadable data. */
export function decodeCommentEvent(recorded: RecordedLike): CommentEvent | null {
  const type = recorded.type as CommentEventType;
  if (!COMMENT_EVENT_TYPES.includes(type)) return null;
  const data = decodeWith(recorded, 'lotComments', COMMENT_SCHEMAS[type], COMMENT_INSTANTS[type]);
  return data === null ? null : ({ type, data } as CommentEvent);
}

/** The typed lot-report event, or null for another type or unreadable data. */
export function decodeLotReportEvent(recorded: RecordedLike): LotReportEvent | null {
  const type = recorded.type as LotReportEventType;
  if (!LOT_REPORT_EVENT_TYPES.includes(type)) return null;
  const data = decodeWith(recorded, 'lotReports', REPORT_SCHEMAS[type], REPORT_INSTANTS[type]);
  return data === null ? null : ({ type, data } as LotReportEvent);
}
