import { ACCOUNT_STATUS_EVENTS } from '@trackside/contracts';

/** Stream naming of the comments slice (docs/architecture.md section 3): the published contract's. */
export { COMMENT_STREAM_PREFIX, commentStreamId, LOT_REPORT_STREAM_PREFIX, lotReportStreamId } from '@trackside/contracts';

/** Integration events of identity's user streams (identity appends them; we only read). */
export { USER_STREAM_PREFIX } from '@trackside/contracts';
export const USER_DELETED = ACCOUNT_STATUS_EVENTS.deleted;
