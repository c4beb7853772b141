import type { FeedEventData, FeedEventType } from '@trackside/contracts';
import type { Pseudonymizer } from './feed-pseudonym';

type Data = Record<string, unknown>;

/** What a mapping may use besides the stored event data. */
export interface FeedMappingTools {
  /** The pseudonymous reference of a user id (null for none). */
  ref: Pseudonymizer;
}

/**
 * How one stored event type becomes a feed event: the stream it lives in (the lot id follows the
 * prefix in the stream id) and an allow-list mapping of its data. Mappings read stored data
 * defensively (old events stay readable) and copy field by field: nothing reaches the feed unless
 * it is named here and in the contract schema (libs/contracts/src/feed).
 */
export interface FeedEventMapping<TType extends FeedEventType> {
  streamPrefix: string;
  /** The `stream` field of the feed message. */
  stream: string;
  toData(data: Data, tools: FeedMappingTools): FeedEventData<TType>;
}

export type FeedEventMappings = { [TType in FeedEventType]: FeedEventMapping<TType> };

const LOT = { streamPrefix: 'lot-', stream: 'lot' } as const;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const int = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : 0;
};
const instant = (value: unknown): string => {
  const parsed = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : new Date(0).toISOString();
};
const obj = (value: unknown): Data => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : {});
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Vehicle properties shown on the lot page; hidden ones are internal and stay out. */
function publicDataFields(value: unknown): FeedEventData<'LotCreated'>['dataFields'] {
  const fields: FeedEventData<'LotCreated'>['dataFields'] = {};
  for (const [name, raw] of Object.entries(obj(value))) {
    const field = obj(raw);
    if (field.hidden === true) continue;
    fields[name] = {
      label: str(field.label),
      value: field.value ?? null,
      childName: str(field.childName),
      order: typeof field.order === 'number' ? field.order : null,
    };
  }
  return fields;
}

/** Photos only: `documents` may show registration papers and the people on them. */
function publicImages(value: unknown): FeedEventData<'LotCreated'>['images'] {
  const images = obj(value);
  return {
    exterior: strings(images.exterior),
    interior: strings(images.interior),
    mechanical: strings(images.mechanical),
    coverImage: str(images.coverImage),
  };
}

/** The publishable part of a lot description (create, or the changed part of an update). */
function publicDetails(data: Data, partial: boolean): Partial<FeedEventData<'LotCreated'>> {
  const has = (key: string): boolean => !partial || Object.hasOwn(data, key);
  const details: Partial<FeedEventData<'LotCreated'>> = {};
  if (has('title')) details.title = text(data.title);
  if (has('sellerType')) details.sellerType = str(data.sellerType);
  if (has('description')) details.description = str(data.description);
  if (has('excerpt')) details.excerpt = str(data.excerpt);
  if (has('currency')) details.currency = text(data.currency, 'USD');
  if (has('reserveCents')) details.reserveCents = int(data.reserveCents);
  // The address is personal beyond its country.
  if (has('address')) details.country = str(obj(data.address).country);
  if (has('dataFields')) details.dataFields = publicDataFields(data.dataFields);
  if (has('images')) details.images = publicImages(data.images);
  return details;
}

/**
 * Every event type the feed publishes. Adding one (for example the comment events of streams
 * `lot-comments-<lotId>`) is one entry here plus its data schema in the contract; the relay's
 * filters, validation and the staff API's list of event types follow from these two tables.
 */
export const FEED_EVENT_MAPPINGS: FeedEventMappings = {
  LotCreated: {
    ...LOT,
    toData: (data, { ref }) => ({
      ...(publicDetails(data, false) as FeedEventData<'LotCreated'>),
      slug: text(data.slug),
      status: 'PENDING',
      sellerRef: ref(str(data.sellerId)) ?? '',
      startPriceCents: int(data.startPriceCents),
      minIncrementCents: int(data.minIncrementCents),
      createdAt: instant(data.createdAt),
    }),
  },
  LotUpdated: {
    ...LOT,
    toData: (data) => ({ changes: publicDetails(obj(data.changes), true), updatedAt: instant(data.updatedAt) }),
  },
  LotApproved: { ...LOT, toData: (data) => ({ approvedAt: instant(data.approvedAt) }) },
  // The disapproval reason is a note from staff to the seller, not a market fact.
  LotDisapproved: { ...LOT, toData: (data) => ({ disapprovedAt: instant(data.disapprovedAt) }) },
  LotScheduled: {
    ...LOT,
    toData: (data) => ({
      scheduledStart: instant(data.scheduledStart),
      scheduledEnd: instant(data.scheduledEnd),
      finalEnd: instant(data.finalEnd ?? data.scheduledEnd),
    }),
  },
  LotShared: { ...LOT, toData: (data) => ({ sharedAt: instant(data.sharedAt) }) },
  LotUnshared: { ...LOT, toData: (data) => ({ unsharedAt: instant(data.unsharedAt) }) },
  LotHostAccepted: { ...LOT, toData: (data) => ({ hostBrand: text(data.hostBrand), acceptedAt: instant(data.acceptedAt) }) },
  LotHostDeclined: { ...LOT, toData: (data) => ({ hostBrand: text(data.hostBrand), declinedAt: instant(data.declinedAt) }) },
  LotWentLive: { ...LOT, toData: (data) => ({ wentLiveAt: instant(data.wentLiveAt) }) },
  BidPlaced: {
    ...LOT,
    toData: (data, { ref }) => ({
      bidId: text(data.bidId),
      bidderRef: ref(str(data.bidderId)) ?? '',
      amountCents: int(data.amountCents),
      isFirstBid: data.isFirstBid === true,
      placedAt: instant(data.placedAt),
    }),
  },
  LotEndExtended: {
    ...LOT,
    // A staff extension has no bid (bidId null); its reason is a staff note, not a market fact.
    toData: (data) => ({ previousEnd: instant(data.previousEnd), newEnd: instant(data.newEnd), bidId: str(data.bidId) }),
  },
  LotEnded: {
    ...LOT,
    toData: (data, { ref }) => ({
      status: data.status === 'SOLD' ? 'SOLD' : 'RESERVE_NOT_MET',
      finalPriceCents: data.finalPriceCents === null || data.finalPriceCents === undefined ? null : int(data.finalPriceCents),
      winnerRef: ref(str(data.winnerId)),
      endedAt: instant(data.endedAt),
    }),
  },
  // Remedies (docs/decisions.md "Staff remedies"): people by reference as for bids, reasons left out.
  BidVoided: {
    ...LOT,
    toData: (data, { ref }) => ({
      bidId: text(data.bidId),
      bidderRef: ref(str(data.bidderId)) ?? '',
      amountCents: int(data.amountCents),
      voidedAt: instant(data.voidedAt),
      topBid: voidedTopBid(data.topBid, ref),
      bidCount: int(data.bidCount),
      outcome: voidedOutcome(data.outcome, ref),
    }),
  },
  LotCanceled: { ...LOT, toData: (data) => ({ canceledAt: instant(data.canceledAt), previousStatus: lotStatus(data.previousStatus) }) },
  LotRelisted: { ...LOT, toData: (data) => ({ relistedAt: instant(data.relistedAt), previousStatus: lotStatus(data.previousStatus) }) },
};

const LOT_STATUSES = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED'] as const;
function lotStatus(value: unknown): (typeof LOT_STATUSES)[number] {
  return LOT_STATUSES.find((status) => status === value) ?? 'PENDING';
}

function voidedTopBid(value: unknown, ref: Pseudonymizer): FeedEventData<'BidVoided'>['topBid'] {
  if (!value || typeof value !== 'object') return null;
  const top = obj(value);
  return { bidId: text(top.bidId), bidderRef: ref(str(top.bidderId)) ?? '', amountCents: int(top.amountCents) };
}

function voidedOutcome(value: unknown, ref: Pseudonymizer): FeedEventData<'BidVoided'>['outcome'] {
  if (!value || typeof value !== 'object') return null;
  const outcome = obj(value);
  return {
    status: outcome.status === 'SOLD' ? 'SOLD' : 'RESERVE_NOT_MET',
    finalPriceCents: outcome.finalPriceCents === null || outcome.finalPriceCents === undefined ? null : int(outcome.finalPriceCents),
    winnerRef: ref(str(outcome.winnerId)),
  };
}

/** Stream prefixes of every mapped event type (the relay's read filter). */
export function feedStreamPrefixes(mappings: FeedEventMappings = FEED_EVENT_MAPPINGS): string[] {
  return [...new Set(Object.values(mappings).map((mapping) => mapping.streamPrefix))];
}
