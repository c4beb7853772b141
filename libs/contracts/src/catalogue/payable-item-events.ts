import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

/**
 * The catalogue's payable items announced on the event log (issue 17, "Prices come from the
 * server"): who owns a directory entry or a Paddock listing and what it is called, so identity can
 * refuse a payment for a missing item (payment.item.notFound) or another user's item
 * (payment.access.denied) before anything is charged, and show the item's name on receipts.
 *
 * Directory entries: stream `directory-<id>` (directoryStreamId); listings: `listing-<id>`
 * (listingStreamId). Each `…Created` and `…Changed` event carries the item's whole payable state
 * (a snapshot, not a diff), so a reader keeps the latest one and needs no earlier event. The
 * catalogue appends them in the same database transaction as the row (PostgreSQL event store),
 * and announces rows that have no `…Created` event yet at boot (rows from before these events).
 * Data is version tolerant: readers ignore unknown fields.
 */
export const PAYABLE_ITEM_EVENTS = {
  directoryCreated: 'DirectoryCreated',
  /** A rename, or an owner change (a claimed entry gets its first owner). */
  directoryChanged: 'DirectoryChanged',
  listingCreated: 'ListingCreated',
  /** A new title (and so slug), category or type. */
  listingChanged: 'ListingChanged',
  listingDeleted: 'ListingDeleted',
} as const;

export interface DirectoryAnnouncedData {
  directoryId: string;
  brand: string;
  /** The owner; null for a claimable entry nobody has claimed yet (then only staff may pay for it). */
  userId: string | null;
  name: string;
}

export interface ListingAnnouncedData {
  listingId: string;
  brand: string;
  userId: string;
  /** The listing's title. */
  name: string;
  /** The public page is /paddock/<category>/<type>/<slug> (web/src/pages/paddock). */
  category: string;
  type: string;
  slug: string;
}

export interface ListingDeletedData {
  listingId: string;
  brand: string;
  userId: string;
}

const directoryAnnounced = z.object({
  directoryId: field.id(),
  brand: field.text(),
  userId: field.optionalText(),
  name: field.text(),
}) satisfies z.ZodType<DirectoryAnnouncedData>;

const listingAnnounced = z.object({
  listingId: field.id(),
  brand: field.text(),
  userId: field.text(),
  name: field.text(),
  category: field.text(),
  type: field.text(),
  slug: field.text(),
}) satisfies z.ZodType<ListingAnnouncedData>;

/** Version-tolerant decoder of the payable item announcements: the item's id is required. */
export const decodePayableItemEvent = familyDecoder({
  [PAYABLE_ITEM_EVENTS.directoryCreated]: directoryAnnounced,
  [PAYABLE_ITEM_EVENTS.directoryChanged]: directoryAnnounced,
  [PAYABLE_ITEM_EVENTS.listingCreated]: listingAnnounced,
  [PAYABLE_ITEM_EVENTS.listingChanged]: listingAnnounced,
  [PAYABLE_ITEM_EVENTS.listingDeleted]: z.object({
    listingId: field.id(),
    brand: field.text(),
    userId: field.text(),
  }) satisfies z.ZodType<ListingDeletedData>,
});

export type PayableItemEvent = NonNullable<ReturnType<typeof decodePayableItemEvent>>;
