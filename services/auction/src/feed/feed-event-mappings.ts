import {
  LOT_STREAM_PREFIX,
  type BidRef,
  type DataField,
  type FeedEventData,
  type FeedEventType,
  type LotDetails,
  type LotEvent,
  type LotEventData,
  type LotImages,
  type LotOutcome,
} from '@trackside/contracts';
import type { Pseudonymizer } from './feed-pseudonym';

/** What a mapping may use besides the stored event data. */
export interface FeedMappingTools {
  /** The pseudonymous reference of a user id (null for none). */
  ref: Pseudonymizer;
}

/**
 * How one stored event type becomes a feed event: the stream it lives in (the lot id follows the
 * prefix in the stream id) and an allow-list mapping of its data. Mappings take the data as the
 * contract's decoder read it (decodeLotEvent: old events upgraded, missing fields defaulted) and
 * copy field by field: nothing reaches the feed unless it is named here and in the feed schema
 * (libs/contracts/src/feed).
 */
export interface FeedEventMapping<TType extends FeedEventType> {
  streamPrefix: string;
  /** The `stream` field of the feed message. */
  stream: string;
  toData(data: LotEventData<TType>, tools: FeedMappingTools): FeedEventData<TType>;
}

export type FeedEventMappings = { [TType in FeedEventType]: FeedEventMapping<TType> };

const LOT = { streamPrefix: LOT_STREAM_PREFIX, stream: 'lot' } as const;

const int = (value: number): number => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
const instant = (value: string): string => {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : new Date(0).toISOString();
};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Vehicle properties shown on the lot page; hidden ones are internal and stay out. */
function publicDataFields(value: Record<string, DataField>): FeedEventData<'LotCreated'>['dataFields'] {
  const fields: FeedEventData<'LotCreated'>['dataFields'] = {};
  // Field contents are the seller's free-form input (the decoder keeps them as given), hence `str`.
  for (const [name, field] of Object.entries(value)) {
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
function publicImages(images: LotImages): FeedEventData<'LotCreated'>['images'] {
  return {
    exterior: strings(images.exterior),
    interior: strings(images.interior),
    mechanical: strings(images.mechanical),
    coverImage: str(images.coverImage),
  };
}

/** The publishable part of a lot description (create, or the changed part of an update). */
function publicDetails(data: Partial<LotDetails>): Partial<FeedEventData<'LotCreated'>> {
  const details: Partial<FeedEventData<'LotCreated'>> = {};
  if (data.title !== undefined) details.title = data.title;
  if (data.sellerType !== undefined) details.sellerType = data.sellerType;
  if (data.description !== undefined) details.description = data.description;
  if (data.excerpt !== undefined) details.excerpt = data.excerpt;
  if (data.currency !== undefined) details.currency = data.currency;
  if (data.reserveCents !== undefined) details.reserveCents = int(data.reserveCents);
  // The address is personal beyond its country.
  if (data.address !== undefined) details.country = str(data.address.country);
  if (data.dataFields !== undefined) details.dataFields = publicDataFields(data.dataFields);
  if (data.images !== undefined) details.images = publicImages(data.images);
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
      ...(publicDetails(data) as FeedEventData<'LotCreated'>),
      slug: data.slug,
      status: 'PENDING',
      sellerRef: ref(data.sellerId || null) ?? '',
      startPriceCents: int(data.startPriceCents),
      minIncrementCents: int(data.minIncrementCents),
      createdAt: instant(data.createdAt),
    }),
  },
  LotUpdated: {
    ...LOT,
    toData: (data) => ({ changes: publicDetails(data.changes), updatedAt: instant(data.updatedAt) }),
  },
  LotApproved: { ...LOT, toData: (data) => ({ approvedAt: instant(data.approvedAt) }) },
  // The disapproval reason is a note from staff to the seller, not a market fact.
  LotDisapproved: { ...LOT, toData: (data) => ({ disapprovedAt: instant(data.disapprovedAt) }) },
  LotScheduled: {
    ...LOT,
    toData: (data) => ({
      scheduledStart: instant(data.scheduledStart),
      scheduledEnd: instant(data.scheduledEnd),
      finalEnd: instant(data.finalEnd),
    }),
  },
  LotShared: { ...LOT, toData: (data) => ({ sharedAt: instant(data.sharedAt) }) },
  LotUnshared: { ...LOT, toData: (data) => ({ unsharedAt: instant(data.unsharedAt) }) },
  LotHostAccepted: { ...LOT, toData: (data) => ({ hostBrand: data.hostBrand, acceptedAt: instant(data.acceptedAt) }) },
  LotHostDeclined: { ...LOT, toData: (data) => ({ hostBrand: data.hostBrand, declinedAt: instant(data.declinedAt) }) },
  LotWentLive: { ...LOT, toData: (data) => ({ wentLiveAt: instant(data.wentLiveAt) }) },
  BidPlaced: {
    ...LOT,
    toData: (data, { ref }) => ({
      bidId: data.bidId,
      bidderRef: ref(data.bidderId || null) ?? '',
      amountCents: int(data.amountCents),
      isFirstBid: data.isFirstBid,
      placedAt: instant(data.placedAt),
    }),
  },
  LotEndExtended: {
    ...LOT,
    // A staff extension has no bid (bidId null); its reason is a staff note, not a market fact.
    toData: (data) => ({ previousEnd: instant(data.previousEnd), newEnd: instant(data.newEnd), bidId: data.bidId }),
  },
  LotEnded: {
    ...LOT,
    toData: (data, { ref }) => ({
      status: data.status,
      finalPriceCents: data.finalPriceCents === null ? null : int(data.finalPriceCents),
      winnerRef: ref(data.winnerId),
      endedAt: instant(data.endedAt),
    }),
  },
  // Remedies (docs/decisions.md "Staff remedies"): people by reference as for bids, reasons left out.
  BidVoided: {
    ...LOT,
    toData: (data, { ref }) => ({
      bidId: data.bidId,
      bidderRef: ref(data.bidderId || null) ?? '',
      amountCents: int(data.amountCents),
      voidedAt: instant(data.voidedAt),
      topBid: voidedTopBid(data.topBid, ref),
      bidCount: int(data.bidCount),
      outcome: voidedOutcome(data.outcome, ref),
    }),
  },
  LotCanceled: { ...LOT, toData: (data) => ({ canceledAt: instant(data.canceledAt), previousStatus: data.previousStatus }) },
  LotRelisted: { ...LOT, toData: (data) => ({ relistedAt: instant(data.relistedAt), previousStatus: data.previousStatus }) },
};

function voidedTopBid(top: BidRef | null, ref: Pseudonymizer): FeedEventData<'BidVoided'>['topBid'] {
  if (!top) return null;
  return { bidId: top.bidId, bidderRef: ref(top.bidderId || null) ?? '', amountCents: int(top.amountCents) };
}

function voidedOutcome(outcome: LotOutcome | null, ref: Pseudonymizer): FeedEventData<'BidVoided'>['outcome'] {
  if (!outcome) return null;
  return {
    status: outcome.status,
    finalPriceCents: outcome.finalPriceCents === null ? null : int(outcome.finalPriceCents),
    winnerRef: ref(outcome.winnerId),
  };
}

/** Stream prefixes of every mapped event type (the relay's read filter). */
export function feedStreamPrefixes(mappings: FeedEventMappings = FEED_EVENT_MAPPINGS): string[] {
  return [...new Set(Object.values(mappings).map((mapping) => mapping.streamPrefix))];
}

/** The feed data of a decoded lot event of a published type, by its type's mapping. */
export function feedDataOf(
  event: Extract<LotEvent, { type: FeedEventType }>,
  tools: FeedMappingTools,
  mappings: FeedEventMappings = FEED_EVENT_MAPPINGS,
): FeedEventData<FeedEventType> {
  // TypeScript cannot pair a union's type with its data across the table; the table's own type does.
  const toData = mappings[event.type].toData as (data: typeof event.data, tools: FeedMappingTools) => FeedEventData<FeedEventType>;
  return toData(event.data, tools);
}
