import { describe, expect, it } from 'vitest';
import { COMMENT_LIMITS, commentMessageFor, type CommentErrorCode } from '@trackside/contracts';
import {
  bidEntryContent,
  commentRelationOf,
  decideComment,
  evolveComment,
  formatCents,
  initialCommentThreadState,
  isInBlockedThread,
  parseCommentRelation,
  type CommentCommand,
  type CommentDecision,
  type CommentEvent,
  type CommentLot,
  type CommentThreadState,
} from './comment.decider';
import type { LotStatus } from './lot.decider';

// Given / when / then over the pure decider: state only ever comes from folding events.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ISO = NOW.toISOString();
const LOT_ID = '6f1c0a52-8d0b-4c55-9d55-0c3a1b2c3d4e';
const SELLER = 'seller-1';
const ALICE = 'alice';
const BOB = 'bob';
const STAFF = 'staff-1';

const lot = (status: LotStatus = 'LIVE'): CommentLot => ({ lotId: LOT_ID, sellerId: SELLER, status });
const given = (...events: CommentEvent[]): CommentThreadState => events.reduce(evolveComment, initialCommentThreadState());
const refused = (code: CommentErrorCode): CommentDecision => ({ ok: false, code, message: commentMessageFor(code) });

const added = (commentId: string, authorId = ALICE, threadOf: string | null = null): CommentEvent => ({
  type: 'CommentAdded',
  data: {
    commentId,
    lotId: LOT_ID,
    authorId,
    authorName: authorId,
    authorType: authorId === SELLER ? 'seller' : 'user',
    content: `hello from ${authorId}`,
    threadOf,
    addedAt: ISO,
  },
});
const removed = (commentId: string, by = ALICE): CommentEvent => ({
  type: 'CommentRemoved',
  data: { commentId, lotId: LOT_ID, removedBy: by, removedAt: ISO },
});
const blocked = (commentId: string): CommentEvent => ({
  type: 'CommentBlocked',
  data: { commentId, lotId: LOT_ID, blockedBy: STAFF, reason: 'rude', blockedAt: ISO },
});
const threadBlocked = (commentId: string): CommentEvent => ({
  type: 'CommentThreadBlocked',
  data: { commentId, lotId: LOT_ID, blockedBy: STAFF, reason: 'flame war', blockedAt: ISO },
});
const liked = (commentId: string, userId: string, points: number): CommentEvent => ({
  type: 'CommentLiked',
  data: { commentId, lotId: LOT_ID, userId, points, likedAt: ISO },
});

function add(overrides: Partial<Extract<CommentCommand, { type: 'AddComment' }>> = {}): CommentCommand {
  return {
    type: 'AddComment',
    commentId: 'c-new',
    lot: lot(),
    author: { id: ALICE, name: 'alice' },
    content: 'Lovely car',
    threadOf: null,
    isBid: false,
    now: NOW,
    ...overrides,
  };
}
const like = (commentId: string, userId = BOB, status: LotStatus = 'LIVE'): CommentCommand => ({
  type: 'LikeComment',
  commentId,
  lot: lot(status),
  userId,
  now: NOW,
});
function report(overrides: Partial<Extract<CommentCommand, { type: 'ReportComment' }>> = {}): CommentCommand {
  return {
    type: 'ReportComment',
    reportId: 'r-new',
    commentId: 'c1',
    lot: lot(),
    reporterId: BOB,
    reason: 'BAD_LANGAUGE',
    content: 'Insults the seller',
    now: NOW,
    ...overrides,
  };
}
const remove = (commentId: string, actorId: string, authorId: string | null = actorId): CommentCommand => ({
  type: 'RemoveComment',
  commentId,
  lot: lot(),
  actorId,
  authorId,
  now: NOW,
});
const block = (
  type: 'BlockComment' | 'BlockCommentThread',
  commentId: string,
  reason: unknown = 'Off topic',
  canModerate = true,
): CommentCommand => ({ type, commentId, lot: lot(), moderator: { id: STAFF, canModerate }, reason, now: NOW });

describe('comment decider: posting', () => {
  it('a signed-in user comments on a live lot', () => {
    expect(decideComment(add(), given())).toEqual({
      ok: true,
      events: [
        {
          type: 'CommentAdded',
          data: {
            commentId: 'c-new',
            lotId: LOT_ID,
            authorId: ALICE,
            authorName: 'alice',
            authorType: 'user',
            content: 'Lovely car',
            threadOf: null,
            addedAt: ISO,
          },
        },
      ],
      result: { commentId: 'c-new', points: 0 },
    });
  });

  it('needs a signed-in user, before anything else', () => {
    expect(decideComment(add({ author: null, content: '', lot: null }), given())).toEqual(refused('comment.login.required'));
    expect(commentMessageFor('comment.login.required')).toBe('Please login to make a comment.');
  });

  it('flags the seller’s own comments', () => {
    const decision = decideComment(add({ author: { id: SELLER, name: 'sam' } }), given());
    expect(decision.ok && decision.events[0]?.type === 'CommentAdded' && decision.events[0].data.authorType).toBe('seller');
  });

  it('refuses client-posted bid entries', () => {
    expect(decideComment(add({ isBid: true }), given())).toEqual(refused('comment.isBid.notAllowed'));
  });

  it('requires content and bounds its length (trimmed, counted in characters)', () => {
    expect(decideComment(add({ content: '   ' }), given())).toEqual(refused('comment.content.required'));
    expect(decideComment(add({ content: null }), given())).toEqual(refused('comment.content.required'));
    expect(decideComment(add({ content: 42 }), given())).toEqual(refused('comment.content.required'));
    const longest = 'é'.repeat(COMMENT_LIMITS.contentMaxLength);
    expect(decideComment(add({ content: `  ${longest}  ` }), given()).ok).toBe(true);
    expect(decideComment(add({ content: `${longest}x` }), given())).toEqual(refused('comment.content.tooLong'));
    // Emoji are one character each, not two UTF-16 units.
    expect(decideComment(add({ content: '🏎'.repeat(COMMENT_LIMITS.contentMaxLength) }), given()).ok).toBe(true);
    const decision = decideComment(add({ content: '  Trimmed  ' }), given());
    expect(decision.ok && decision.events[0]?.type === 'CommentAdded' && decision.events[0].data.content).toBe('Trimmed');
  });

  it('refuses a lot the brand cannot see', () => {
    expect(decideComment(add({ lot: null }), given())).toEqual(refused('comment.invalid.no.auction'));
  });

  it.each<[LotStatus, boolean]>([
    ['PENDING', false],
    ['APPROVED', false],
    ['SCHEDULED', false],
    ['LIVE', true],
    ['SOLD', true],
    ['RESERVE_NOT_MET', true],
  ])('top-level comment while %s: allowed %s', (status, allowed) => {
    const decision = decideComment(add({ lot: lot(status) }), given());
    if (allowed) expect(decision.ok).toBe(true);
    else expect(decision).toEqual(refused('comment.invalid.auction.status'));
  });

  it.each<[LotStatus, boolean]>([
    ['PENDING', false],
    ['APPROVED', false],
    ['SCHEDULED', true],
    ['LIVE', true],
    ['SOLD', false],
    ['RESERVE_NOT_MET', false],
  ])('reply while %s: allowed %s', (status, allowed) => {
    const decision = decideComment(add({ lot: lot(status), threadOf: 'c1' }), given(added('c1')));
    if (allowed) {
      expect(decision.ok).toBe(true);
      expect(decision.ok && decision.events[0]?.type === 'CommentAdded' && decision.events[0].data.threadOf).toBe('c1');
    } else expect(decision).toEqual(refused('comment.reply.invalid.auction.status'));
  });

  it('a reply needs an open parent comment of the same thread', () => {
    expect(decideComment(add({ threadOf: 'elsewhere' }), given(added('c1')))).toEqual(refused('comment.invalid.thread'));
    expect(decideComment(add({ threadOf: 'c1' }), given(added('c1'), removed('c1')))).toEqual(refused('comment.invalid.thread'));
    expect(decideComment(add({ threadOf: 'c1' }), given(added('c1'), blocked('c1')))).toEqual(refused('comment.thread.blocked'));
    // Replies deep inside a closed thread are closed too.
    const state = given(added('c1'), added('c2', BOB, 'c1'), added('c3', ALICE, 'c2'), threadBlocked('c1'));
    expect(decideComment(add({ threadOf: 'c3' }), state)).toEqual(refused('comment.thread.blocked'));
    // Nested replies are fine while open.
    expect(decideComment(add({ threadOf: 'c3' }), given(added('c1'), added('c2', BOB, 'c1'), added('c3', ALICE, 'c2'))).ok).toBe(true);
  });

  it('never reuses a comment id', () => {
    expect(decideComment(add({ commentId: 'c1' }), given(added('c1')))).toEqual(refused('comment.error'));
  });
});

describe('comment decider: likes', () => {
  it('a like adds a point; one like per user per comment', () => {
    const state = given(added('c1'));
    expect(decideComment(like('c1', BOB), state)).toEqual({
      ok: true,
      events: [liked('c1', BOB, 1)],
      result: { commentId: 'c1', points: 1 },
    });
    const afterBob = given(added('c1'), liked('c1', BOB, 1));
    expect(decideComment(like('c1', BOB), afterBob)).toEqual({ ok: true, events: [], result: { commentId: 'c1', points: 1 } });
    expect(decideComment(like('c1', ALICE), afterBob)).toEqual({
      ok: true,
      events: [liked('c1', ALICE, 2)],
      result: { commentId: 'c1', points: 2 },
    });
  });

  it('likes only visible comments of this lot', () => {
    expect(decideComment(like('nope'), given(added('c1')))).toEqual(refused('comment.notFound'));
    expect(decideComment(like('c1'), given(added('c1'), removed('c1')))).toEqual(refused('comment.notFound'));
    expect(decideComment(like('c1'), given(added('c1'), blocked('c1')))).toEqual(refused('comment.notFound'));
    expect(decideComment(like('c2'), given(added('c1'), added('c2', BOB, 'c1'), threadBlocked('c1')))).toEqual(refused('comment.notFound'));
    expect(decideComment({ ...like('c1'), lot: null } as CommentCommand, given(added('c1')))).toEqual(refused('comment.notFound'));
  });

  it('tolerates older CommentLiked data without points', () => {
    const older = { type: 'CommentLiked', data: { commentId: 'c1', lotId: LOT_ID, userId: BOB, likedAt: ISO } } as unknown as CommentEvent;
    expect(given(added('c1'), older).comments.c1?.points).toBe(1);
  });
});

describe('comment decider: reports', () => {
  it('records a report with reason and explanation', () => {
    expect(decideComment(report(), given(added('c1')))).toEqual({
      ok: true,
      events: [
        {
          type: 'CommentReported',
          data: {
            reportId: 'r-new',
            commentId: 'c1',
            lotId: LOT_ID,
            reporterId: BOB,
            reason: 'BAD_LANGAUGE',
            content: 'Insults the seller',
            reportedAt: ISO,
          },
        },
      ],
      result: { commentId: 'c1', reportId: 'r-new' },
    });
    for (const reason of ['DISCRIMINATION', 'OTHER']) expect(decideComment(report({ reason }), given(added('c1'))).ok).toBe(true);
  });

  it('needs a reason of the list, spelled as the spec spells it', () => {
    expect(decideComment(report({ reason: undefined }), given(added('c1')))).toEqual(refused('comment.report.reason.required'));
    expect(decideComment(report({ reason: null }), given(added('c1')))).toEqual(refused('comment.report.reason.required'));
    expect(decideComment(report({ reason: 'BAD_LANGUAGE' }), given(added('c1')))).toEqual(refused('comment.report.reason.invalid'));
    expect(decideComment(report({ reason: 'other' }), given(added('c1')))).toEqual(refused('comment.report.reason.invalid'));
  });

  it('needs an explanation, bounded', () => {
    expect(decideComment(report({ content: ' ' }), given(added('c1')))).toEqual(refused('comment.report.content.required'));
    expect(decideComment(report({ content: 'x'.repeat(COMMENT_LIMITS.reportContentMaxLength + 1) }), given(added('c1')))).toEqual(
      refused('comment.report.content.tooLong'),
    );
  });

  it('input checks come before the comment: a bad report of a missing comment names the input', () => {
    expect(decideComment(report({ commentId: 'nope', reason: null }), given())).toEqual(refused('comment.report.reason.required'));
  });

  it('fails for comments that are missing, removed or moderated', () => {
    expect(decideComment(report({ commentId: 'nope' }), given(added('c1')))).toEqual(refused('comment.report.failed'));
    expect(decideComment(report(), given(added('c1'), removed('c1')))).toEqual(refused('comment.report.failed'));
    expect(decideComment(report(), given(added('c1'), blocked('c1')))).toEqual(refused('comment.report.failed'));
    expect(commentMessageFor('comment.report.failed')).toBe('Failed to report. Please try again.');
  });

  it('one report per user per comment: reporting again answers the first report', () => {
    const reported = decideComment(report(), given(added('c1')));
    if (!reported.ok) throw new Error('expected a report');
    const state = given(added('c1'), ...reported.events);
    expect(decideComment(report({ reportId: 'r-other' }), state)).toEqual({
      ok: true,
      events: [],
      result: { commentId: 'c1', reportId: 'r-new' },
    });
    expect(decideComment(report({ reportId: 'r-alice', reporterId: ALICE }), state).ok).toBe(true);
  });
});

describe('comment decider: removal', () => {
  it('the author removes their comment, once', () => {
    expect(decideComment(remove('c1', ALICE), given(added('c1')))).toEqual({
      ok: true,
      events: [removed('c1')],
      result: { commentId: 'c1' },
    });
    expect(decideComment(remove('c1', ALICE), given(added('c1'), removed('c1')))).toEqual({
      ok: true,
      events: [],
      result: { commentId: 'c1' },
    });
  });

  it('nobody else removes it, even when claiming the author’s id', () => {
    expect(decideComment(remove('c1', BOB), given(added('c1')))).toEqual(refused('comment.remove.notAuthor'));
    expect(decideComment(remove('c1', BOB, ALICE), given(added('c1')))).toEqual(refused('comment.remove.notAuthor'));
    expect(decideComment(remove('c1', ALICE, BOB), given(added('c1')))).toEqual(refused('comment.remove.notAuthor'));
  });

  it('needs the author id and an existing comment', () => {
    expect(decideComment(remove('c1', ALICE, null), given(added('c1')))).toEqual(refused('comment.remove.authorId.required'));
    expect(decideComment(remove('nope', ALICE), given(added('c1')))).toEqual(refused('comment.notFound'));
  });
});

describe('comment decider: moderation', () => {
  it('staff block a comment with a reason', () => {
    expect(decideComment(block('BlockComment', 'c1', '  Off topic '), given(added('c1')))).toEqual({
      ok: true,
      events: [{ type: 'CommentBlocked', data: { commentId: 'c1', lotId: LOT_ID, blockedBy: STAFF, reason: 'Off topic', blockedAt: ISO } }],
      result: { commentId: 'c1' },
    });
    expect(decideComment(block('BlockComment', 'c1'), given(added('c1'), blocked('c1')))).toEqual({
      ok: true,
      events: [],
      result: { commentId: 'c1' },
    });
  });

  it('staff block a whole thread; its replies are closed through their ancestors', () => {
    const state = given(added('c1'), added('c2', BOB, 'c1'), added('c3', ALICE, 'c2'), added('c4'));
    const decision = decideComment(block('BlockCommentThread', 'c2', 'Flame war'), state);
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'CommentThreadBlocked',
          data: { commentId: 'c2', lotId: LOT_ID, blockedBy: STAFF, reason: 'Flame war', blockedAt: ISO },
        },
      ],
      result: { commentId: 'c2' },
    });
    const after = decision.ok ? decision.events.reduce(evolveComment, state) : state;
    expect(['c1', 'c2', 'c3', 'c4'].map((id) => isInBlockedThread(after, id))).toEqual([false, true, true, false]);
    expect(decideComment(block('BlockCommentThread', 'c2'), after)).toEqual({ ok: true, events: [], result: { commentId: 'c2' } });
  });

  it('needs the permission, a bounded reason and an existing comment', () => {
    expect(decideComment(block('BlockComment', 'c1', 'x', false), given(added('c1')))).toEqual(refused('comment.moderation.forbidden'));
    expect(decideComment(block('BlockCommentThread', 'c1', '', true), given(added('c1')))).toEqual(
      refused('comment.block.reason.required'),
    );
    expect(decideComment(block('BlockComment', 'c1', null, true), given(added('c1')))).toEqual(refused('comment.block.reason.required'));
    expect(
      decideComment(block('BlockComment', 'c1', 'x'.repeat(COMMENT_LIMITS.blockReasonMaxLength + 1), true), given(added('c1'))),
    ).toEqual(refused('comment.block.reason.tooLong'));
    expect(decideComment(block('BlockComment', 'nope'), given(added('c1')))).toEqual(refused('comment.notFound'));
  });
});

describe('comment helpers', () => {
  it('parses the relation auction:{id} only', () => {
    expect(parseCommentRelation(`auction:${LOT_ID.toUpperCase()}`)).toBe(LOT_ID);
    expect(parseCommentRelation(commentRelationOf(LOT_ID))).toBe(LOT_ID);
    for (const bad of [LOT_ID, `auctions:${LOT_ID}`, 'auction:42', `lot:${LOT_ID}`, '', null, 7])
      expect(parseCommentRelation(bad)).toBeNull();
  });

  it('formats bid entries with two decimals, thousands separators and the currency', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents('99999999900')).toBe('999,999,999.00');
    expect(bidEntryContent(150000, 'USD')).toBe('Bid: 1,500.00 USD');
    expect(bidEntryContent('1', 'EUR')).toBe('Bid: 0.01 EUR');
  });
});

describe('comment decider: staff removal and report dismissal', () => {
  const reported = (commentId: string, reportId: string, reporterId = BOB): CommentEvent => ({
    type: 'CommentReported',
    data: { reportId, commentId, lotId: LOT_ID, reporterId, reason: 'OTHER', content: 'spam', reportedAt: ISO },
  });
  const dismissed = (commentId: string, reportIds: string[], note: string | null = null): CommentEvent => ({
    type: 'CommentReportDismissed',
    data: { commentId, lotId: LOT_ID, reportIds, dismissedBy: STAFF, note, dismissedAt: ISO },
  });
  const staffRemove = (commentId: string, note: unknown = null, canModerate = true): CommentCommand => ({
    type: 'StaffRemoveComment',
    commentId,
    lot: lot(),
    moderator: { id: STAFF, canModerate },
    note,
    now: NOW,
  });
  const dismiss = (reportId: string, note: unknown = null, canModerate = true): CommentCommand => ({
    type: 'DismissCommentReport',
    reportId,
    lot: lot(),
    moderator: { id: STAFF, canModerate },
    note,
    now: NOW,
  });

  it('staff remove someone else’s comment, once, with an optional note', () => {
    expect(decideComment(staffRemove('c1', '  Spam link '), given(added('c1')))).toEqual({
      ok: true,
      events: [
        {
          type: 'CommentRemoved',
          data: { commentId: 'c1', lotId: LOT_ID, removedBy: STAFF, removedAt: ISO, byStaff: true, note: 'Spam link' },
        },
      ],
      result: { commentId: 'c1' },
    });
    expect(decideComment(staffRemove('c1'), given(added('c1'), removed('c1')))).toEqual({
      ok: true,
      events: [],
      result: { commentId: 'c1' },
    });
  });

  it('staff removal needs the permission, a bounded note and an existing comment', () => {
    expect(decideComment(staffRemove('c1', null, false), given(added('c1')))).toEqual(refused('comment.moderation.forbidden'));
    expect(decideComment(staffRemove('c1', 'x'.repeat(COMMENT_LIMITS.blockReasonMaxLength + 1)), given(added('c1')))).toEqual(
      refused('comment.moderation.note.tooLong'),
    );
    expect(decideComment(staffRemove('nope'), given(added('c1')))).toEqual(refused('comment.notFound'));
  });

  it('dismissing a report resolves every open report of that comment and leaves the comment alone', () => {
    const state = given(added('c1'), added('c2'), reported('c1', 'r1', BOB), reported('c1', 'r2', ALICE), reported('c2', 'r3'));
    const decision = decideComment(dismiss('r2', ' Fair criticism '), state);
    expect(decision).toEqual({
      ok: true,
      events: [dismissed('c1', ['r1', 'r2'], 'Fair criticism')],
      result: { commentId: 'c1', reportId: 'r2' },
    });
    const after = decision.ok ? decision.events.reduce(evolveComment, state) : state;
    expect(after.comments.c1).toEqual(state.comments.c1);
    expect(Object.fromEntries(Object.entries(after.reports).map(([id, report]) => [id, report.open]))).toEqual({
      r1: false,
      r2: false,
      r3: true,
    });
    // Dismissing again appends nothing.
    expect(decideComment(dismiss('r1'), after)).toEqual({ ok: true, events: [], result: { commentId: 'c1', reportId: 'r1' } });
  });

  it('blocking or removing a comment resolves its open reports (a thread block those of the replies too)', () => {
    const base = [added('c1'), added('c2', BOB, 'c1'), added('c3'), reported('c1', 'r1'), reported('c2', 'r2'), reported('c3', 'r3')];
    const open = (state: CommentThreadState): string[] => Object.keys(state.reports).filter((id) => state.reports[id]!.open);
    expect(open(given(...base, blocked('c3')))).toEqual(['r1', 'r2']);
    expect(open(given(...base, removed('c3')))).toEqual(['r1', 'r2']);
    expect(open(given(...base, threadBlocked('c1')))).toEqual(['r3']);
    expect(decideComment(dismiss('r3'), given(...base, blocked('c3')))).toEqual({
      ok: true,
      events: [],
      result: { commentId: 'c3', reportId: 'r3' },
    });
  });

  it('dismissal needs the permission, a bounded note and a report of this thread', () => {
    const state = given(added('c1'), reported('c1', 'r1'));
    expect(decideComment(dismiss('r1', null, false), state)).toEqual(refused('comment.moderation.forbidden'));
    expect(decideComment(dismiss('r1', 'x'.repeat(COMMENT_LIMITS.blockReasonMaxLength + 1)), state)).toEqual(
      refused('comment.moderation.note.tooLong'),
    );
    expect(decideComment(dismiss('nope'), state)).toEqual(refused('comment.report.notFound'));
    expect(decideComment({ ...dismiss('r1'), lot: null } as CommentCommand, state)).toEqual(refused('comment.report.notFound'));
    expect(commentMessageFor('comment.report.notFound')).toBe('This report is not available.');
  });
});
