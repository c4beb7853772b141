import type { RecordedEvent } from '@trackside/event-store';
import type { LotEvent } from '../domain';
import type { LotSearchDocument } from './search-index.port';

/**
 * Folds a lot's events into its search document (pure: no I/O). It mirrors the domain's `evolve`
 * for the fields the index holds, reading event data defensively: stored events are never
 * rewritten, so older shapes must still fold.
 */

/** Every lot event type, and whether the search document depends on it. */
const SEARCH_RELEVANT: Record<LotEvent['type'], boolean> = {
  LotCreated: true,
  LotUpdated: true,
  LotApproved: true,
  LotDisapproved: true,
  LotScheduled: true,
  LotShared: false,
  LotUnshared: false,
  LotHostAccepted: true,
  LotHostDeclined: true,
  LotWentLive: true,
  BidPlaced: true,
  LotEndExtended: true,
  LotEnded: true,
  BidVoided: true,
  LotCanceled: true,
  LotRelisted: true,
  // A maximum is private and changes no visible field (docs/proxy-bidding.md).
  MaxBidSet: false,
};

/** Event types the search processor reads (the filter of its subscription). */
export const SEARCH_EVENT_TYPES: string[] = Object.entries(SEARCH_RELEVANT)
  .filter(([, relevant]) => relevant)
  .map(([type]) => type);

type Data = Record<string, unknown>;
type SearchEvent = Pick<RecordedEvent, 'type' | 'data' | 'version'> & { metadata?: { brand?: string } };

const object = (value: unknown): Data => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {});

/** A text value, trimmed; numbers become their decimal text (a year may be stored as 1974). */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function cents(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

function instant(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const fieldValue = (dataFields: unknown, name: string): string | null => text(object(object(dataFields)[name]).value);

const currentPrice = (startPriceCents: number, topBidCents: number | null): number => topBidCents ?? startPriceCents;

/**
 * The document after `event`, or `null` when the event leaves it as it was (unknown type, an
 * event for a lot the index never saw created, or a version already applied).
 */
export function evolveSearchDocument(lotId: string, document: LotSearchDocument | null, event: SearchEvent): LotSearchDocument | null {
  const data = object(event.data);
  if (event.type === 'LotCreated') {
    return document ? null : createdDocument(lotId, event, data);
  }
  if (!document || event.version <= document.version) return null;
  const next = { ...document, version: event.version };
  switch (event.type as LotEvent['type']) {
    case 'LotUpdated':
      return applyChanges(next, object(data.changes ?? data));
    case 'LotApproved':
      return { ...next, status: 'APPROVED' };
    case 'LotDisapproved':
      return { ...next, status: 'PENDING', scheduledStart: null, finalEnd: null };
    case 'LotScheduled':
      return {
        ...next,
        status: 'SCHEDULED',
        scheduledStart: instant(data.scheduledStart),
        finalEnd: instant(data.finalEnd ?? data.scheduledEnd),
      };
    case 'LotHostAccepted': {
      const host = text(data.hostBrand);
      return host && !next.hosts.includes(host) ? { ...next, hosts: [...next.hosts, host] } : next;
    }
    case 'LotHostDeclined': {
      const host = text(data.hostBrand);
      return { ...next, hosts: next.hosts.filter((brand) => brand !== host) };
    }
    case 'LotWentLive':
      return { ...next, status: 'LIVE' };
    case 'BidPlaced': {
      // Accepted bids always exceed the top bid, so the newest accepted bid is the top bid.
      const topBidCents = cents(data.amountCents) ?? next.topBidCents;
      return { ...next, topBidCents, currentPriceCents: currentPrice(next.startPriceCents, topBidCents) };
    }
    case 'LotEndExtended':
      return { ...next, finalEnd: instant(data.newEnd) ?? next.finalEnd };
    case 'LotEnded':
      return { ...next, status: text(data.status) ?? next.status };
    case 'BidVoided': {
      // The event names the top bid left standing (docs/decisions.md "Staff remedies").
      const topBidCents = cents(object(data.topBid).amountCents);
      const status = text(object(data.outcome).status) ?? next.status;
      return { ...next, status, topBidCents, currentPriceCents: currentPrice(next.startPriceCents, topBidCents) };
    }
    case 'LotCanceled':
      return { ...next, status: 'CANCELED' };
    case 'LotRelisted':
      return {
        ...next,
        status: 'APPROVED',
        topBidCents: null,
        currentPriceCents: next.startPriceCents,
        scheduledStart: null,
        finalEnd: null,
      };
    case 'LotShared':
    case 'LotUnshared':
    case 'LotCreated':
      return next;
    default:
      // A newer event type this code does not know: keep the document, note the version.
      return next;
  }
}

/** The document a `LotCreated` event starts. */
function createdDocument(lotId: string, event: SearchEvent, data: Data): LotSearchDocument {
  const images = object(data.images);
  const startPriceCents = cents(data.startPriceCents) ?? 0;
  return {
    id: lotId,
    brand: text(data.brand) ?? text(event.metadata?.brand) ?? '',
    hosts: [],
    status: 'PENDING',
    sellerType: text(data.sellerType),
    country: text(object(data.address).country),
    make: fieldValue(data.dataFields, 'make'),
    model: fieldValue(data.dataFields, 'model'),
    year: fieldValue(data.dataFields, 'year'),
    title: text(data.title) ?? '',
    description: text(data.description),
    userDescription: text(data.userDescription),
    startPriceCents,
    topBidCents: null,
    currentPriceCents: startPriceCents,
    scheduledStart: null,
    finalEnd: null,
    coverImage: text(images.coverImage),
    slug: text(data.slug) ?? lotId,
    currency: text(data.currency) ?? 'USD',
    version: event.version,
  };
}

/** `LotUpdated` carries only the changed fields; absent keys keep their value. */
function applyChanges(next: LotSearchDocument, changes: Data): LotSearchDocument {
  const updated = { ...next };
  if ('title' in changes) updated.title = text(changes.title) ?? next.title;
  if ('sellerType' in changes) updated.sellerType = text(changes.sellerType);
  if ('description' in changes) updated.description = text(changes.description);
  if ('userDescription' in changes) updated.userDescription = text(changes.userDescription);
  if ('currency' in changes) updated.currency = text(changes.currency) ?? next.currency;
  if ('address' in changes) updated.country = text(object(changes.address).country);
  if ('dataFields' in changes) {
    updated.make = fieldValue(changes.dataFields, 'make');
    updated.model = fieldValue(changes.dataFields, 'model');
    updated.year = fieldValue(changes.dataFields, 'year');
  }
  // The domain replaces the whole image set on update, cover included.
  if ('images' in changes) updated.coverImage = text(object(changes.images).coverImage);
  return updated;
}
