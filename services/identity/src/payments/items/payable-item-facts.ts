import { decodeLotEvent, decodePayableItemEvent, directorySlug, lotIdOfStream, PAYABLE_ITEM_EVENTS } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';

/** What identity knows of a payable item: enough to check a payment and to name it on receipts. */
export interface PayableItemFacts {
  brand: string;
  itemType: 'DIRECTORY' | 'LISTING' | 'AUCTION';
  itemId: string;
  ownerId: string | null;
  name: string;
  /** Its page in the web app (web/src/app/AppRoutes.tsx), null when it has none. */
  path: string | null;
  deleted: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const segment = (value: string): string => encodeURIComponent(value);

/** /directory/update/<name slug>: the owner's page of the entry (the same slug as the web's, one rule). */
export function directoryPath(name: string): string {
  return `/directory/update/${segment(directorySlug(name))}`;
}

export function listingPath(category: string, type: string, slug: string): string {
  return `/paddock/${segment(category)}/${segment(type)}/${segment(slug)}`;
}

export function lotPath(slug: string): string {
  return `/auction/lot/${segment(slug)}`;
}

/**
 * One catalogue announcement as the item's whole state after it (each event is a snapshot), or
 * null for an event that is not an announcement or lacks what a payment check needs.
 */
export function payableItemFromEvent(recorded: RecordedEvent): PayableItemFacts | null {
  const event = decodePayableItemEvent(recorded);
  if (!event) return null;
  const brand = text(event.data.brand) ?? recorded.metadata.brand;
  switch (event.type) {
    case PAYABLE_ITEM_EVENTS.directoryCreated:
    case PAYABLE_ITEM_EVENTS.directoryChanged: {
      const name = text(event.data.name);
      if (name === null) return null;
      const { directoryId, userId } = event.data;
      return { brand, itemType: 'DIRECTORY', itemId: directoryId, ownerId: text(userId), name, path: directoryPath(name), deleted: false };
    }
    case PAYABLE_ITEM_EVENTS.listingDeleted:
      return {
        brand,
        itemType: 'LISTING',
        itemId: event.data.listingId,
        ownerId: text(event.data.userId),
        name: '',
        path: null,
        deleted: true,
      };
    default: {
      const { listingId, userId, name, category, type, slug } = event.data;
      const [pageCategory, pageType, pageSlug] = [text(category), text(type), text(slug)];
      return {
        brand,
        itemType: 'LISTING',
        itemId: listingId,
        ownerId: text(userId),
        name: text(name) ?? '',
        path: pageCategory && pageType && pageSlug ? listingPath(pageCategory, pageType, pageSlug) : null,
        deleted: false,
      };
    }
  }
}

/** The item's state after a whole stream (`directory-<id>`, `listing-<id>`), null when never announced. */
export function payableItemFromStream(events: RecordedEvent[]): PayableItemFacts | null {
  return events.reduce<PayableItemFacts | null>((facts, event) => {
    const next = payableItemFromEvent(event);
    if (!next) return facts;
    // A deletion keeps the last known name (receipts of earlier payments).
    return next.deleted && facts ? { ...facts, deleted: true } : next;
  }, null);
}

/** An auction lot's seller, title and page from its log (LotCreated, then title changes); null when not the brand's lot. */
export function lotFromStream(events: RecordedEvent[], brand: string): PayableItemFacts | null {
  const first = events[0];
  const created = first ? decodeLotEvent(first) : null;
  if (!first || created?.type !== 'LotCreated' || created.data.brand !== brand) return null;
  let name = text(created.data.title) ?? '';
  for (const recorded of events) {
    const event = decodeLotEvent(recorded);
    const changed = event?.type === 'LotUpdated' ? text(event.data.changes.title) : null;
    if (changed) name = changed;
  }
  const slug = text(created.data.slug);
  return {
    brand,
    itemType: 'AUCTION',
    itemId: lotIdOfStream(first.streamId) ?? created.data.lotId,
    ownerId: text(created.data.sellerId),
    name,
    path: slug ? lotPath(slug) : null,
    deleted: false,
  };
}
