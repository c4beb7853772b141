/**
 * Stream naming of the auction (docs/architecture.md section 3): the one place that spells the
 * prefixes. Lot ids, user ids and bid ids are UUIDs, so `lot-<uuid>` never reads as a longer prefix
 * (`lot-comments-…`), and `parseStreamId` tries the longer prefixes first.
 */
export const STREAM_PREFIXES = {
  lotAttempts: 'lot-attempts-',
  lotComments: 'lot-comments-',
  lotReports: 'lot-reports-',
  lot: 'lot-',
  watchlist: 'watchlist-',
  bidId: 'bid-id-',
} as const;

export type AuctionStreamKind = keyof typeof STREAM_PREFIXES;

/** The prefix every lot-related stream shares: a log filter on it sees lots, attempts, comments and reports. */
export const LOT_STREAM_PREFIX = STREAM_PREFIXES.lot;
export const LOT_ATTEMPTS_STREAM_PREFIX = STREAM_PREFIXES.lotAttempts;
export const COMMENT_STREAM_PREFIX = STREAM_PREFIXES.lotComments;
export const LOT_REPORT_STREAM_PREFIX = STREAM_PREFIXES.lotReports;
export const WATCHLIST_STREAM_PREFIX = STREAM_PREFIXES.watchlist;
export const BID_ID_STREAM_PREFIX = STREAM_PREFIXES.bidId;

export const lotStreamId = (lotId: string): string => `${STREAM_PREFIXES.lot}${lotId}`;
export const commentStreamId = (lotId: string): string => `${STREAM_PREFIXES.lotComments}${lotId}`;
export const lotReportStreamId = (lotId: string): string => `${STREAM_PREFIXES.lotReports}${lotId}`;
export const watchlistStreamId = (userId: string): string => `${STREAM_PREFIXES.watchlist}${userId}`;
export const bidIdStreamId = (bidId: string): string => `${STREAM_PREFIXES.bidId}${bidId}`;
// `lotAttemptsStreamId` stays exported from integration/bid-audit-events.ts (the audit's contract).

/** Longest prefix first, so `lot-comments-x` is a comment stream and not the lot `comments-x`. */
const BY_LENGTH = (Object.entries(STREAM_PREFIXES) as Array<[AuctionStreamKind, string]>).sort(([, a], [, b]) => b.length - a.length);

/** The kind and id of an auction stream, or null for a stream of another service (or a malformed id). */
export function parseStreamId(streamId: string): { kind: AuctionStreamKind; id: string } | null {
  for (const [kind, prefix] of BY_LENGTH) {
    if (streamId.startsWith(prefix) && streamId.length > prefix.length) return { kind, id: streamId.slice(prefix.length) };
  }
  return null;
}

/** The lot id of a lot's own stream (`lot-<id>`), or null for any other stream (attempts, comments, reports included). */
export function lotIdOfStream(streamId: string): string | null {
  const parsed = parseStreamId(streamId);
  return parsed?.kind === 'lot' ? parsed.id : null;
}

/** Whether the stream is a lot's own stream (not its attempts, comments or reports). */
export const isLotStream = (streamId: string): boolean => lotIdOfStream(streamId) !== null;
