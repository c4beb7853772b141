/**
 * The one reader of lot events' data (docs/decisions.md "Published event language (issue 19 part 1)").
 * Version tolerant: an unknown type answers null; extra fields are dropped; a missing optional
 * field takes its default; older versions are upgraded:
 * - LotUpdated written with the changes at the top level (no `changes`);
 * - LotScheduled written with `start`/`end`, and without `finalEnd` (= the scheduled end);
 * - LotEndExtended written with `finalEnd` for `newEnd`, and v1's required bid id (staff extensions came later);
 * - LotApproved before `unpaidConfirmed`; BidVoided before its derived facts (`topBid`, `bidCount`,
 *   `outcome`: null, 0 and null; foldLotSummary recomputes the first two from its own bids);
 * - LotCreated before `reserveMeterEnabled` (true), and any instant missing (the event's own time);
 * - LotUpdated renaming the `slug` (early events; kept in `changes`), BidPlaced without its bidder (`bidderId` '').
 * An event of a known type whose required fields are missing or malformed also answers null.
 */
import { z } from 'zod';
import { LOT_STATUSES, PAYMENT_TYPES, isLotEventType, type LotChanges, type LotEvent, type LotEventType } from './lot-events';
import {
  cents,
  centsOr,
  centsOrNull,
  dataOf,
  flag,
  freeObject,
  isRecord,
  parseOrNull,
  recordedAt,
  text,
  textOr,
  textOrNull,
  withDefaults,
  type Raw,
  type RecordedLike,
} from '../codec/event-codec';
import { lotIdOfStream } from './stream-ids';

/** The seller's data fields: each entry that is an object is kept as given; an entry that is not one is dropped alone. */
const dataFields = z
  .record(z.string(), z.unknown())
  .transform((fields) => Object.fromEntries(Object.entries(fields).filter(([, field]) => isRecord(field))));

const lotStatus = z.enum(LOT_STATUSES as [string, ...string[]]);
const endStatus = z.enum(['SOLD', 'RESERVE_NOT_MET']);
const bidRef = z.object({ bidId: text, bidderId: textOr(''), amountCents: cents });
const outcome = z.object({ status: endStatus, finalPriceCents: centsOrNull, winnerId: textOrNull });

/** Each editable detail (and an early event's slug), parsed alone so one bad field never loses the others (LotUpdated changes). */
const DETAIL_FIELDS: { [K in keyof LotChanges]-?: z.ZodType } = {
  title: text,
  sellerType: text,
  description: z.string().nullable(),
  userDescription: text,
  excerpt: z.string().nullable(),
  reserveCents: cents,
  currency: text,
  dataFields,
  address: z.record(z.string(), z.unknown()),
  contactInfo: z.record(z.string(), z.unknown()),
  hasAgreedToTerms: z.boolean(),
  serviceSnappr: z.boolean(),
  images: z.record(z.string(), z.unknown()),
  slug: z.string().min(1),
};

function decodeChanges(raw: Raw): LotChanges {
  const changes: Raw = {};
  for (const [field, schema] of Object.entries(DETAIL_FIELDS)) {
    if (!(field in raw)) continue;
    const parsed = schema.safeParse(raw[field]);
    if (parsed.success) changes[field] = parsed.data;
  }
  return changes as LotChanges;
}

const lotCreated = z.object({
  lotId: text,
  brand: text,
  sellerId: textOr(''),
  slug: textOr(''),
  status: z.literal('PENDING').catch('PENDING'),
  title: textOr(''),
  sellerType: textOr(''),
  description: textOrNull,
  userDescription: textOr(''),
  excerpt: textOrNull,
  reserveCents: centsOr(0),
  currency: textOr('USD'),
  dataFields: dataFields.catch({}),
  address: freeObject,
  contactInfo: freeObject,
  hasAgreedToTerms: flag(false),
  serviceSnappr: flag(false),
  images: freeObject,
  startPriceCents: centsOr(0),
  minIncrementCents: centsOr(0),
  paymentStatus: textOr('UNPAID'),
  paymentType: z
    .enum(PAYMENT_TYPES as [string, ...string[]])
    .nullable()
    .catch(null),
  packageId: textOrNull,
  templateType: textOrNull,
  reserveMeterEnabled: flag(true),
  createdAt: text,
});

/** Data schemas of every type but LotUpdated (decoded field by field). */
const SCHEMAS: { [T in Exclude<LotEventType, 'LotUpdated'>]: z.ZodType } = {
  LotCreated: lotCreated,
  LotApproved: z.object({ approvedBy: textOr(''), approvedAt: text, unpaidConfirmed: z.literal(true).optional().catch(undefined) }),
  LotDisapproved: z.object({ disapprovedBy: textOr(''), reason: textOrNull, disapprovedAt: text }),
  LotScheduled: z.object({ scheduledStart: text, scheduledEnd: text, finalEnd: text, scheduledBy: textOr('') }),
  LotShared: z.object({ sharedBy: textOr(''), sharedAt: text }),
  LotUnshared: z.object({ unsharedBy: textOr(''), unsharedAt: text }),
  LotHostAccepted: z.object({ hostBrand: text, acceptedBy: textOr(''), acceptedAt: text }),
  LotHostDeclined: z.object({ hostBrand: text, declinedBy: textOr(''), declinedAt: text }),
  LotWentLive: z.object({ wentLiveAt: text }),
  BidPlaced: z.object({
    bidId: text,
    // '' on the early bids recorded without their bidder: still a bid of the lot (its amount counts).
    bidderId: textOr(''),
    amountCents: cents,
    isFirstBid: flag(false),
    placedAt: text,
    automatic: z.literal(true).optional().catch(undefined),
  }),
  LotEndExtended: z.object({
    previousEnd: textOr(''),
    newEnd: text,
    bidId: textOrNull,
    extendedBy: z.string().optional().catch(undefined),
    reason: z.string().optional().catch(undefined),
  }),
  LotEnded: z.object({ status: endStatus, finalPriceCents: centsOrNull, winnerId: textOrNull, endedAt: text }),
  BidVoided: z.object({
    bidId: text,
    bidderId: textOr(''),
    amountCents: centsOr(0),
    reason: textOr(''),
    voidedBy: textOr(''),
    voidedAt: text,
    topBid: bidRef.nullable().catch(null),
    bidCount: z.number().int().min(0).catch(0),
    outcome: outcome.nullable().catch(null),
  }),
  LotCanceled: z.object({ reason: textOr(''), canceledBy: textOr(''), canceledAt: text, previousStatus: lotStatus.catch('PENDING') }),
  LotRelisted: z.object({ reason: textOrNull, relistedBy: textOr(''), relistedAt: text, previousStatus: lotStatus.catch('SOLD') }),
  MaxBidSet: z.object({ maxBidId: text, bidderId: text, maximumCents: cents, setAt: text }),
};

/** The instant field of each type, defaulted to the event's own time when missing. */
const INSTANT_FIELDS: Partial<Record<LotEventType, readonly string[]>> = {
  LotCreated: ['createdAt'],
  LotApproved: ['approvedAt'],
  LotDisapproved: ['disapprovedAt'],
  LotShared: ['sharedAt'],
  LotUnshared: ['unsharedAt'],
  LotHostAccepted: ['acceptedAt'],
  LotHostDeclined: ['declinedAt'],
  LotWentLive: ['wentLiveAt'],
  BidPlaced: ['placedAt'],
  LotEnded: ['endedAt'],
  BidVoided: ['voidedAt'],
  LotCanceled: ['canceledAt'],
  LotRelisted: ['relistedAt'],
  MaxBidSet: ['setAt'],
};

/** Older shapes renamed into today's, plus what the stream and metadata know (lot id, brand). */
function upgrade(type: LotEventType, data: Raw, recorded: RecordedLike): Raw {
  switch (type) {
    case 'LotCreated': {
      const streamLotId = recorded.streamId ? lotIdOfStream(recorded.streamId) : null;
      return withDefaults(withDefaults(data, ['lotId'], streamLotId ?? undefined), ['brand'], recorded.metadata?.brand);
    }
    case 'LotScheduled': {
      const scheduledEnd = data.scheduledEnd ?? data.end;
      return { ...data, scheduledStart: data.scheduledStart ?? data.start, scheduledEnd, finalEnd: data.finalEnd ?? scheduledEnd };
    }
    case 'LotEndExtended':
      return { ...data, newEnd: data.newEnd ?? data.finalEnd };
    default:
      return data;
  }
}

/** The typed lot event of a recorded one, or null for a type this contract does not know (or data it cannot read). */
export function decodeLotEvent(recorded: RecordedLike): LotEvent | null {
  if (!isLotEventType(recorded.type)) return null;
  const type = recorded.type;
  const raw = dataOf(recorded);
  if (type === 'LotUpdated') {
    const changes = isRecord(raw.changes) ? raw.changes : raw;
    const data = withDefaults({ updatedBy: raw.updatedBy, updatedAt: raw.updatedAt }, ['updatedAt'], recordedAt(recorded));
    return {
      type,
      data: {
        changes: decodeChanges(changes),
        updatedBy: typeof data.updatedBy === 'string' ? data.updatedBy : '',
        updatedAt: String(data.updatedAt),
      },
    };
  }
  const upgraded = withDefaults(upgrade(type, raw, recorded), INSTANT_FIELDS[type] ?? [], recordedAt(recorded));
  const data = parseOrNull(SCHEMAS[type], upgraded);
  return data === null ? null : ({ type, data } as LotEvent);
}

/** Decodes a run of recorded events, dropping those that are not lot events. */
export function decodeLotEvents(recorded: Iterable<RecordedLike>): LotEvent[] {
  const events: LotEvent[] = [];
  for (const event of recorded) {
    const decoded = decodeLotEvent(event);
    if (decoded) events.push(decoded);
  }
  return events;
}
