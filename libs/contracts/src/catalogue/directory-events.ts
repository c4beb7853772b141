/**
 * Integration events about directory entries, appended by the catalogue service on stream
 * `directory-<id>` (payments can stop a recurring charge when a subscription is cancelled).
 */
export const DIRECTORY_EVENTS = {
  subscriptionCanceled: 'DirectorySubscriptionCanceled',
} as const;

export const DIRECTORY_STREAM_PREFIX = 'directory-';

export function directoryStreamId(id: string): string {
  return `${DIRECTORY_STREAM_PREFIX}${id}`;
}

export interface DirectorySubscriptionCanceledData {
  directoryId: string;
  brand: string;
  userId: string;
}
