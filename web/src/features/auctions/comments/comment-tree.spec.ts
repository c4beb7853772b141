import { describe, expect, it } from 'vitest';
import type { CommentNode } from './comment.operations';
import { replyCount, sortNewestFirst, withBidEntry } from './comment-tree';

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

  it('sorts newest first at every level', () => {
    const sorted = sortNewestFirst([
      node('old', '2026-01-01', [node('r1', '2026-01-02'), node('r2', '2026-01-03')]),
      node('new', '2026-01-05'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual(['new', 'old']);
    expect(sorted[1]!.children.map((n) => n.id)).toEqual(['r2', 'r1']);
  });

  it('adds a pushed bid once', () => {
    const once = withBidEntry([node('a', '2026-01-01')], { id: 'bid1', amount: 150, at: '2026-01-02', bidderName: 'bidder1' });
    expect(once[0]).toMatchObject({ id: 'bid1', isBid: true, bidAmount: 150 });
    expect(withBidEntry(once, { id: 'bid1', amount: 150, at: '2026-01-02', bidderName: 'bidder1' })).toHaveLength(2);
  });
});
