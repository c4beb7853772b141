import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

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

/** Version-tolerant decoder of the listing expiry events: `listingId` is required. */
export const decodeListingEvent = familyDecoder({
  [LISTING_EVENTS.expiryReminderDue]: z.object({
    listingId: field.id(),
    brand: field.text(),
    userId: field.text(),
    title: field.text(),
    expiry: field.text(),
    reminder: field.oneOf(['FIRST', 'SECOND'], 'FIRST'),
    daysLeft: z.number().nonnegative().transform(Math.round).catch(0),
  }) satisfies z.ZodType<ListingExpiryReminderDueData>,
  // `title` is '' in events written before it existed: readers use their generic wording.
  [LISTING_EVENTS.expired]: z.object({
    listingId: field.id(),
    brand: field.text(),
    userId: field.text(),
    title: field.text(),
    expiry: field.text(),
  }) satisfies z.ZodType<ListingExpiredData>,
});

export type ListingEvent = NonNullable<ReturnType<typeof decodeListingEvent>>;
