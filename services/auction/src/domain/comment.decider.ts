/**
 * A lot's comment thread as a decider (spec 001 sections 3, 4, 5 and 8): one stream per lot
 * (`lot-comments-<lotId>`). The lot itself is not part of this state: the application loads the
 * lot's current status and seller and passes them on the command, with the time and the new ids.
 * Errors are data: `{ ok: false, code, message }` with a code of the comment catalogue.
 */
import {
  COMMENT_LIMITS,
  COMMENT_REPORT_REASONS,
  commentMessageFor,
  type CommentErrorCode,
  type CommentEvent,
  type CommentReportReason,
} from '@trackside/contracts';
import type { LotStatus } from './lot.decider';

// ---------------------------------------------------------------------------------------------
// Events: the published language of the thread (libs/contracts/src/auction/comment-events.ts), re-exported here

export { COMMENT_EVENT_TYPES } from '@trackside/contracts';
export type { CommentAuthorType, CommentEvent } from '@trackside/contracts';

// ---------------------------------------------------------------------------------------------
// State

export interface ThreadComment {
  authorId: string;
  threadOf: string | null;
  removed: boolean;
  blocked: boolean;
  /** Set on the comment a moderator closed; its replies are closed through their ancestors. */
  blockedThread: boolean;
  points: number;
  likedBy: Record<string, true>;
  /** Report id by reporter: one report per user per comment. */
  reportsBy: Record<string, string>;
}

/** A report of the thread: open until staff dismiss it or block or remove its comment. */
export interface ThreadReport {
  commentId: string;
  open: boolean;
}

export interface CommentThreadState {
  comments: Record<string, ThreadComment>;
  reports: Record<string, ThreadReport>;
}

export const initialCommentThreadState = (): CommentThreadState => ({ comments: {}, reports: {} });

// ---------------------------------------------------------------------------------------------
// Commands

/** The lot as the request's brand sees it (owner brand or accepting host); null when it does not. */
export interface CommentLot {
  lotId: string;
  sellerId: string;
  status: LotStatus;
}

export interface CommentAuthor {
  id: string;
  name: string | null;
}

export interface CommentModerator {
  id: string;
  /** Staff flag `auctionEnabled` (or superAdmin) of the signed-in user. */
  canModerate: boolean;
}

export type CommentCommand =
  | {
      type: 'AddComment';
      commentId: string;
      lot: CommentLot | null;
      /** null for a visitor: posting needs a signed-in user. */
      author: CommentAuthor | null;
      content: unknown;
      threadOf: string | null;
      /** Bid entries come from accepted bids only; a client cannot post one. */
      isBid: boolean;
      now: Date;
    }
  | { type: 'LikeComment'; commentId: string; lot: CommentLot | null; userId: string; now: Date }
  | {
      type: 'ReportComment';
      reportId: string;
      commentId: string;
      lot: CommentLot | null;
      reporterId: string;
      reason: unknown;
      content: unknown;
      now: Date;
    }
  | { type: 'RemoveComment'; commentId: string; lot: CommentLot | null; actorId: string; authorId: string | null; now: Date }
  | { type: 'BlockComment'; commentId: string; lot: CommentLot | null; moderator: CommentModerator; reason: unknown; now: Date }
  | { type: 'BlockCommentThread'; commentId: string; lot: CommentLot | null; moderator: CommentModerator; reason: unknown; now: Date }
  /** Staff remove someone else's comment (the author's own removal is RemoveComment). */
  | { type: 'StaffRemoveComment'; commentId: string; lot: CommentLot | null; moderator: CommentModerator; note: unknown; now: Date }
  /** Staff dismiss a report: it and every other open report of the same comment are resolved. */
  | { type: 'DismissCommentReport'; reportId: string; lot: CommentLot | null; moderator: CommentModerator; note: unknown; now: Date };

export interface CommentResult {
  commentId: string;
  points?: number;
  reportId?: string;
}

export type CommentDecision =
  { ok: true; events: CommentEvent[]; result?: CommentResult } | { ok: false; code: CommentErrorCode; message: string };

const reject = (code: CommentErrorCode): CommentDecision => ({ ok: false, code, message: commentMessageFor(code) });
const accept = (result: CommentResult, ...events: CommentEvent[]): CommentDecision => ({ ok: true, events, result });

/** Top-level comments are closed before a lot goes live (spec 001 section 4). */
const COMMENTS_CLOSED: ReadonlySet<LotStatus> = new Set<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED']);
/** Replies are open only while a lot is scheduled or live (spec 001 section 4). */
const REPLIES_OPEN: ReadonlySet<LotStatus> = new Set<LotStatus>(['SCHEDULED', 'LIVE']);

// ---------------------------------------------------------------------------------------------
// Helpers the application shares

/**
 * The comment relation of spec 001 section 7: the auction type plus its id, `auction:{id}`.
 * Returns the lot id, lowercased, or null when the text is not such a relation.
 */
export function parseCommentRelation(relation: unknown): string | null {
  if (typeof relation !== 'string') return null;
  const match = /^auction:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(relation.trim());
  return match ? match[1]!.toLowerCase() : null;
}

export function commentRelationOf(lotId: string): string {
  return `auction:${lotId}`;
}

/** Amount in integer cents as the thread shows it: two decimals, thousands separated, no float maths. */
export function formatCents(cents: number | string | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Content of the thread entry an accepted bid becomes: the amount and the lot's currency. */
export function bidEntryContent(amountCents: number | string | bigint, currency: string): string {
  return `Bid: ${formatCents(amountCents)} ${currency}`;
}

/** True when the comment or one of its ancestors was closed by a moderator. */
export function isInBlockedThread(state: CommentThreadState, commentId: string): boolean {
  let current: string | null = commentId;
  // Bounded walk: a parent always exists before its reply, so the chain ends; the bound only
  // protects against a corrupted stream.
  for (let depth = 0; current !== null && depth < 10_000; depth += 1) {
    const comment: ThreadComment | undefined = state.comments[current];
    if (!comment) return false;
    if (comment.blockedThread) return true;
    current = comment.threadOf;
  }
  return false;
}

function isHidden(state: CommentThreadState, commentId: string): boolean {
  const comment = state.comments[commentId];
  return !comment || comment.removed || comment.blocked || isInBlockedThread(state, commentId);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Length in characters as a person counts them (code points, so an emoji is one). */
function lengthOf(value: string): number {
  return Array.from(value).length;
}

// ---------------------------------------------------------------------------------------------
// decide

export function decideComment(command: CommentCommand, state: CommentThreadState): CommentDecision {
  switch (command.type) {
    case 'AddComment':
      return addComment(command, state);
    case 'LikeComment': {
      if (!command.lot || isHidden(state, command.commentId)) return reject('comment.notFound');
      const comment = state.comments[command.commentId]!;
      // One like per user per comment: a second like answers the same points and appends nothing.
      if (comment.likedBy[command.userId]) return accept({ commentId: command.commentId, points: comment.points });
      const points = comment.points + 1;
      return accept(
        { commentId: command.commentId, points },
        {
          type: 'CommentLiked',
          data: {
            commentId: command.commentId,
            lotId: command.lot.lotId,
            userId: command.userId,
            points,
            likedAt: command.now.toISOString(),
          },
        },
      );
    }
    case 'ReportComment':
      return reportComment(command, state);
    case 'RemoveComment': {
      if (!command.lot) return reject('comment.notFound');
      const comment = state.comments[command.commentId];
      if (!comment) return reject('comment.notFound');
      if (!command.authorId) return reject('comment.remove.authorId.required');
      if (command.authorId !== command.actorId || comment.authorId !== command.actorId) return reject('comment.remove.notAuthor');
      if (comment.removed) return accept({ commentId: command.commentId });
      return accept(
        { commentId: command.commentId },
        {
          type: 'CommentRemoved',
          data: {
            commentId: command.commentId,
            lotId: command.lot.lotId,
            removedBy: command.actorId,
            removedAt: command.now.toISOString(),
          },
        },
      );
    }
    case 'BlockComment':
    case 'BlockCommentThread':
      return blockComment(command, state);
    case 'StaffRemoveComment':
      return staffRemoveComment(command, state);
    case 'DismissCommentReport':
      return dismissReport(command, state);
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

/**
 * Posting, in this order (docs/decisions.md "Comments"): signed in; not a bid entry; content
 * present and bounded; the lot exists for this brand; the lot's status allows a comment (or a
 * reply); a reply's parent is an open comment of the same lot.
 */
function addComment(command: Extract<CommentCommand, { type: 'AddComment' }>, state: CommentThreadState): CommentDecision {
  if (!command.author) return reject('comment.login.required');
  if (command.isBid) return reject('comment.isBid.notAllowed');
  const content = textOf(command.content);
  if (!content) return reject('comment.content.required');
  if (lengthOf(content) > COMMENT_LIMITS.contentMaxLength) return reject('comment.content.tooLong');
  const lot = command.lot;
  if (!lot) return reject('comment.invalid.no.auction');
  const threadOf = command.threadOf;
  if (threadOf === null) {
    if (COMMENTS_CLOSED.has(lot.status)) return reject('comment.invalid.auction.status');
  } else {
    if (!REPLIES_OPEN.has(lot.status)) return reject('comment.reply.invalid.auction.status');
    const parent = state.comments[threadOf];
    if (!parent || parent.removed) return reject('comment.invalid.thread');
    if (parent.blocked || isInBlockedThread(state, threadOf)) return reject('comment.thread.blocked');
  }
  if (state.comments[command.commentId]) return reject('comment.error');
  return accept(
    { commentId: command.commentId, points: 0 },
    {
      type: 'CommentAdded',
      data: {
        commentId: command.commentId,
        lotId: lot.lotId,
        authorId: command.author.id,
        authorName: command.author.name,
        authorType: command.author.id === lot.sellerId ? 'seller' : 'user',
        content,
        threadOf,
        addedAt: command.now.toISOString(),
      },
    },
  );
}

/** Reports: reason, then explanation, then the comment (one report per user per comment). */
function reportComment(command: Extract<CommentCommand, { type: 'ReportComment' }>, state: CommentThreadState): CommentDecision {
  if (command.reason === undefined || command.reason === null || command.reason === '') return reject('comment.report.reason.required');
  if (typeof command.reason !== 'string' || !(COMMENT_REPORT_REASONS as readonly string[]).includes(command.reason))
    return reject('comment.report.reason.invalid');
  const reason = command.reason as CommentReportReason;
  const content = textOf(command.content);
  if (!content) return reject('comment.report.content.required');
  if (lengthOf(content) > COMMENT_LIMITS.reportContentMaxLength) return reject('comment.report.content.tooLong');
  const comment = state.comments[command.commentId];
  if (!command.lot || !comment || comment.removed || comment.blocked || isInBlockedThread(state, command.commentId))
    return reject('comment.report.failed');
  const earlier = comment.reportsBy[command.reporterId];
  if (earlier) return accept({ commentId: command.commentId, reportId: earlier });
  return accept(
    { commentId: command.commentId, reportId: command.reportId },
    {
      type: 'CommentReported',
      data: {
        reportId: command.reportId,
        commentId: command.commentId,
        lotId: command.lot.lotId,
        reporterId: command.reporterId,
        reason,
        content,
        reportedAt: command.now.toISOString(),
      },
    },
  );
}

function blockComment(
  command: Extract<CommentCommand, { type: 'BlockComment' | 'BlockCommentThread' }>,
  state: CommentThreadState,
): CommentDecision {
  if (!command.moderator.canModerate) return reject('comment.moderation.forbidden');
  const reason = textOf(command.reason);
  if (!reason) return reject('comment.block.reason.required');
  if (lengthOf(reason) > COMMENT_LIMITS.blockReasonMaxLength) return reject('comment.block.reason.tooLong');
  const comment = state.comments[command.commentId];
  if (!command.lot || !comment) return reject('comment.notFound');
  const data = {
    commentId: command.commentId,
    lotId: command.lot.lotId,
    blockedBy: command.moderator.id,
    reason,
    blockedAt: command.now.toISOString(),
  };
  if (command.type === 'BlockComment') {
    if (comment.blocked) return accept({ commentId: command.commentId });
    return accept({ commentId: command.commentId }, { type: 'CommentBlocked', data });
  }
  if (comment.blockedThread) return accept({ commentId: command.commentId });
  return accept({ commentId: command.commentId }, { type: 'CommentThreadBlocked', data });
}

/** A moderator's optional note (why a comment was removed or a report dismissed); null when empty. */
function noteOf(value: unknown): { ok: true; note: string | null } | { ok: false } {
  const note = textOf(value);
  if (lengthOf(note) > COMMENT_LIMITS.blockReasonMaxLength) return { ok: false };
  return { ok: true, note: note || null };
}

function staffRemoveComment(command: Extract<CommentCommand, { type: 'StaffRemoveComment' }>, state: CommentThreadState): CommentDecision {
  if (!command.moderator.canModerate) return reject('comment.moderation.forbidden');
  const note = noteOf(command.note);
  if (!note.ok) return reject('comment.moderation.note.tooLong');
  const comment = state.comments[command.commentId];
  if (!command.lot || !comment) return reject('comment.notFound');
  if (comment.removed) return accept({ commentId: command.commentId });
  return accept(
    { commentId: command.commentId },
    {
      type: 'CommentRemoved',
      data: {
        commentId: command.commentId,
        lotId: command.lot.lotId,
        removedBy: command.moderator.id,
        removedAt: command.now.toISOString(),
        byStaff: true,
        note: note.note,
      },
    },
  );
}

/** Open report ids of one comment, in the order they were made. */
export function openReportsOf(state: CommentThreadState, commentId: string): string[] {
  return Object.entries(state.reports)
    .filter(([, report]) => report.open && report.commentId === commentId)
    .map(([id]) => id);
}

function dismissReport(command: Extract<CommentCommand, { type: 'DismissCommentReport' }>, state: CommentThreadState): CommentDecision {
  if (!command.moderator.canModerate) return reject('comment.moderation.forbidden');
  const note = noteOf(command.note);
  if (!note.ok) return reject('comment.moderation.note.tooLong');
  const report = state.reports[command.reportId];
  if (!command.lot || !report) return reject('comment.report.notFound');
  const reportIds = openReportsOf(state, report.commentId);
  // Already resolved (dismissed, or its comment blocked or removed): nothing left to do.
  if (reportIds.length === 0) return accept({ commentId: report.commentId, reportId: command.reportId });
  return accept(
    { commentId: report.commentId, reportId: command.reportId },
    {
      type: 'CommentReportDismissed',
      data: {
        commentId: report.commentId,
        lotId: command.lot.lotId,
        reportIds,
        dismissedBy: command.moderator.id,
        note: note.note,
        dismissedAt: command.now.toISOString(),
      },
    },
  );
}

// ---------------------------------------------------------------------------------------------
// evolve

/** Blocking or removing a comment answers its reports: every open one on a hidden comment closes. */
function closeReportsOfHidden(state: CommentThreadState): CommentThreadState {
  let reports = state.reports;
  for (const [id, report] of Object.entries(state.reports)) {
    if (report.open && isHidden(state, report.commentId)) reports = { ...reports, [id]: { ...report, open: false } };
  }
  return reports === state.reports ? state : { ...state, reports };
}

export function evolveComment(state: CommentThreadState, event: CommentEvent): CommentThreadState {
  const update = (commentId: string, change: (comment: ThreadComment) => ThreadComment): CommentThreadState => {
    const comment = state.comments[commentId];
    if (!comment) return state;
    return { ...state, comments: { ...state.comments, [commentId]: change(comment) } };
  };
  switch (event.type) {
    case 'CommentAdded':
      return {
        ...state,
        comments: {
          ...state.comments,
          [event.data.commentId]: {
            authorId: event.data.authorId,
            threadOf: event.data.threadOf ?? null,
            removed: false,
            blocked: false,
            blockedThread: false,
            points: 0,
            likedBy: {},
            reportsBy: {},
          },
        },
      };
    case 'CommentLiked':
      return update(event.data.commentId, (comment) => ({
        ...comment,
        points: typeof event.data.points === 'number' ? event.data.points : comment.points + 1,
        likedBy: { ...comment.likedBy, [event.data.userId]: true },
      }));
    case 'CommentReported': {
      const next = update(event.data.commentId, (comment) => ({
        ...comment,
        reportsBy: { ...comment.reportsBy, [event.data.reporterId]: event.data.reportId },
      }));
      if (next === state) return state;
      return { ...next, reports: { ...next.reports, [event.data.reportId]: { commentId: event.data.commentId, open: true } } };
    }
    case 'CommentReportDismissed': {
      const reports = { ...state.reports };
      for (const id of Array.isArray(event.data.reportIds) ? event.data.reportIds : []) {
        const report = reports[id];
        if (report) reports[id] = { ...report, open: false };
      }
      return { ...state, reports };
    }
    case 'CommentRemoved':
      return closeReportsOfHidden(update(event.data.commentId, (comment) => ({ ...comment, removed: true })));
    case 'CommentBlocked':
      return closeReportsOfHidden(update(event.data.commentId, (comment) => ({ ...comment, blocked: true })));
    case 'CommentThreadBlocked':
      return closeReportsOfHidden(update(event.data.commentId, (comment) => ({ ...comment, blockedThread: true })));
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
