/**
 * The auction's published event language (docs/decisions.md "Published event language (issue 19
 * part 1)"): lot, watchlist, comment and lot-report events, their stream ids, the one codec that
 * reads their data, and the read-side rules of a lot.
 */
export * from './lot-events';
export * from './watchlist-events';
export * from './comment-events';
export * from './stream-ids';
export * from './lot-rules';
export * from './lot-summary';
export { decodeLotEvent, decodeLotEvents } from './lot-event.codec';
export { decodeWatchlistEvent } from './watchlist-event.codec';
export { decodeCommentEvent, decodeLotReportEvent } from './comment-event.codec';
export * from './bid-id-events';
export { eventDataRecord, type RecordedEventLike, type RecordedLike } from '../codec/event-codec';
