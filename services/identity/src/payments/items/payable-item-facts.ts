import { PAYABLE_ITEM_EVENTS } from '@trackside/contracts';
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

/** /directory/update/<name slug>: the owner's page of the entry (the web's directorySlug). */
export function directoryPath(name: string): string {
  return `/directory/update/${segment(name.trim().toLowerCase().replace(/\s+/g, '-'))}`;
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
export function payableItemFromEvent(event: RecordedEvent): PayableItemFacts | null {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
  const brand = text(data.brand) ?? event.metadata.brand;
  switch (event.type) {
    case PAYABLE_ITEM_EVENTS.directoryCreated:
    case PAYABLE_ITEM_EVENTS.directoryChanged: {
      const id = text(data.directoryId);
      const name = text(data.name);
      if (!id || name === null) return null;
      return { brand, itemType: 'DIRECTORY', itemId: id, ownerId: text(data.userId), name, path: directoryPath(name), deleted: false };
    }
    case PAYABLE_ITEM_EVENTS.listingCreated:
    case PAYABLE_ITEM_EVENTS.listingChanged:
    case PAYABLE_ITEM_EVENTS.listingDeleted: {
      const id = text(data.listingId);
      if (!id) return null;
      const [category, type, slug] = [text(data.category), text(data.type), text(data.slug)];
      return {
        brand,
        itemType: 'LISTING',
        itemId: id,
        ownerId: text(data.userId),
        name: text(data.name) ?? '',
        path: category && type && slug ? listingPath(category, type, slug) : null,
        deleted: event.type === PAYABLE_ITEM_EVENTS.listingDeleted,
      };
    }
    default:
      return null;
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
  const created = events[0];
  const data = (created?.data ?? {}) as Record<string, unknown>;
  if (!created || created.type !== 'LotCreated' || data.brand !== brand) return null;
  let name = text(data.title) ?? '';
  for (const event of events) {
    const changed = (event.data as { changes?: { title?: unknown } } | null)?.changes?.title;
    if (event.type === 'LotUpdated' && text(changed)) name = String(changed);
  }
  const slug = text(data.slug);
  const lotId = created.streamId.replace(/^lot-/, '');
  return {
    brand,
    itemType: 'AUCTION',
    itemId: lotId,
    ownerId: text(data.sellerId),
    name,
    path: slug ? lotPath(slug) : null,
    deleted: false,
  };
}
