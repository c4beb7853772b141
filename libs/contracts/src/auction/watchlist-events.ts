/** A user's watchlist (`watchlist-<userId>`): watch and unwatch lots. Read through `decodeWatchlistEvent`. */
export const WATCHLIST_EVENTS = {
  watched: 'LotWatched',
  unwatched: 'LotUnwatched',
} as const;

export type WatchlistEventType = (typeof WATCHLIST_EVENTS)[keyof typeof WATCHLIST_EVENTS];
export const WATCHLIST_EVENT_TYPES: readonly WatchlistEventType[] = Object.values(WATCHLIST_EVENTS);

export type WatchlistEvent =
  | { type: 'LotWatched'; data: { userId: string; lotId: string; brand: string; watchedAt: string } }
  | { type: 'LotUnwatched'; data: { userId: string; lotId: string; brand: string; unwatchedAt: string } };
