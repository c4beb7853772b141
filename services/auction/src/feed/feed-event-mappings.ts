import { isDeepStrictEqual } from 'node:util';
import {
  centsToMinorUnits,
  FEED_TEXT_PROPERTY_MAX,
  LOT_STREAM_PREFIX,
  type BidRef,
  type DataField,
  type FeedEventData,
  type FeedEventType,
  type LotEvent,
  type LotEventData,
  type LotImages,
  type LotOutcome,
} from '@trackside/contracts';
import { auctionPropertiesFor, type AuctionPropertyDefinition } from '../properties/auction-properties';
import type { Pseudonymizer } from './feed-pseudonym';
import { withoutContacts } from './feed-text';
import type { LotAround, LotDescription } from './lot-feed-facts';

/** What a mapping may use besides the stored event data. */
export interface FeedMappingTools {
  /** The pseudonymous reference of a user id in this brand's topic (null for none). */
  ref: Pseudonymizer;
  /** The brand that owns the lot (whose property definitions apply). */
  brand: string;
  /** The lot's description before and after the event (its currency, what an update changed). */
  lot: LotAround;
}

/**
 * How one stored event type becomes a feed event: the stream it lives in (the lot id follows the
 * prefix in the stream id) and an allow-list mapping of its data. Mappings take the data as the
 * contract's decoder read it (decodeLotEvent: old events upgraded, missing fields defaulted) and
 * copy field by field: nothing reaches the feed unless it is named here and in the feed schema
 * (libs/contracts/src/feed). Amounts leave as ISO 4217 minor units of the lot's currency.
 */
export interface FeedEventMapping<TType extends FeedEventType> {
  streamPrefix: string;
  /** The `stream` field of the feed message. */
  stream: string;
  toData(data: LotEventData<TType>, tools: FeedMappingTools): FeedEventData<TType>;
}

export type FeedEventMappings = { [TType in FeedEventType]: FeedEventMapping<TType> };

const LOT = { streamPrefix: LOT_STREAM_PREFIX, stream: 'lot' } as const;
const DEFAULT_CURRENCY = 'USD';

const int = (value: number): number => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
const instant = (value: string): string => {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : new Date(0).toISOString();
};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const freeText = (value: unknown): string | null => (typeof value === 'string' ? withoutContacts(value) : null);

/** The lot's currency after the event (an ISO code; the decider keeps 3-4 capitals). */
export function currencyOf(lot: LotDescription): string {
  const code = typeof lot.currency === 'string' ? lot.currency.trim().toUpperCase() : '';
  return /^[A-Z]{3,4}$/.test(code) ? code : DEFAULT_CURRENCY;
}

/** An internal cents amount in the lot currency's minor units. */
const minorIn =
  (currency: string) =>
  (cents: number | null | undefined): number =>
    centsToMinorUnits(int(typeof cents === 'number' ? cents : 0), currency);

/**
 * A property value of its definition's type, or undefined when it does not fit: numbers for number
 * properties, one of the options for selects, short text without contact details otherwise.
 * Objects, arrays and anything else a seller could send through the API's JSON stay out.
 */
function typedValue(definition: AuctionPropertyDefinition, value: unknown): string | number | undefined {
  if (definition.type === 'number') {
    const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
    return Number.isFinite(number) ? number : undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (definition.type === 'select') return definition.options?.includes(text) ? text : undefined;
  const cleaned = withoutContacts(text).slice(0, FEED_TEXT_PROPERTY_MAX);
  return cleaned === '' ? undefined : cleaned;
}

/**
 * Properties that identify one vehicle and, through registries, its keeper: left out although
 * defined (docs/events.md "Personal data").
 */
const IDENTIFYING_PROPERTIES = new Set(['vin']);

/**
 * The brand's defined, visible vehicle properties with typed values and the definition's label.
 * Anything else a seller put in `dataFields` (an `owner: { name, email }`, a relabelled field, a
 * child name) is not published.
 */
function publicDataFields(value: Record<string, DataField>, brand: string): FeedEventData<'LotCreated'>['dataFields'] {
  const fields: FeedEventData<'LotCreated'>['dataFields'] = {};
  for (const definition of auctionPropertiesFor(brand)) {
    if (IDENTIFYING_PROPERTIES.has(definition.name) || !Object.hasOwn(value, definition.name)) continue;
    const field = value[definition.name];
    if (!field || typeof field !== 'object' || field.hidden === true) continue;
    const typed = typedValue(definition, field.value);
    if (typed !== undefined) fields[definition.name] = { label: definition.label, value: typed, order: definition.order };
  }
  return fields;
}

/** Photos only: `documents` may show registration papers and the people on them. */
function publicImages(images: LotImages | undefined): FeedEventData<'LotCreated'>['images'] {
  return {
    exterior: strings(images?.exterior),
    interior: strings(images?.interior),
    mechanical: strings(images?.mechanical),
    coverImage: str(images?.coverImage),
  };
}

type PublicDetails = Omit<
  FeedEventData<'LotCreated'>,
  'slug' | 'status' | 'sellerRef' | 'startPriceMinor' | 'minIncrementMinor' | 'createdAt'
>;

/** The publishable description of a lot (free text without contact details, the country of the address). */
function publicDetails(lot: LotDescription, brand: string): PublicDetails {
  const currency = currencyOf(lot);
  return {
    title: freeText(lot.title) ?? '',
    sellerType: str(lot.sellerType),
    description: freeText(lot.description),
    excerpt: freeText(lot.excerpt),
    currency,
    reserveMinor: minorIn(currency)(lot.reserveCents),
    // The address is personal beyond its country.
    country: str(lot.address?.country),
    dataFields: publicDataFields(lot.dataFields ?? {}, brand),
    images: publicImages(lot.images),
  };
}

/** The published fields whose value an update changed (a repeated value is no change). */
function changedDetails(around: LotAround, brand: string): Partial<PublicDetails> {
  const before = publicDetails(around.before ?? {}, brand);
  const after = publicDetails(around.after, brand);
  const changes: Partial<PublicDetails> = {};
  for (const key of Object.keys(after) as Array<keyof PublicDetails>) {
    if (!isDeepStrictEqual(before[key], after[key])) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

/**
 * Every event type the feed publishes. Adding one (for example the comment events of streams
 * `lot-comments-<lotId>`) is one entry here plus its data schema in the contract; the relay's
 * filters, validation and the staff API's list of event types follow from these two tables.
 */
export const FEED_EVENT_MAPPINGS: FeedEventMappings = {
  LotCreated: {
    ...LOT,
    toData: (data, { ref, brand, lot }) => {
      const details = publicDetails(lot.after, brand);
      const minor = minorIn(details.currency);
      return {
        ...details,
        slug: data.slug,
        status: 'PENDING',
        sellerRef: ref(data.sellerId || null) ?? '',
        startPriceMinor: minor(data.startPriceCents),
        minIncrementMinor: minor(data.minIncrementCents),
        createdAt: instant(data.createdAt),
      };
    },
  },
  LotUpdated: {
    ...LOT,
    toData: (data, { brand, lot }) => ({
      changes: changedDetails(lot, brand),
      currency: currencyOf(lot.after),
      updatedAt: instant(data.updatedAt),
    }),
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
    toData: (data, { ref, lot }) => {
      const currency = currencyOf(lot.after);
      return {
        bidId: data.bidId,
        bidderRef: ref(data.bidderId || null) ?? '',
        currency,
        amountMinor: minorIn(currency)(data.amountCents),
        isFirstBid: data.isFirstBid,
        placedAt: instant(data.placedAt),
      };
    },
  },
  LotEndExtended: {
    ...LOT,
    // A staff extension has no bid (bidId null); its reason is a staff note, not a market fact.
    toData: (data) => ({ previousEnd: instant(data.previousEnd), newEnd: instant(data.newEnd), bidId: data.bidId }),
  },
  LotEnded: {
    ...LOT,
    toData: (data, { ref, lot }) => {
      const currency = currencyOf(lot.after);
      return {
        status: data.status,
        currency,
        ...outcomeAmounts(data.status, data.finalPriceCents, currency),
        winnerRef: data.status === 'SOLD' ? ref(data.winnerId) : null,
        endedAt: instant(data.endedAt),
      };
    },
  },
  // Remedies (docs/decisions.md "Staff remedies"): people by reference as for bids, reasons left out.
  BidVoided: {
    ...LOT,
    toData: (data, { ref, lot }) => {
      const currency = currencyOf(lot.after);
      return {
        bidId: data.bidId,
        bidderRef: ref(data.bidderId || null) ?? '',
        currency,
        amountMinor: minorIn(currency)(data.amountCents),
        voidedAt: instant(data.voidedAt),
        topBid: voidedTopBid(data.topBid, ref, currency),
        bidCount: int(data.bidCount),
        outcome: voidedOutcome(data.outcome, ref, currency),
      };
    },
  },
  LotCanceled: { ...LOT, toData: (data) => ({ canceledAt: instant(data.canceledAt), previousStatus: data.previousStatus }) },
  LotRelisted: { ...LOT, toData: (data) => ({ relistedAt: instant(data.relistedAt), previousStatus: data.previousStatus }) },
};

/**
 * The log's `finalPriceCents` is the top bid whatever the outcome; the feed splits it so that a
 * RESERVE_NOT_MET lot's top bid cannot be read as a sale price (docs/events.md "LotEnded").
 */
function outcomeAmounts(
  status: 'SOLD' | 'RESERVE_NOT_MET',
  finalPriceCents: number | null,
  currency: string,
): { salePriceMinor: number | null; highestBidMinor: number | null } {
  const highestBidMinor = finalPriceCents === null ? null : minorIn(currency)(finalPriceCents);
  return { salePriceMinor: status === 'SOLD' ? highestBidMinor : null, highestBidMinor };
}

function voidedTopBid(top: BidRef | null, ref: Pseudonymizer, currency: string): FeedEventData<'BidVoided'>['topBid'] {
  if (!top) return null;
  return { bidId: top.bidId, bidderRef: ref(top.bidderId || null) ?? '', amountMinor: minorIn(currency)(top.amountCents) };
}

function voidedOutcome(outcome: LotOutcome | null, ref: Pseudonymizer, currency: string): FeedEventData<'BidVoided'>['outcome'] {
  if (!outcome) return null;
  return {
    status: outcome.status,
    ...outcomeAmounts(outcome.status, outcome.finalPriceCents, currency),
    winnerRef: outcome.status === 'SOLD' ? ref(outcome.winnerId) : null,
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
