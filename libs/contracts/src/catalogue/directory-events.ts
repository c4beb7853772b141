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

/**
 * What the catalogue consumes from the payments layer: `PaymentSucceeded` (any stream) whose
 * `itemType` is DIRECTORY turns the entry's featured subscription on. The payments side owns the
 * event; this is the part of its data the catalogue reads (unknown fields are ignored).
 */
export const DIRECTORY_PAYMENT_EVENTS = {
  succeeded: 'PaymentSucceeded',
} as const;

export interface DirectoryPaymentSucceededData {
  itemType: string;
  /** The directory entry id. */
  itemId: string;
  brand: string;
  packageId?: string | null;
  paymentType?: string | null;
  userId?: string | null;
  /** PAID, or FREE (a 100 % promotion when promotionId is set); only these may grant a paid plan. */
  status?: string | null;
  promotionId?: string | null;
}
