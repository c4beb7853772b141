/** Stream naming (docs/architecture.md section 3). */
export const lotStreamId = (lotId: string): string => `lot-${lotId}`;
export const lotAttemptsStreamId = (lotId: string): string => `lot-attempts-${lotId}`;
export const watchlistStreamId = (userId: string): string => `watchlist-${userId}`;
export const LOT_STREAM_PREFIX = 'lot-';
