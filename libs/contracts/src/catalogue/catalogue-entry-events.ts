import { z } from 'zod';
import { familyDecoder, field } from '../codec/event-codec';

/**
 * "This entry's searchable state changed" (issue 22), appended by the catalogue on the entry's own
 * stream (`directory-<id>`, `listing-<id>`) in the transaction that changes the row, for the changes
 * no other event of that stream already tells (edits, staff review, groups). The catalogue's search
 * processor reads the row again on any event of the stream, so a search engine follows every change.
 */
export const CATALOGUE_ENTRY_EVENTS = {
  directoryUpdated: 'DirectoryEntryUpdated',
  listingUpdated: 'ListingUpdated',
} as const;

export interface CatalogueEntryUpdatedData {
  /** The directory entry's or the listing's id. */
  id: string;
  brand: string;
  /** What happened, for people reading the log: `edited`, `reviewed`, `grouped`. */
  change: string;
}

const updated = z.object({ id: field.id(), brand: field.text(), change: field.text() }) satisfies z.ZodType<CatalogueEntryUpdatedData>;

export const decodeCatalogueEntryEvent = familyDecoder({
  [CATALOGUE_ENTRY_EVENTS.directoryUpdated]: updated,
  [CATALOGUE_ENTRY_EVENTS.listingUpdated]: updated,
});
