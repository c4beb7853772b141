/**
 * The brand event feed on Kafka, version 2 (docs/events.md, docs/feed-asyncapi.yaml): what a
 * brand's consumer receives for each auction event. One topic per brand (`feedTopicName`), message
 * key = the lot id (a lot's events stay in order on one partition), value = one `AuctionFeedEvent`
 * as UTF-8 JSON, headers `FEED_HEADERS`. Personal data is left out: people appear only by a
 * pseudonymous reference (HMAC-SHA256 of the user id with a per-brand key, truncated), never by
 * name, email, phone or address (country only); vehicle properties are allow-listed and typed.
 *
 * Amounts are ISO 4217 minor units of the event's `currency` (`*Minor` fields: yen for JPY, cents
 * for USD, fils for BHD), and every event with an amount carries its currency.
 *
 * Versioning (docs/events.md "Versioning"): within a version only additive changes (a new optional
 * field, a new event type, a new enum value documented first); anything else gets a new version,
 * a new topic suffix and a new JSON Schema file. Version 1 (amounts always x100, untyped property
 * values, one pseudonym for all brands) is withdrawn. The JSON Schema
 * `auction-feed-event.v2.schema.json` is generated from these schemas (its spec fails when it drifts).
 */
import { z } from 'zod';

export const FEED_SCHEMA_VERSION = 2;

/** `$id` base of the published JSON Schemas (a name, not a fetchable address). */
export const FEED_SCHEMA_ID_BASE = 'urn:trackside:feed';

/** `<prefix>.<brand>.auction-events.v2`, e.g. `trackside.jewelry.auction-events.v2`. */
export function feedTopicName(prefix: string, brand: string): string {
  return `${prefix}.${brand}.auction-events.v${FEED_SCHEMA_VERSION}`;
}

/** Kafka header names (values are UTF-8 strings). */
export const FEED_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  brand: 'brand',
  /** When the business fact happened (ISO-8601). */
  occurredAt: 'occurred-at',
  /** When the event was appended to the log (ISO-8601). */
  recordedAt: 'recorded-at',
  schemaVersion: 'schema-version',
  contentType: 'content-type',
  /** Present only on re-published copies: the re-publish job's id. */
  republishJob: 'republish-job',
} as const;

/**
 * 32 lowercase hex digits: the first 128 bits of HMAC-SHA256(brand key, user id), where the brand
 * key is HMAC-SHA256(FEED_PSEUDONYM_KEY, brand): the same person has unrelated references in two
 * brands' topics.
 */
export const pseudonymSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .describe("Pseudonymous person reference, keyed per brand: HMAC-SHA256 of the user id with the brand's feed key, first 32 hex digits");

/** Longest text property value published (longer ones are cut). */
export const FEED_TEXT_PROPERTY_MAX = 200;

const instant = z.iso.datetime({ offset: true }).describe('ISO-8601 instant');
const minor = z
  .number()
  .int()
  .min(0)
  .describe('Amount in ISO 4217 minor units of `currency` (0 decimals for JPY and KRW, 2 for USD, 3 for BHD)');
const currency = z
  .string()
  .regex(/^[A-Z]{3,4}$/)
  .describe('ISO 4217 code of the amounts of this event');
const lotStatus = z.enum(['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED']);
const endStatus = z.enum(['SOLD', 'RESERVE_NOT_MET']);

/**
 * A vehicle property shown on the lot page. Only the brand's defined properties are published
 * (services/auction/src/properties), with the definition's label and a value of its type: a number
 * for number properties, one of the options for select properties, a short text (emails and phone
 * numbers removed) for text properties. Hidden and undefined properties are never published.
 */
export const feedDataFieldSchema = z.object({
  label: z.string(),
  value: z.union([z.string().max(FEED_TEXT_PROPERTY_MAX), z.number()]),
  order: z.number().int(),
});

/** Public images of the lot (ids or URLs). Documents are never published: they may show people. */
export const feedImagesSchema = z.object({
  exterior: z.array(z.string()),
  interior: z.array(z.string()),
  mechanical: z.array(z.string()),
  coverImage: z.string().nullable(),
});

/** The publishable description of a lot. Contact details, the seller's note and the address (but its country) are left out. */
export const feedLotDetailsSchema = z.object({
  title: z.string(),
  sellerType: z.string().nullable(),
  description: z.string().nullable(),
  excerpt: z.string().nullable(),
  currency,
  reserveMinor: minor.describe('0 = no reserve'),
  country: z.string().nullable(),
  dataFields: z.record(z.string(), feedDataFieldSchema),
  images: feedImagesSchema,
});

/**
 * The `data` of each published event type. Adding an event type to the feed: one entry here and
 * one mapping entry in the relay (services/auction/src/feed/feed-event-mappings.ts).
 */
export const FEED_EVENT_DATA_SCHEMAS = {
  LotCreated: feedLotDetailsSchema.extend({
    slug: z.string(),
    status: lotStatus,
    sellerRef: pseudonymSchema,
    startPriceMinor: minor,
    minIncrementMinor: minor,
    createdAt: instant,
  }),
  LotUpdated: z.object({
    /**
     * Only the publishable fields whose value changed; an update of private fields (or one that
     * repeats the values) has `changes: {}`. `reserveMinor` is in the lot's currency after the update.
     */
    changes: feedLotDetailsSchema.partial(),
    currency: currency.describe('The lot currency after the update (whether or not it changed)'),
    updatedAt: instant,
  }),
  LotApproved: z.object({ approvedAt: instant }),
  LotDisapproved: z.object({ disapprovedAt: instant }),
  LotScheduled: z.object({ scheduledStart: instant, scheduledEnd: instant, finalEnd: instant }),
  LotShared: z.object({ sharedAt: instant }),
  LotUnshared: z.object({ unsharedAt: instant }),
  LotHostAccepted: z.object({ hostBrand: z.string(), acceptedAt: instant }),
  LotHostDeclined: z.object({ hostBrand: z.string(), declinedAt: instant }),
  LotWentLive: z.object({ wentLiveAt: instant }),
  BidPlaced: z.object({
    bidId: z.guid(),
    bidderRef: pseudonymSchema,
    currency,
    amountMinor: minor,
    isFirstBid: z.boolean(),
    placedAt: instant,
  }),
  LotEndExtended: z.object({
    previousEnd: instant,
    newEnd: instant,
    bidId: z.guid().nullable().describe('The late bid that moved the end (sniper protection); null when staff extended the lot'),
  }),
  LotEnded: z.object({
    status: endStatus,
    currency,
    salePriceMinor: minor.nullable().describe('What the lot sold for: set only when status is SOLD, null for RESERVE_NOT_MET'),
    highestBidMinor: minor
      .nullable()
      .describe('The top bid when bidding closed, also when it did not meet the reserve (not a sale price); null without bids'),
    winnerRef: pseudonymSchema.nullable().describe('The buyer; null unless SOLD'),
    endedAt: instant,
  }),
  /** Staff voided a bid; the lot's top bid (and, once ended, its outcome) are as given here. The reason stays internal. */
  BidVoided: z.object({
    bidId: z.guid(),
    bidderRef: pseudonymSchema,
    currency,
    amountMinor: minor,
    voidedAt: instant,
    topBid: z
      .object({ bidId: z.guid(), bidderRef: pseudonymSchema, amountMinor: minor })
      .nullable()
      .describe('The top bid once the voided one is gone; null when no bid is left'),
    bidCount: z.number().int().min(0).describe('Bids standing in the current round'),
    outcome: z
      .object({
        status: endStatus,
        salePriceMinor: minor.nullable().describe('Set only when SOLD'),
        highestBidMinor: minor.nullable(),
        winnerRef: pseudonymSchema.nullable(),
      })
      .nullable()
      .describe('On an ended lot, the outcome recomputed from the remaining bids; null while live'),
  }),
  /** Staff canceled the lot: it takes no more bids. The reason stays internal. */
  LotCanceled: z.object({ canceledAt: instant, previousStatus: lotStatus }),
  /** Staff relisted an ended or canceled lot: back to APPROVED, a new round with no bids. */
  LotRelisted: z.object({ relistedAt: instant, previousStatus: lotStatus }),
} as const;

export type FeedEventType = keyof typeof FEED_EVENT_DATA_SCHEMAS;
export type FeedEventData<TType extends FeedEventType = FeedEventType> = z.infer<(typeof FEED_EVENT_DATA_SCHEMAS)[TType]>;

export const FEED_EVENT_TYPES = Object.keys(FEED_EVENT_DATA_SCHEMAS) as FeedEventType[];

export function isFeedEventType(type: string): type is FeedEventType {
  return Object.hasOwn(FEED_EVENT_DATA_SCHEMAS, type);
}

/** Fields every feed event carries. */
export const feedEnvelopeSchema = z.object({
  schemaVersion: z.literal(FEED_SCHEMA_VERSION),
  eventId: z.guid().describe('Unique per event; the same on every delivery and re-publish (dedupe by it)'),
  brand: z.string().describe('The brand that owns the lot (the topic brand)'),
  lotId: z.guid(),
  stream: z.string().describe('The lot stream the event belongs to: "lot" (life cycle and bids)'),
  streamVersion: z.number().int().min(1).describe("Position in the lot's stream: 1, 2, 3... per lot and stream"),
  globalPosition: z.string().regex(/^\d+$/).describe('Position in the whole event log (decimal text)'),
  occurredAt: instant.describe('When the business fact happened'),
  recordedAt: instant.describe('When the event was appended to the log'),
  actorRef: pseudonymSchema.nullable().describe('Who caused it (pseudonymous), null for the system (scheduler)'),
});

type Envelope = z.infer<typeof feedEnvelopeSchema>;

export type AuctionFeedEvent = {
  [TType in FeedEventType]: Envelope & { eventType: TType; data: FeedEventData<TType> };
}[FeedEventType];

const variants = FEED_EVENT_TYPES.map((type) =>
  feedEnvelopeSchema.extend({ eventType: z.literal(type), data: FEED_EVENT_DATA_SCHEMAS[type] }),
);

/** One feed message value. `parse` strips unknown keys, which the relay relies on to publish nothing unlisted. */
export const auctionFeedEventSchema = z
  .discriminatedUnion('eventType', variants as unknown as [(typeof variants)[number], ...(typeof variants)[number][]])
  .meta({ id: 'AuctionFeedEventV2', title: 'Trackside auction feed event, version 2' }) as unknown as z.ZodType<AuctionFeedEvent>;

/** The JSON Schema (draft 2020-12) of a feed message value, as published in auction-feed-event.v2.schema.json. */
export function auctionFeedEventJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(auctionFeedEventSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  return { $id: `${FEED_SCHEMA_ID_BASE}:auction-feed-event:v${FEED_SCHEMA_VERSION}`, ...schema };
}
