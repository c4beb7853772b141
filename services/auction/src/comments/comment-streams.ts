/** Stream naming of the comments slice (docs/architecture.md section 3). */
export const COMMENT_STREAM_PREFIX = 'lot-comments-';
export const commentStreamId = (lotId: string): string => `${COMMENT_STREAM_PREFIX}${lotId}`;
/** Reports of a lot, apart from its own stream so that reporting never bumps the lot's version. */
export const LOT_REPORT_STREAM_PREFIX = 'lot-reports-';
export const lotReportStreamId = (lotId: string): string => `${LOT_REPORT_STREAM_PREFIX}${lotId}`;

/** Integration events of identity's user streams (identity appends them; we only read). */
export const USER_STREAM_PREFIX = 'user-';
export const USER_DELETED = 'UserDeleted';
