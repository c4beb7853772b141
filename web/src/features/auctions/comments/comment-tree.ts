import type { CommentNode } from './comment.operations';

/** Total replies below a comment, at every depth (for "View {n} replies"). */
export function replyCount(node: Pick<CommentNode, 'children'>): number {
  return node.children.reduce((sum, child) => sum + 1 + replyCount(child), 0);
}

/** Newest first at every level (spec 001 section 9). */
export function sortNewestFirst(nodes: CommentNode[]): CommentNode[] {
  return [...nodes]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .map((node) => ({ ...node, children: sortNewestFirst(node.children ?? []) }));
}

/**
 * Adds a bid that arrived over the socket to the thread as a bid entry: bids do not trigger a
 * comments push (docs/realtime.md), so the page adds them itself; a later full thread replaces them.
 */
export function withBidEntry(
  nodes: CommentNode[],
  bid: { id: string; amount: number; at: string; bidderName: string | null },
): CommentNode[] {
  if (nodes.some((node) => node.id === bid.id || (node.isBid && node.bidAmount === bid.amount))) return nodes;
  const entry: CommentNode = {
    id: bid.id,
    content: '',
    blocked: false,
    blockedThread: false,
    points: 0,
    authorId: null,
    authorName: bid.bidderName,
    authorUsername: bid.bidderName,
    removed: false,
    isBid: true,
    bidAmount: bid.amount,
    threadOf: null,
    created_at: bid.at,
    children: [],
  };
  return [entry, ...nodes];
}
