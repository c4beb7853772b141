/**
 * The brand event feed on Kafka, version 1 (docs/events.md): what a brand's consumer receives for
 * each auction event. One topic per brand (`feedTopicName`), message key = the lot id (a lot's
 * events stay in order on one partition), value = one `AuctionFeedEvent` as UTF-8 JSON, headers
 * `FEED_HEADERS`. Personal data is left out: people appear only by a pseudonymous reference
 * (HMAC-SHA256 of the user id, truncated), never by name, email, phone or address (country only).
 *
 * Consumers: tolerate fields you do not know (new optional fields may appear within v1), dedupe by
 * `eventId` (delivery is at least once), order a lot's events by `streamVersion`. A breaking change
 * gets a new topic suffix and `schemaVersion`. The JSON Schema `auction-feed-event.v1.schema.json`
 * is generated from these schemas (its spec fails when it drifts).
 */
import { z } from 'zod';

export const FEED_SCHEMA_VERSION = 1;

/** `<prefix>.<brand>.auction-events.v1`, e.g. `trackside.jewelry.auction-events.v1`. */
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

/** 32 lowercase hex digits: the first 128 bits of HMAC-SHA256(FEED_PSEUDONYM_KEY, user id). */
export const pseudonymSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .describe('Pseudonymous person reference: HMAC-SHA256 of the user id with the feed key, first 32 hex digits');

const instant = z.iso.datetime({ offset: true }).describe('ISO-8601 instant');
const cents = z.number().int().min(0).describe('Amount in minor units (cents) of the lot currency');
const lotStatus = z.enum(['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED']);
const endStatus = z.enum(['SOLD', 'RESERVE_NOT_MET']);

/** A vehicle property shown on the lot page (hidden properties are never published). */
export const feedDataFieldSchema = z.object({
  label: z.string().nullable(),
  value: z.unknown(),
  childName: z.string().nullable(),
  order: z.number().nullable(),
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
  currency: z.string(),
  reserveCents: cents.describe('0 = no reserve'),
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
    startPriceCents: cents,
    minIncrementCents: cents,
    createdAt: instant,
  }),
  LotUpdated: z.object({
    /** Only the publishable fields that changed; an update of private fields has `changes: {}`. */
    changes: feedLotDetailsSchema.partial(),
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
    amountCents: cents,
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
    finalPriceCents: cents.nullable(),
    winnerRef: pseudonymSchema.nullable(),
    endedAt: instant,
  }),
  /** Staff voided a bid; the lot's top bid (and, once ended, its outcome) are as given here. The reason stays internal. */
  BidVoided: z.object({
    bidId: z.guid(),
    bidderRef: pseudonymSchema,
    amountCents: cents,
    voidedAt: instant,
    topBid: z
      .object({ bidId: z.guid(), bidderRef: pseudonymSchema, amountCents: cents })
      .nullable()
      .describe('The top bid once the voided one is gone; null when no bid is left'),
    bidCount: z.number().int().min(0).describe('Bids standing in the current round'),
    outcome: z
      .object({ status: endStatus, finalPriceCents: cents.nullable(), winnerRef: pseudonymSchema.nullable() })
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
  .meta({ id: 'AuctionFeedEventV1', title: 'Trackside auction feed event, version 1' }) as unknown as z.ZodType<AuctionFeedEvent>;

/** The JSON Schema (draft 2020-12) of a feed message value, as published in auction-feed-event.v1.schema.json. */
export function auctionFeedEventJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(auctionFeedEventSchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}
