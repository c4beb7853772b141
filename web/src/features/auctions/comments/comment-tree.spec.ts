import { describe, expect, it } from 'vitest';
import type { CommentNode } from './comment.operations';
import { authorLabel, learnAuthorNames, repliesLabel, replyCount, sortNewestFirst, UNKNOWN_AUTHOR, withBidEntry } from './comment-tree';

const node = (id: string, at: string, children: CommentNode[] = []): CommentNode => ({
  id,
  content: id,
  blocked: false,
  blockedThread: false,
  points: 0,
  authorId: null,
  authorName: null,
  authorUsername: null,
  removed: false,
  isBid: false,
  bidAmount: null,
  threadOf: null,
  created_at: at,
  children,
});

describe('comment thread', () => {
  it('counts replies at every depth', () => {
    expect(replyCount(node('a', '2026-01-01', [node('b', '2026-01-02', [node('c', '2026-01-03')]), node('d', '2026-01-04')]))).toBe(3);
  });

  it('says reply for one and replies for more', () => {
    expect(repliesLabel(1)).toBe('View 1 reply');
    expect(repliesLabel(3)).toBe('View 3 replies');
  });

  it('sorts newest first at every level', () => {
    const sorted = sortNewestFirst([
      node('old', '2026-01-01', [node('r1', '2026-01-02'), node('r2', '2026-01-03')]),
      node('new', '2026-01-05'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual(['new', 'old']);
    expect(sorted[1]!.children.map((n) => n.id)).toEqual(['r2', 'r1']);
  });

  it('adds a pushed bid once', () => {
    const bid = { id: 'bid1', amount: 150, at: '2026-01-02', bidderId: 'u1', bidderName: null };
    const once = withBidEntry([node('a', '2026-01-01')], bid);
    expect(once[0]).toMatchObject({ id: 'bid1', isBid: true, bidAmount: 150, authorId: 'u1' });
    expect(withBidEntry(once, bid)).toHaveLength(2);
  });

  it('names a bid entry from what the page learned, never "Removed user" unless the server says so', () => {
    const pushed = { ...node('bid1', '2026-01-02'), isBid: true, authorId: 'u1' };
    const none = new Map<string, string>();
    expect(authorLabel(pushed, none)).toBe(UNKNOWN_AUTHOR);
    const fromThread = learnAuthorNames(none, [{ ...node('c', '2026-01-01'), authorUser: { id: 'u1', username: 'bidder1' } }]);
    expect(authorLabel(pushed, fromThread)).toBe('bidder1');
    const fromBids = learnAuthorNames(none, [], [{ bidder: { id: 'u1', username: 'bea' } }]);
    expect(authorLabel(pushed, fromBids)).toBe('bea');
    expect(learnAuthorNames(fromBids, [], [{ bidder: { id: 'u1', username: 'bea' } }])).toBe(fromBids);
    expect(authorLabel({ ...pushed, authorName: 'Removed user' }, fromBids)).toBe('Removed user');
  });
});
