/** Stream naming (docs/architecture.md section 3): the published contract's, under the service's old import path. */
export { LOT_STREAM_PREFIX, lotAttemptsStreamId, lotStreamId, watchlistStreamId } from '@trackside/contracts';
