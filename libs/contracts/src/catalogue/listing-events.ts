/**
 * Integration events about Paddock listings, appended by the catalogue service on stream
 * `listing-<id>`. `ListingExpiryReminderDue` asks the email side (identity's outbox) to remind
 * the seller (identity's ListingEmailsProcessor sends them, and the `ListingExpired` notice): FIRST daysBeforeExpiry days before the expiry, SECOND emailExpiryOffset days before.
 */
export const LISTING_EVENTS = {
  expiryReminderDue: 'ListingExpiryReminderDue',
  expired: 'ListingExpired',
} as const;

export const LISTING_STREAM_PREFIX = 'listing-';

export function listingStreamId(id: string): string {
  return `${LISTING_STREAM_PREFIX}${id}`;
}

export interface ListingExpiryReminderDueData {
  listingId: string;
  brand: string;
  userId: string;
  title: string;
  expiry: string;
  reminder: 'FIRST' | 'SECOND';
  daysLeft: number;
}

export interface ListingExpiredData {
  listingId: string;
  brand: string;
  userId: string;
  /** Added after the first version: readers fall back to a generic wording without it. */
  title?: string;
  expiry: string;
}
