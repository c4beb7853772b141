import type { CommentNode } from './comment.operations';

/** Total replies below a comment, at every depth (for "View {n} replies"). */
export function replyCount(node: Pick<CommentNode, 'children'>): number {
  return node.children.reduce((sum, child) => sum + 1 + replyCount(child), 0);
}

/** "View 1 reply", "View 3 replies" (issue 24 item 5). */
export function repliesLabel(count: number): string {
  return `View ${count} ${count === 1 ? 'reply' : 'replies'}`;
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
  bid: { id: string; amount: number; at: string; bidderId: string | null; bidderName: string | null },
): CommentNode[] {
  if (nodes.some((node) => node.id === bid.id || (node.isBid && node.bidAmount === bid.amount))) return nodes;
  const entry: CommentNode = {
    id: bid.id,
    content: '',
    blocked: false,
    blockedThread: false,
    points: 0,
    authorId: bid.bidderId,
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

/** Shown for an author whose name the page has not learned (never "Removed user", which only the server says). */
export const UNKNOWN_AUTHOR = 'Bidder';

/**
 * Display names by user id, from what the page has read through the gateway: the thread's
 * `authorUser` and the bid history's bidders. Socket pushes carry ids only for bid entries
 * (bids have no author name in the auction subgraph), so the page names them from here.
 */
export function learnAuthorNames(
  known: ReadonlyMap<string, string>,
  nodes: readonly CommentNode[],
  bids: ReadonlyArray<{ bidder: { id: string; username?: string | null } | null }> = [],
): ReadonlyMap<string, string> {
  const next = new Map(known);
  const visit = (list: readonly CommentNode[]): void => {
    for (const node of list) {
      if (node.authorUser?.username) next.set(node.authorUser.id, node.authorUser.username);
      visit(node.children ?? []);
    }
  };
  visit(nodes);
  for (const bid of bids) if (bid.bidder?.username) next.set(bid.bidder.id, bid.bidder.username);
  const changed = next.size !== known.size || [...next].some(([id, name]) => known.get(id) !== name);
  return changed ? next : known;
}

/**
 * The name an entry shows: the server's (its author's name, or "Removed user" for a deleted
 * account), else identity's through the gateway, else a name the page learned for that user.
 */
export function authorLabel(node: CommentNode, names: ReadonlyMap<string, string>): string {
  return (
    node.authorName ??
    node.authorUsername ??
    node.authorUser?.username ??
    (node.authorId ? names.get(node.authorId) : undefined) ??
    UNKNOWN_AUTHOR
  );
}
