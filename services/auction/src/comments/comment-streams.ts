/** Stream naming of the comments slice (docs/architecture.md section 3). */
export const COMMENT_STREAM_PREFIX = 'lot-comments-';
export const commentStreamId = (lotId: string): string => `${COMMENT_STREAM_PREFIX}${lotId}`;

/** Integration events of identity's user streams (identity appends them; we only read). */
export const USER_STREAM_PREFIX = 'user-';
export const USER_DELETED = 'UserDeleted';
