/**
 * A lot's comment thread (`lot-comments-<lotId>`) and its reports (`lot-reports-<lotId>`): the
 * published events. Read through `decodeCommentEvent` / `decodeLotReportEvent` (comment-event.codec.ts).
 */
import type { CommentReportReason } from '../errors/comment-error-codes';

export type CommentAuthorType = 'seller' | 'user';

export const COMMENT_EVENTS = {
  added: 'CommentAdded',
  liked: 'CommentLiked',
  reported: 'CommentReported',
  removed: 'CommentRemoved',
  blocked: 'CommentBlocked',
  threadBlocked: 'CommentThreadBlocked',
  reportDismissed: 'CommentReportDismissed',
} as const;

export type CommentEventType = (typeof COMMENT_EVENTS)[keyof typeof COMMENT_EVENTS];
export const COMMENT_EVENT_TYPES: readonly CommentEventType[] = Object.values(COMMENT_EVENTS);

export type CommentEvent =
  | {
      type: 'CommentAdded';
      data: {
        commentId: string;
        lotId: string;
        authorId: string;
        authorName: string | null;
        authorType: CommentAuthorType;
        content: string;
        threadOf: string | null;
        addedAt: string;
      };
    }
  | {
      type: 'CommentLiked';
      /** points: the running total; absent on the first likes, which counted one more. */
      data: { commentId: string; lotId: string; userId: string; points?: number; likedAt: string };
    }
  | {
      type: 'CommentReported';
      data: {
        reportId: string;
        commentId: string;
        lotId: string;
        reporterId: string;
        reason: CommentReportReason;
        content: string;
        reportedAt: string;
      };
    }
  | {
      type: 'CommentRemoved';
      data: {
        commentId: string;
        lotId: string;
        removedBy: string;
        removedAt: string;
        /** Set when staff removed someone else's comment (absent on an author's own removal). */
        byStaff?: boolean;
        note?: string | null;
      };
    }
  | {
      /** Staff judged the comment fine: these open reports are resolved, the comment is untouched. */
      type: 'CommentReportDismissed';
      data: { commentId: string; lotId: string; reportIds: string[]; dismissedBy: string; note: string | null; dismissedAt: string };
    }
  | { type: 'CommentBlocked'; data: { commentId: string; lotId: string; blockedBy: string; reason: string; blockedAt: string } }
  | { type: 'CommentThreadBlocked'; data: { commentId: string; lotId: string; blockedBy: string; reason: string; blockedAt: string } };

export const LOT_REPORT_EVENTS = {
  reported: 'LotReported',
  reportDismissed: 'LotReportDismissed',
} as const;

export type LotReportEventType = (typeof LOT_REPORT_EVENTS)[keyof typeof LOT_REPORT_EVENTS];
export const LOT_REPORT_EVENT_TYPES: readonly LotReportEventType[] = Object.values(LOT_REPORT_EVENTS);

export type LotReportEvent =
  | {
      type: 'LotReported';
      data: { reportId: string; lotId: string; reporterId: string; reason: CommentReportReason; content: string; reportedAt: string };
    }
  | {
      /** Staff judged the lot fine: these open reports are resolved, the lot is untouched. */
      type: 'LotReportDismissed';
      data: { lotId: string; reportIds: string[]; dismissedBy: string; note: string | null; dismissedAt: string };
    };
