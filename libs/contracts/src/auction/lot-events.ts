/**
 * The lot's published event language (docs/events.md, docs/decisions.md "Published event language
 * (issue 19 part 1)"): the events of `lot-<lotId>` as the auction service's decider writes them
 * today. Every reader gets these shapes through `decodeLotEvent` (lot-event.codec.ts), which
 * upgrades older versions and defaults what is missing; nothing else looks inside `event.data`.
 * Money is integer cents; instants are ISO-8601 text.
 */

export type LotStatus = 'PENDING' | 'APPROVED' | 'SCHEDULED' | 'LIVE' | 'SOLD' | 'RESERVE_NOT_MET' | 'CANCELED';
export const LOT_STATUSES: readonly LotStatus[] = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED'];
export type PaymentType = 'HOLD' | 'ONE_TIME' | 'MONTHLY' | 'YEARLY';
export const PAYMENT_TYPES: readonly PaymentType[] = ['HOLD', 'ONE_TIME', 'MONTHLY', 'YEARLY'];

export interface DataField {
  label?: string;
  value?: unknown;
  hidden?: boolean;
  childName?: string;
  icon?: string;
  iconType?: string;
  order?: number;
}

export interface LotAddress {
  country?: string | null;
  state?: string | null;
  city?: string | null;
  postal?: string | null;
  address1?: string | null;
}

export interface LotContactInfo {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface LotImages {
  exterior?: string[];
  interior?: string[];
  mechanical?: string[];
  documents?: string[];
  coverImage?: string | null;
}

export interface AcceptedBid {
  bidId: string;
  bidderId: string;
  amountCents: number;
  isFirstBid: boolean;
  placedAt: string;
  /**
   * Placed by the engine for a bidder's maximum (proxy bidding, docs/proxy-bidding.md); absent on
   * a bid the bidder placed by hand. Consumers that ignore it see an ordinary bid.
   */
  automatic?: true;
}

/**
 * A bidder's maximum (proxy bidding): private to that bidder and to staff. Never pushed to rooms,
 * never on the brand feed, never in public reads (docs/proxy-bidding.md). Setting it again replaces
 * it, and the replacement ranks as set at that moment (ties go to the maximum set first).
 */
export interface MaxBidSetData {
  /** Client- or handler-chosen id of the request: the automatic bid it causes is `<maxBidId>:auto`. */
  maxBidId: string;
  bidderId: string;
  maximumCents: number;
  setAt: string;
}

/** A bid as the remedies' derived facts name it. */
export interface BidRef {
  bidId: string;
  bidderId: string;
  amountCents: number;
}

/** How an ended lot turned out (LotEnded, and a void that changed it). */
export interface LotOutcome {
  status: 'SOLD' | 'RESERVE_NOT_MET';
  finalPriceCents: number | null;
  winnerId: string | null;
}

/** The editable description of a lot (create and update). Money in cents. */
export interface LotDetails {
  title: string;
  sellerType: string;
  description: string | null;
  userDescription: string;
  excerpt: string | null;
  reserveCents: number;
  currency: string;
  dataFields: Record<string, DataField>;
  address: LotAddress;
  contactInfo: LotContactInfo;
  hasAgreedToTerms: boolean;
  serviceSnappr: boolean;
  images: LotImages;
}

/**
 * What a LotUpdated changes: the editable details, and on early events the slug (today's decider
 * sets the slug once, at LotCreated; the first events renamed it with the title, and the read models
 * followed them, docs/decisions.md "Projections read through the lot codec").
 */
export type LotChanges = Partial<LotDetails> & { slug?: string };

/** The event type names of a lot stream, by role. */
export const LOT_EVENTS = {
  created: 'LotCreated',
  updated: 'LotUpdated',
  approved: 'LotApproved',
  disapproved: 'LotDisapproved',
  scheduled: 'LotScheduled',
  shared: 'LotShared',
  unshared: 'LotUnshared',
  hostAccepted: 'LotHostAccepted',
  hostDeclined: 'LotHostDeclined',
  wentLive: 'LotWentLive',
  bidPlaced: 'BidPlaced',
  endExtended: 'LotEndExtended',
  ended: 'LotEnded',
  bidVoided: 'BidVoided',
  canceled: 'LotCanceled',
  relisted: 'LotRelisted',
  maxBidSet: 'MaxBidSet',
} as const;

export type LotEventType = (typeof LOT_EVENTS)[keyof typeof LOT_EVENTS];
export const LOT_EVENT_TYPES: readonly LotEventType[] = Object.values(LOT_EVENTS);

export function isLotEventType(type: string): type is LotEventType {
  return (LOT_EVENT_TYPES as readonly string[]).includes(type);
}

export interface LotCreatedData extends LotDetails {
  lotId: string;
  brand: string;
  sellerId: string;
  slug: string;
  status: 'PENDING';
  startPriceCents: number;
  minIncrementCents: number;
  paymentStatus: string;
  paymentType: PaymentType | null;
  packageId: string | null;
  templateType: string | null;
  reserveMeterEnabled: boolean;
  createdAt: string;
}

export interface BidVoidedData extends BidRef {
  reason: string;
  voidedBy: string;
  voidedAt: string;
  /** Derived facts for consumers that keep no bid list: the top bid and count once this bid is gone. */
  topBid: BidRef | null;
  bidCount: number;
  /** On an ended lot, its outcome recomputed from the remaining bids; null while LIVE. */
  outcome: LotOutcome | null;
}

export type LotEvent =
  | { type: 'LotCreated'; data: LotCreatedData }
  | { type: 'LotUpdated'; data: { changes: LotChanges; updatedBy: string; updatedAt: string } }
  | { type: 'LotApproved'; data: { approvedBy: string; approvedAt: string; unpaidConfirmed?: true } }
  | { type: 'LotDisapproved'; data: { disapprovedBy: string; reason: string | null; disapprovedAt: string } }
  | { type: 'LotScheduled'; data: { scheduledStart: string; scheduledEnd: string; finalEnd: string; scheduledBy: string } }
  | { type: 'LotShared'; data: { sharedBy: string; sharedAt: string } }
  | { type: 'LotUnshared'; data: { unsharedBy: string; unsharedAt: string } }
  | { type: 'LotHostAccepted'; data: { hostBrand: string; acceptedBy: string; acceptedAt: string } }
  | { type: 'LotHostDeclined'; data: { hostBrand: string; declinedBy: string; declinedAt: string } }
  | { type: 'LotWentLive'; data: { wentLiveAt: string } }
  | { type: 'BidPlaced'; data: AcceptedBid }
  | {
      type: 'LotEndExtended';
      /** bidId: the late bid (sniper protection), or null when staff moved the end (then extendedBy and reason). */
      data: { previousEnd: string; newEnd: string; bidId: string | null; extendedBy?: string; reason?: string };
    }
  | { type: 'LotEnded'; data: LotOutcome & { endedAt: string } }
  | { type: 'BidVoided'; data: BidVoidedData }
  | { type: 'LotCanceled'; data: { reason: string; canceledBy: string; canceledAt: string; previousStatus: LotStatus } }
  | { type: 'LotRelisted'; data: { reason: string | null; relistedBy: string; relistedAt: string; previousStatus: LotStatus } }
  | { type: 'MaxBidSet'; data: MaxBidSetData };

/** The data of one lot event type: `LotEventData<'BidPlaced'>` is `AcceptedBid`. */
export type LotEventData<T extends LotEventType> = Extract<LotEvent, { type: T }>['data'];
