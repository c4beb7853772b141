/**
 * The lot aggregate as a decider (spec 001 sections 4, 5, 8 and 9): events, state, commands,
 * `decide` and `evolve` in one pure file. Time and ids arrive on the command; nothing here reads
 * the clock, the network or the database. Errors are data: `{ ok: false, code, message }`.
 */
import {
  endOutcome,
  minimumIncrementCents,
  messageFor,
  LOT_DETAIL_MESSAGES as DETAILS,
  type AcceptedBid,
  type AuctionErrorCode,
  type BrandIncrementRule,
  type IncrementBand,
  type BidRef,
  type DataField,
  type LotAddress,
  type LotContactInfo,
  type LotDetails,
  type LotEvent,
  type LotImages,
  type LotOutcome,
  type LotStatus,
  type PaymentType,
} from '@trackside/contracts';
import { MAX_BID_CENTS, parseAmount } from './money';
import { addBid, appendLog, EMPTY_BID_LOG, findBid, listBids, type BidLog } from './bid-log';
import { maximumOf, proxyAnswer, type StandingMaximum } from './proxy-bidding';

// The events and their shapes are the published language of the lot (libs/contracts/src/auction);
// re-exported so the service's code keeps one import path for the decider.
export type {
  AcceptedBid,
  BidRef,
  DataField,
  LotAddress,
  LotContactInfo,
  LotDetails,
  LotEvent,
  LotImages,
  LotOutcome,
  LotStatus,
  PaymentType,
};

// ---------------------------------------------------------------------------------------------
// State

export interface ExistingLot extends LotDetails {
  status: LotStatus;
  lotId: string;
  brand: string;
  sellerId: string;
  slug: string;
  startPriceCents: number;
  minIncrementCents: number;
  paymentStatus: string;
  paymentType: PaymentType | null;
  packageId: string | null;
  templateType: string | null;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  finalEnd: string | null;
  /** This round's accepted bids by id (idempotency); the top bid is the last one not voided. */
  bids: BidLog;
  topBid: AcceptedBid | null;
  /** This round's bids that are not voided. */
  bidCount: number;
  /** Ids of this round's voided bids: they stay in `bids` so a retry of one is refused, not replayed. */
  voidedBidIds: readonly string[];
  /** 1 for the first listing; a relist starts the next round with no bids. */
  round: number;
  /** Bids of earlier rounds: kept so a late retry of one is refused instead of bidding again. */
  previousRoundBids: BidLog;
  shared: boolean;
  hosts: string[];
  hostsDeclined: string[];
  winnerId: string | null;
  finalPriceCents: number | null;
  /** This round's maxima (proxy bidding); absent until the first one is set, so older state reads the same. */
  proxy?: ProxyState;
}

/**
 * The maxima of this round and the ranks that break ties (lower = earlier). Every bid placed
 * before the first maximum ranks 0, before all of them.
 */
export interface ProxyState {
  maxima: readonly StandingMaximum[];
  /** The last rank handed out (to a maximum or a bid). */
  lastRank: number;
  /** The rank of the visible top bid. */
  topBidRank: number;
}

export type LotState = { status: 'Empty' } | ExistingLot;

export const initialLotState = (): LotState => ({ status: 'Empty' });

// ---------------------------------------------------------------------------------------------
// Commands

export interface LotInput {
  title?: string | null;
  sellerType?: string | null;
  description?: string | null;
  userDescription?: string | null;
  excerpt?: string | null;
  /** Decimal amount as received (number or text). */
  reserve?: number | string | null;
  currency?: string | null;
  dataFields?: Record<string, DataField> | null;
  address?: LotAddress | null;
  contactInfo?: LotContactInfo | null;
  hasAgreedToTerms?: boolean | null;
  serviceSnappr?: boolean | null;
  images?: LotImages | null;
}

export type LotCommand =
  | (LotInput & {
      type: 'CreateLot';
      lotId: string;
      brand: string;
      sellerId: string;
      now: Date;
      packageId?: string | null;
      paymentType?: PaymentType | null;
      paymentStatus?: string | null;
      templateType?: string | null;
    })
  | { type: 'UpdateLot'; actorId: string; now: Date; changes: LotInput }
  | { type: 'ApproveLot'; actorId: string; now: Date; confirmUnpaid?: boolean }
  | { type: 'DisapproveLot'; actorId: string; now: Date; reason: string | null }
  | { type: 'ScheduleLot'; actorId: string; now: Date; start: Date | null; end: Date | null; dateRangeLimitDays: number }
  | { type: 'ShareLot'; actorId: string; now: Date }
  | { type: 'UnshareLot'; actorId: string; now: Date }
  | { type: 'AcceptNetworkLot'; actorId: string; now: Date; hostBrand: string }
  | { type: 'DeclineNetworkLot'; actorId: string; now: Date; hostBrand: string }
  | {
      type: 'VoidBid';
      actorId: string;
      now: Date;
      bidId: string;
      reason: string;
      /** The brand's bid settings and an id for the automatic bid the maxima may place once the bid is gone (absent: no re-run). */
      proxy?: ProxyRerun;
    }
  | { type: 'CancelLot'; actorId: string; now: Date; reason: string }
  | { type: 'ExtendLot'; actorId: string; now: Date; newEnd: Date; reason: string }
  | { type: 'RelistLot'; actorId: string; now: Date; reason?: string | null }
  | { type: 'StartLot'; now: Date }
  | { type: 'EndLot'; now: Date }
  | {
      type: 'PlaceBid';
      bidId: string;
      bidderId: string;
      amount: number | string;
      now: Date;
      sniperProtectionSeconds: number;
      /** The brand's bidMinimumIncrement in cents, used when the lot sets none. */
      defaultMinimumIncrementCents: number;
      /** The brand requires a payment hold before bidding (absent: false). */
      bidHoldRequired?: boolean;
      /** The bidder holds an active hold on this lot (read by the handler from identity's hold stream). */
      bidderHasHold?: boolean;
      /** The brand's increment ladder, when it configured one (replaces the flat increment by price band). */
      incrementLadder?: readonly IncrementBand[] | null;
      /** Id for the automatic bid a maximum may answer this bid with (ids arrive on the command). */
      automaticBidId?: string;
    }
  | {
      type: 'SetMaxBid';
      /** Id of this request: setting the same maximum again is a no-op. */
      maxBidId: string;
      bidderId: string;
      amount: number | string;
      now: Date;
      sniperProtectionSeconds: number;
      defaultMinimumIncrementCents: number;
      incrementLadder?: readonly IncrementBand[] | null;
      bidHoldRequired?: boolean;
      bidderHasHold?: boolean;
      /** Id for the automatic bid this maximum may cause (the setter's, or a competing maximum's answer). */
      automaticBidId: string;
    };

/** What re-running the maxima after a void needs (docs/proxy-bidding.md "Voids and maxima"). */
export interface ProxyRerun {
  automaticBidId: string;
  sniperProtectionSeconds: number;
  defaultMinimumIncrementCents: number;
  incrementLadder?: readonly IncrementBand[] | null;
}

export interface BidResult {
  bidId: string;
  amountCents: number;
  isFirstBid: boolean;
  placedAt: string;
  /** Set when this bid moved the end (sniper protection). */
  newEnd: string | null;
  /** A bidder's maximum answered this bid at once: the bidder is no longer the high bidder. */
  outbidAutomatically?: boolean;
}

/** What setting a maximum left: the bidder's maximum, the visible price and whether they now lead. */
export interface MaxBidResult {
  maxBidId: string;
  maximumCents: number;
  highBidder: boolean;
  /** The visible price after the maximum was set (null: still no bid). */
  priceCents: number | null;
  /** The automatic bid this maximum caused (the setter's, or a competitor's answer), else null. */
  automaticBid: AcceptedBid | null;
  newEnd: string | null;
}

export type Decision =
  { ok: true; events: LotEvent[]; result?: BidResult; maxBid?: MaxBidResult } | { ok: false; code: AuctionErrorCode; message: string };

const reject = (code: AuctionErrorCode, message?: string): Decision => ({ ok: false, code, message: message ?? messageFor(code) });
const accept = (...events: LotEvent[]): Decision => ({ ok: true, events });

export const SCHEDULE_TOLERANCE_MS = 60_000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Read helpers: one copy of each rule, shared with the read side (libs/contracts/src/auction/lot-rules.ts)

export { endOutcome, hasReserve, isReserveMet, minimumIncrementCents, minimumNextBidCents, reservePercentage } from '@trackside/contracts';

export function slugify(title: string, now: Date): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'lot'}-${now.getTime()}`;
}

// ---------------------------------------------------------------------------------------------
// decide

export function decide(command: LotCommand, state: LotState): Decision {
  if (command.type === 'CreateLot') return createLot(command, state);
  if (state.status === 'Empty') {
    return command.type === 'PlaceBid' || command.type === 'SetMaxBid' ? reject('bid.invalid.no.auction') : reject('auction.notFound');
  }
  const lot = state;
  const iso = command.now.toISOString();
  switch (command.type) {
    case 'UpdateLot':
      return updateLot(command, lot);
    case 'ApproveLot':
      return approveLot(command, lot);
    case 'DisapproveLot':
      if (lot.status !== 'PENDING' && lot.status !== 'APPROVED' && lot.status !== 'SCHEDULED') return reject('auction.invalid.status');
      return accept({ type: 'LotDisapproved', data: { disapprovedBy: command.actorId, reason: command.reason, disapprovedAt: iso } });
    case 'ScheduleLot':
      return scheduleLot(command, lot);
    case 'ShareLot':
      if (lot.status === 'LIVE') return reject('auction.network.share.error.auctionLive');
      if (isClosed(lot)) return reject('auction.network.share.error.auctionEnded');
      if (lot.shared) return accept();
      return accept({ type: 'LotShared', data: { sharedBy: command.actorId, sharedAt: iso } });
    case 'UnshareLot':
      if (lot.hosts.length > 0) return reject('auction.network.share.error.hasHosts');
      if (lot.status === 'LIVE') return reject('auction.network.share.error.auctionLive');
      if (!lot.shared) return accept();
      return accept({ type: 'LotUnshared', data: { unsharedBy: command.actorId, unsharedAt: iso } });
    case 'AcceptNetworkLot':
      if (command.hostBrand === lot.brand) return reject('auction.network.invalid.host');
      if (!lot.shared) return reject('auction.network.notShared');
      if (isClosed(lot)) return reject('auction.network.share.error.auctionEnded');
      if (lot.hosts.includes(command.hostBrand)) return accept();
      return accept({ type: 'LotHostAccepted', data: { hostBrand: command.hostBrand, acceptedBy: command.actorId, acceptedAt: iso } });
    case 'DeclineNetworkLot':
      if (command.hostBrand === lot.brand) return reject('auction.network.invalid.host');
      if (!lot.shared) return reject('auction.network.notShared');
      if (lot.hosts.includes(command.hostBrand) && lot.status === 'LIVE') return reject('auction.network.share.error.auctionLive');
      if (lot.hostsDeclined.includes(command.hostBrand) && !lot.hosts.includes(command.hostBrand)) return accept();
      return accept({ type: 'LotHostDeclined', data: { hostBrand: command.hostBrand, declinedBy: command.actorId, declinedAt: iso } });
    case 'StartLot':
      if (lot.status !== 'SCHEDULED') return reject('auction.invalid.status');
      if (!lot.scheduledStart || command.now.getTime() < Date.parse(lot.scheduledStart)) return reject('auction.start.notDue');
      return accept({ type: 'LotWentLive', data: { wentLiveAt: iso } });
    case 'EndLot': {
      if (lot.status !== 'LIVE') return reject('auction.invalid.status');
      if (!lot.finalEnd || command.now.getTime() < Date.parse(lot.finalEnd)) return reject('auction.end.notDue');
      const status = endOutcome(lot);
      return accept({
        type: 'LotEnded',
        data: {
          status,
          finalPriceCents: lot.topBid?.amountCents ?? null,
          winnerId: status === 'SOLD' ? (lot.topBid?.bidderId ?? null) : null,
          endedAt: iso,
        },
      });
    }
    case 'PlaceBid':
      return placeBid(command, lot);
    case 'SetMaxBid':
      return setMaxBid(command, lot);
    case 'VoidBid':
      return voidBid(command, lot);
    case 'CancelLot':
      return cancelLot(command, lot);
    case 'ExtendLot':
      return extendLot(command, lot);
    case 'RelistLot':
      return relistLot(command, lot);
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

function isEnded(lot: ExistingLot): boolean {
  return lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET';
}

/** Ended or canceled: no edits, no sharing, no hosting until staff relist it. */
function isClosed(lot: ExistingLot): boolean {
  return isEnded(lot) || lot.status === 'CANCELED';
}

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validates create input with the wizard's messages (spec 001 section 5). */
function validateDetails(input: LotInput, partial: boolean): { ok: true; details: Partial<LotDetails> } | { ok: false; message: string } {
  const details: Partial<LotDetails> = {};
  const has = (key: keyof LotInput): boolean => !partial || (input[key] !== undefined && input[key] !== null);
  if (has('title')) {
    if (!text(input.title)) return { ok: false, message: DETAILS.titleRequired };
    details.title = text(input.title);
  }
  if (has('sellerType')) {
    if (!text(input.sellerType)) return { ok: false, message: DETAILS.sellerTypeRequired };
    details.sellerType = text(input.sellerType);
  }
  if (has('reserve')) {
    if (input.reserve === null || input.reserve === undefined || input.reserve === '')
      return { ok: false, message: DETAILS.reserveRequired };
    const parsed = parseAmount(input.reserve);
    if (!parsed.ok && parsed.reason === 'tooLarge') return { ok: false, message: DETAILS.reserveTooLarge };
    if (!parsed.ok) return { ok: false, message: DETAILS.reserveMalformed };
    if (parsed.cents > MAX_BID_CENTS) return { ok: false, message: DETAILS.reserveTooLarge };
    details.reserveCents = parsed.cents;
  }
  if (has('currency')) {
    const currency = text(input.currency) || 'USD';
    if (!/^[A-Z]{3,4}$/.test(currency)) return { ok: false, message: DETAILS.currencyRequired };
    details.currency = currency;
  }
  if (has('address')) {
    const address = input.address ?? {};
    if (!text(address.country)) return { ok: false, message: DETAILS.countryRequired };
    details.address = { ...address, country: text(address.country) };
  }
  if (has('userDescription')) {
    if (!text(input.userDescription)) return { ok: false, message: DETAILS.userDescriptionRequired };
    details.userDescription = text(input.userDescription);
  }
  if (has('contactInfo')) {
    const contact = input.contactInfo ?? {};
    if (!text(contact.name)) return { ok: false, message: DETAILS.contactNameRequired };
    if (!text(contact.email)) return { ok: false, message: DETAILS.contactEmailRequired };
    if (!EMAIL.test(text(contact.email))) return { ok: false, message: DETAILS.contactEmailInvalid };
    details.contactInfo = { name: text(contact.name), email: text(contact.email), phone: text(contact.phone) || null };
  }
  if (has('hasAgreedToTerms')) {
    if (input.hasAgreedToTerms !== true) return { ok: false, message: DETAILS.termsRequired };
    details.hasAgreedToTerms = true;
  }
  if (input.description !== undefined) details.description = input.description ?? null;
  else if (!partial) details.description = null;
  if (input.excerpt !== undefined) details.excerpt = input.excerpt ?? null;
  else if (!partial) details.excerpt = null;
  if (input.dataFields !== undefined && input.dataFields !== null) {
    if (typeof input.dataFields !== 'object' || Array.isArray(input.dataFields)) return { ok: false, message: DETAILS.dataFieldsNotObject };
    details.dataFields = input.dataFields;
  } else if (!partial) details.dataFields = {};
  if (input.serviceSnappr !== undefined && input.serviceSnappr !== null) details.serviceSnappr = input.serviceSnappr;
  else if (!partial) details.serviceSnappr = false;
  if (input.images !== undefined && input.images !== null) details.images = input.images;
  else if (!partial) details.images = {};
  return { ok: true, details };
}

function createLot(command: Extract<LotCommand, { type: 'CreateLot' }>, state: LotState): Decision {
  if (state.status !== 'Empty') return reject('auction.exists');
  const validated = validateDetails(command, false);
  if (!validated.ok) return reject('auction.validation', validated.message);
  if (!text(command.packageId)) return reject('auction.validation', DETAILS.packageRequired);
  const details = validated.details as LotDetails;
  return accept({
    type: 'LotCreated',
    data: {
      ...details,
      lotId: command.lotId,
      brand: command.brand,
      sellerId: command.sellerId,
      slug: slugify(details.title, command.now),
      status: 'PENDING',
      startPriceCents: 0,
      minIncrementCents: 0,
      paymentStatus: command.paymentStatus ?? 'UNPAID',
      paymentType: command.paymentType ?? null,
      packageId: text(command.packageId),
      templateType: command.templateType ?? null,
      reserveMeterEnabled: true,
      createdAt: command.now.toISOString(),
    },
  });
}

function updateLot(command: Extract<LotCommand, { type: 'UpdateLot' }>, lot: ExistingLot): Decision {
  if (command.actorId !== lot.sellerId) return reject('auction.access.denied');
  if (lot.status === 'LIVE' || isClosed(lot)) return reject('auction.update.notAllowed');
  const validated = validateDetails(command.changes, true);
  if (!validated.ok) return reject('auction.validation', validated.message);
  if (Object.keys(validated.details).length === 0) return accept();
  return accept({
    type: 'LotUpdated',
    data: { changes: validated.details, updatedBy: command.actorId, updatedAt: command.now.toISOString() },
  });
}

function scheduleLot(command: Extract<LotCommand, { type: 'ScheduleLot' }>, lot: ExistingLot): Decision {
  if (lot.status !== 'APPROVED' && lot.status !== 'SCHEDULED') return reject('auction.network.schedule.error.invalid.status');
  const { start, end, now } = command;
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    return reject('auction.network.schedule.error.dates.missing');
  if (start.getTime() === end.getTime()) return reject('auction.network.schedule.error.dates.same');
  // Past dates before "end before start": the other way round, an end date in the past always has a
  // start after it or in the past too, so endDate.inPast (spec 001 section 8) could never be returned.
  if (start.getTime() < now.getTime()) return reject('auction.network.schedule.error.startDate.inPast');
  if (end.getTime() < now.getTime()) return reject('auction.network.schedule.error.endDate.inPast');
  if (end.getTime() < start.getTime()) return reject('auction.network.schedule.error.dates.end.before.start');
  const expected = command.dateRangeLimitDays * DAY_MS;
  if (Math.abs(end.getTime() - start.getTime() - expected) >= SCHEDULE_TOLERANCE_MS)
    return reject('auction.network.schedule.error.rangeOutOfBounds');
  return accept({
    type: 'LotScheduled',
    data: {
      scheduledStart: start.toISOString(),
      scheduledEnd: end.toISOString(),
      finalEnd: end.toISOString(),
      scheduledBy: command.actorId,
    },
  });
}

/**
 * Bid checks, in this order (docs/decisions.md "Bid validation order"): the lot exists; an
 * already-accepted bid id answers the same; the amount is well-formed (bid.invalid); the amount is
 * within the maximum; the bidder is not the seller; the status; the dates; a required payment
 * hold (bid.paymentRequired); the first bid exceeds
 * the start price; a later bid exceeds the top bid and meets the increment.
 */
function placeBid(command: Extract<LotCommand, { type: 'PlaceBid' }>, lot: ExistingLot): Decision {
  const parsed = parseAmount(command.amount);
  // A voided bid, or one of an earlier round, is known but no longer stands: its retry must not bid again.
  if (findBid(lot.previousRoundBids, command.bidId)) return reject('bid.invalid');
  const known = findBid(lot.bids, command.bidId);
  if (known) {
    if (lot.voidedBidIds.includes(known.bidId)) return reject('bid.invalid');
    if (parsed.ok && parsed.cents === known.amountCents && known.bidderId === command.bidderId) {
      return { ok: true, events: [], result: { ...known, newEnd: null } };
    }
    return reject('bid.invalid');
  }
  const open = biddingOpen(command, lot, parsed);
  if (!open.ok) return open.decision;
  const amount = open.cents;
  const rule = incrementRule(command);
  const isFirstBid = lot.topBid === null;
  if (isFirstBid) {
    if (amount <= lot.startPriceCents) return reject('bid.invalid.firstBid.tooLow');
  } else {
    const top = lot.topBid!.amountCents;
    if (amount <= top) return reject('bid.invalid.amount.tooLow');
    if (amount < top + minimumIncrementCents(lot, rule, top)) return reject('bid.invalid.increment.notMet');
  }
  const placedAt = command.now.toISOString();
  const bid: AcceptedBid = { bidId: command.bidId, bidderId: command.bidderId, amountCents: amount, isFirstBid, placedAt };
  const placed = withSoftClose(lot, bid, command.now, command.sniperProtectionSeconds);
  const answer = answerWithProxy(placed.after, command.automaticBidId, command, rule);
  const events = [...placed.events, ...answer.events];
  const outbidAutomatically = answer.bid !== null && answer.bid.bidderId !== command.bidderId;
  return { ok: true, events, result: { ...bid, newEnd: placed.newEnd, ...(outbidAutomatically ? { outbidAutomatically } : {}) } };
}

type OpenCheck = { ok: true; cents: number } | { ok: false; decision: Decision };

/**
 * The checks a bid and a maximum share, in the bid order (docs/decisions.md "Bid validation order"):
 * the amount is well-formed and within the limit, the bidder is not the seller, the status, the dates,
 * a required payment hold.
 */
function biddingOpen(
  command: { bidderId: string; now: Date; bidHoldRequired?: boolean; bidderHasHold?: boolean },
  lot: ExistingLot,
  parsed: ReturnType<typeof parseAmount>,
): OpenCheck {
  const refuse = (code: AuctionErrorCode): OpenCheck => ({ ok: false, decision: reject(code) });
  if (!parsed.ok) return refuse(parsed.reason === 'tooLarge' ? 'bid.invalid.maxValue.exceeded' : 'bid.invalid');
  // The limit is exclusive, so the spec's message "meets or exceeds the allowable bid limit of
  // 999,999,999.00" is true (docs/decisions.md "Issue 24: the live auction as bidders and sellers expect it").
  if (parsed.cents >= MAX_BID_CENTS) return refuse('bid.invalid.maxValue.exceeded');
  if (command.bidderId === lot.sellerId) return refuse('bid.invalid.own.auction');
  const status = statusRefusal(lot.status);
  if (status) return refuse(status);
  const now = command.now.getTime();
  if (!lot.scheduledStart || now < Date.parse(lot.scheduledStart)) return refuse('bid.invalid.date.start.before');
  if (!lot.finalEnd || now >= Date.parse(lot.finalEnd)) return refuse('bid.invalid.date.end.after');
  if (command.bidHoldRequired === true && command.bidderHasHold !== true) return refuse('bid.paymentRequired');
  return { ok: true, cents: parsed.cents };
}

function statusRefusal(status: LotStatus): AuctionErrorCode | null {
  switch (status) {
    case 'PENDING':
    case 'APPROVED':
      return 'bid.invalid.auction.status.pending';
    case 'SCHEDULED':
      return 'bid.invalid.auction.status.scheduled';
    case 'SOLD':
      return 'bid.invalid.auction.status.sold';
    case 'RESERVE_NOT_MET':
      return 'bid.invalid.auction.status.reserve_not_met';
    case 'CANCELED':
      return 'bid.invalid.auction.status.canceled';
    case 'LIVE':
      return null;
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

const incrementRule = (command: {
  defaultMinimumIncrementCents: number;
  incrementLadder?: readonly IncrementBand[] | null;
}): BrandIncrementRule => ({
  flatCents: command.defaultMinimumIncrementCents,
  ladder: command.incrementLadder ?? null,
});

/** The bid, and the end moved when it came inside the sniper-protection window (manual and automatic bids alike). */
function withSoftClose(
  lot: ExistingLot,
  bid: AcceptedBid,
  now: Date,
  sniperProtectionSeconds: number,
): { events: LotEvent[]; after: ExistingLot; newEnd: string | null } {
  const events: LotEvent[] = [{ type: 'BidPlaced', data: bid }];
  const windowMs = Math.max(0, sniperProtectionSeconds) * 1000;
  const finalEnd = Date.parse(lot.finalEnd ?? '');
  let newEnd: string | null = null;
  if (windowMs > 0 && finalEnd - now.getTime() < windowMs) {
    newEnd = new Date(now.getTime() + windowMs).toISOString();
    events.push({ type: 'LotEndExtended', data: { previousEnd: lot.finalEnd!, newEnd, bidId: bid.bidId } });
  }
  return { events, after: events.reduce(evolveExisting, lot), newEnd };
}

/** The automatic bid the maxima call for after a bid or a maximum (proxy-bidding.ts), with its soft close. */
function answerWithProxy(
  lot: ExistingLot,
  automaticBidId: string | undefined,
  command: { now: Date; sniperProtectionSeconds: number },
  rule: BrandIncrementRule,
): { events: LotEvent[]; after: ExistingLot; bid: AcceptedBid | null; newEnd: string | null } {
  const none = { events: [], after: lot, bid: null, newEnd: null };
  if (!lot.proxy || !automaticBidId) return none;
  const answer = proxyAnswer({ ...lot, topBidRank: lot.proxy.topBidRank, maxima: lot.proxy.maxima }, rule);
  if (!answer) return none;
  const bid: AcceptedBid = {
    bidId: automaticBidId,
    bidderId: answer.bidderId,
    amountCents: answer.amountCents,
    isFirstBid: lot.topBid === null,
    placedAt: command.now.toISOString(),
    automatic: true,
  };
  return { ...withSoftClose(lot, bid, command.now, command.sniperProtectionSeconds), bid };
}

/**
 * A maximum (proxy bidding, docs/proxy-bidding.md): the bid checks, then the amount must be one a
 * bid could be now (above the start price, or at least the next minimum bid), or, for the bidder
 * who already leads, at least the visible price: a maximum may be raised, and lowered only down to
 * the price. Setting the same maximum again changes nothing. The maxima then settle the price.
 */
function setMaxBid(command: Extract<LotCommand, { type: 'SetMaxBid' }>, lot: ExistingLot): Decision {
  const open = biddingOpen(command, lot, parseAmount(command.amount));
  if (!open.ok) return open.decision;
  const maximum = open.cents;
  const rule = incrementRule(command);
  const current = lot.proxy ? maximumOf(lot.proxy.maxima, command.bidderId) : null;
  const leads = lot.topBid?.bidderId === command.bidderId;
  if (current?.maximumCents === maximum)
    return { ok: true, events: [], maxBid: maxBidResult(lot, current.maxBidId, command.bidderId, maximum, null, null) };
  const refusal = maximumRefusal(lot, maximum, leads, rule);
  if (refusal) return reject(refusal);
  const set: LotEvent = {
    type: 'MaxBidSet',
    data: { maxBidId: command.maxBidId, bidderId: command.bidderId, maximumCents: maximum, setAt: command.now.toISOString() },
  };
  const answer = answerWithProxy(evolveExisting(lot, set), command.automaticBidId, command, rule);
  return {
    ok: true,
    events: [set, ...answer.events],
    maxBid: maxBidResult(answer.after, command.maxBidId, command.bidderId, maximum, answer.bid, answer.newEnd),
  };
}

function maximumRefusal(lot: ExistingLot, maximum: number, leads: boolean, rule: BrandIncrementRule): AuctionErrorCode | null {
  const top = lot.topBid;
  if (!top) return maximum <= lot.startPriceCents ? 'bid.invalid.firstBid.tooLow' : null;
  if (leads) return maximum < top.amountCents ? 'bid.max.belowPrice' : null;
  if (maximum <= top.amountCents) return 'bid.invalid.amount.tooLow';
  if (maximum < top.amountCents + minimumIncrementCents(lot, rule, top.amountCents)) return 'bid.invalid.increment.notMet';
  return null;
}

function maxBidResult(
  lot: ExistingLot,
  maxBidId: string,
  bidderId: string,
  maximumCents: number,
  automaticBid: AcceptedBid | null,
  newEnd: string | null,
): MaxBidResult {
  return {
    maxBidId,
    maximumCents,
    highBidder: lot.topBid?.bidderId === bidderId,
    priceCents: lot.topBid?.amountCents ?? null,
    automaticBid,
    newEnd,
  };
}

function approveLot(command: Extract<LotCommand, { type: 'ApproveLot' }>, lot: ExistingLot): Decision {
  if (lot.status !== 'PENDING') return reject('auction.invalid.status');
  // An unpaid package is approved only on purpose, and the log records that it was (docs/decisions.md "Staff remedies").
  const unpaid = lot.paymentStatus === 'UNPAID';
  if (unpaid && command.confirmUnpaid !== true) return reject('auction.approve.unpaid');
  const data = { approvedBy: command.actorId, approvedAt: command.now.toISOString() };
  return accept({ type: 'LotApproved', data: unpaid ? { ...data, unpaidConfirmed: true } : data });
}

// ---------------------------------------------------------------------------------------------
// Staff remedies: new events, never edits (docs/decisions.md "Staff remedies"). Checks in this
// order: the status, then what the remedy targets (the bid, the new end), then the reason.

const MAX_REASON_LENGTH = 1_000;

type ReasonCheck = { ok: true; reason: string | null } | { ok: false; decision: Decision };

function remedyReason(value: string | null | undefined, required: boolean): ReasonCheck {
  const reason = text(value);
  if (!reason) return required ? { ok: false, decision: reject('auction.remedy.reason.required') } : { ok: true, reason: null };
  if (reason.length > MAX_REASON_LENGTH) return { ok: false, decision: reject('auction.remedy.reason.tooLong') };
  return { ok: true, reason };
}

/** The bid left on top once `without` is gone: bids only ever rise, so the newest one standing. */
function topBidWithout(lot: ExistingLot, without: string): AcceptedBid | null {
  const bids = listBids(lot.bids);
  for (let index = bids.length - 1; index >= 0; index -= 1) {
    const bid = bids[index]!;
    if (bid.bidId !== without && !lot.voidedBidIds.includes(bid.bidId)) return bid;
  }
  return null;
}

const bidRef = (bid: AcceptedBid): BidRef => ({ bidId: bid.bidId, bidderId: bid.bidderId, amountCents: bid.amountCents });

function outcomeOf(lot: ExistingLot): LotOutcome {
  const status = endOutcome(lot);
  return {
    status,
    finalPriceCents: lot.topBid?.amountCents ?? null,
    winnerId: status === 'SOLD' ? (lot.topBid?.bidderId ?? null) : null,
  };
}

/**
 * A staff void (docs/proxy-bidding.md "Voids and maxima"): the bid, and with a manual bid the
 * automatic answer the engine gave it in the same decision (it answered a bid that no longer stands);
 * never a maximum. While the lot is live the maxima then re-run on what stands, so the price is what
 * they imply, as ordinary automatic bids. After the end nothing bids: the outcome follows the bids left.
 */
function voidBid(command: Extract<LotCommand, { type: 'VoidBid' }>, lot: ExistingLot): Decision {
  if (lot.status !== 'LIVE' && !isEnded(lot)) return reject('auction.remedy.invalid.status');
  const bid = findBid(lot.bids, command.bidId);
  if (!bid) return reject('auction.remedy.bid.notFound');
  if (lot.voidedBidIds.includes(bid.bidId)) return reject('auction.remedy.bid.voided');
  const reason = remedyReason(command.reason, true);
  if (!reason.ok) return reason.decision;
  const events: LotEvent[] = [];
  let after = lot;
  for (const voided of [bid, answerTo(lot, bid)]) {
    if (!voided) continue;
    const event = voidEvent(after, voided, reason.reason!, command);
    events.push(event);
    after = evolveExisting(after, event);
  }
  // Past the end (before the scheduler's EndLot) a bid could not be placed either: nothing re-runs.
  const biddingOver = after.status !== 'LIVE' || command.now.getTime() >= Date.parse(after.finalEnd ?? '');
  if (biddingOver || !command.proxy) return accept(...events);
  const rerun = answerWithProxy(after, command.proxy.automaticBidId, { ...command, ...command.proxy }, incrementRule(command.proxy));
  return accept(...events, ...rerun.events);
}

/** The automatic bid the decider placed in answer to a manual `bid`: the next one in the log, same instant, another bidder. */
function answerTo(lot: ExistingLot, bid: AcceptedBid): AcceptedBid | null {
  if (bid.automatic) return null;
  const bids = listBids(lot.bids);
  const next = bids[bids.findIndex((entry) => entry.bidId === bid.bidId) + 1];
  if (!next?.automatic || next.placedAt !== bid.placedAt || next.bidderId === bid.bidderId) return null;
  return lot.voidedBidIds.includes(next.bidId) ? null : next;
}

function voidEvent(lot: ExistingLot, bid: AcceptedBid, reason: string, command: { actorId: string; now: Date }): LotEvent {
  const top = topBidWithout(lot, bid.bidId);
  const after: ExistingLot = { ...lot, topBid: top, bidCount: lot.bidCount - 1 };
  return {
    type: 'BidVoided',
    data: {
      ...bidRef(bid),
      reason,
      voidedBy: command.actorId,
      voidedAt: command.now.toISOString(),
      topBid: top ? bidRef(top) : null,
      bidCount: after.bidCount,
      outcome: isEnded(lot) ? outcomeOf(after) : null,
    },
  };
}

const CANCELABLE: readonly LotStatus[] = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE'];

function cancelLot(command: Extract<LotCommand, { type: 'CancelLot' }>, lot: ExistingLot): Decision {
  if (!CANCELABLE.includes(lot.status)) return reject('auction.remedy.invalid.status');
  const reason = remedyReason(command.reason, true);
  if (!reason.ok) return reason.decision;
  return accept({
    type: 'LotCanceled',
    data: { reason: reason.reason!, canceledBy: command.actorId, canceledAt: command.now.toISOString(), previousStatus: lot.status },
  });
}

function extendLot(command: Extract<LotCommand, { type: 'ExtendLot' }>, lot: ExistingLot): Decision {
  if (lot.status !== 'LIVE' || !lot.finalEnd) return reject('auction.remedy.invalid.status');
  const newEnd = command.newEnd instanceof Date ? command.newEnd.getTime() : NaN;
  if (Number.isNaN(newEnd) || newEnd <= Date.parse(lot.finalEnd) || newEnd <= command.now.getTime())
    return reject('auction.remedy.extend.invalid');
  const reason = remedyReason(command.reason, true);
  if (!reason.ok) return reason.decision;
  return accept({
    type: 'LotEndExtended',
    data: {
      previousEnd: lot.finalEnd,
      newEnd: new Date(newEnd).toISOString(),
      bidId: null,
      extendedBy: command.actorId,
      reason: reason.reason!,
    },
  });
}

function relistLot(command: Extract<LotCommand, { type: 'RelistLot' }>, lot: ExistingLot): Decision {
  if (!isClosed(lot)) return reject('auction.remedy.invalid.status');
  const reason = remedyReason(command.reason, false);
  if (!reason.ok) return reason.decision;
  return accept({
    type: 'LotRelisted',
    data: { reason: reason.reason, relistedBy: command.actorId, relistedAt: command.now.toISOString(), previousStatus: lot.status },
  });
}

// ---------------------------------------------------------------------------------------------
// evolve

export function evolve(state: LotState, event: LotEvent): LotState {
  if (state.status === 'Empty' || event.type === 'LotCreated') return evolveNew(state, event);
  return evolveExisting(state, event);
}

function evolveNew(state: LotState, event: LotEvent): LotState {
  if (event.type === 'LotCreated') {
    const { createdAt: _createdAt, reserveMeterEnabled: _meter, ...data } = event.data;
    return {
      ...data,
      status: 'PENDING',
      scheduledStart: null,
      scheduledEnd: null,
      finalEnd: null,
      bids: EMPTY_BID_LOG,
      topBid: null,
      bidCount: 0,
      voidedBidIds: [],
      round: 1,
      previousRoundBids: EMPTY_BID_LOG,
      shared: false,
      hosts: [],
      hostsDeclined: [],
      winnerId: null,
      finalPriceCents: null,
    };
  }
  return state;
}

function evolveExisting(lot: ExistingLot, event: LotEvent): ExistingLot {
  switch (event.type) {
    case 'LotCreated':
      return lot;
    case 'LotUpdated':
      return { ...lot, ...event.data.changes };
    case 'LotApproved':
      return { ...lot, status: 'APPROVED' };
    case 'LotDisapproved':
      return { ...lot, status: 'PENDING', scheduledStart: null, scheduledEnd: null, finalEnd: null };
    case 'LotScheduled':
      return {
        ...lot,
        status: 'SCHEDULED',
        scheduledStart: event.data.scheduledStart,
        scheduledEnd: event.data.scheduledEnd,
        finalEnd: event.data.finalEnd,
      };
    case 'LotShared':
      return { ...lot, shared: true };
    case 'LotUnshared':
      return { ...lot, shared: false };
    case 'LotHostAccepted':
      return {
        ...lot,
        hosts: lot.hosts.includes(event.data.hostBrand) ? lot.hosts : [...lot.hosts, event.data.hostBrand],
        hostsDeclined: lot.hostsDeclined.filter((brand) => brand !== event.data.hostBrand),
      };
    case 'LotHostDeclined':
      return {
        ...lot,
        hosts: lot.hosts.filter((brand) => brand !== event.data.hostBrand),
        hostsDeclined: lot.hostsDeclined.includes(event.data.hostBrand) ? lot.hostsDeclined : [...lot.hostsDeclined, event.data.hostBrand],
      };
    case 'LotWentLive':
      return { ...lot, status: 'LIVE' };
    case 'BidPlaced': {
      const placed = { ...lot, bids: addBid(lot.bids, event.data), topBid: event.data, bidCount: lot.bidCount + 1 };
      if (!lot.proxy) return placed;
      const rank = lot.proxy.lastRank + 1;
      return { ...placed, proxy: { ...lot.proxy, lastRank: rank, topBidRank: rank } };
    }
    case 'MaxBidSet':
      return evolveMaximum(lot, event.data);
    case 'LotEndExtended':
      return { ...lot, finalEnd: event.data.newEnd };
    case 'LotEnded':
      return { ...lot, status: event.data.status, finalPriceCents: event.data.finalPriceCents, winnerId: event.data.winnerId };
    case 'BidVoided':
      return evolveVoid(lot, event.data);
    case 'LotCanceled':
      return { ...lot, status: 'CANCELED' };
    case 'LotRelisted':
      return evolveRelist(lot);
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** The bidder's maximum replaces any earlier one and ranks after everything before it. */
function evolveMaximum(lot: ExistingLot, data: Extract<LotEvent, { type: 'MaxBidSet' }>['data']): ExistingLot {
  const proxy = lot.proxy ?? { maxima: [], lastRank: 0, topBidRank: 0 };
  const rank = proxy.lastRank + 1;
  const maximum: StandingMaximum = { ...data, rank };
  const maxima = [...proxy.maxima.filter((max) => max.bidderId !== data.bidderId), maximum];
  return { ...lot, proxy: { ...proxy, maxima, lastRank: rank } };
}

function evolveVoid(lot: ExistingLot, data: Extract<LotEvent, { type: 'BidVoided' }>['data']): ExistingLot {
  const voided: ExistingLot = {
    ...lot,
    // The bid back on top ranks before every maximum (its own rank is not kept); see docs/proxy-bidding.md.
    ...(lot.proxy ? { proxy: { ...lot.proxy, topBidRank: 0 } } : {}),
    voidedBidIds: [...lot.voidedBidIds, data.bidId],
    topBid: data.topBid ? (findBid(lot.bids, data.topBid.bidId) ?? null) : null,
    bidCount: data.bidCount,
  };
  if (!data.outcome) return voided;
  return { ...voided, status: data.outcome.status, finalPriceCents: data.outcome.finalPriceCents, winnerId: data.outcome.winnerId };
}

/** A new round: back to APPROVED with no bids and no dates; this round's bids join the earlier ones. */
function evolveRelist(lot: ExistingLot): ExistingLot {
  // The maxima belong to the round that ended: the next round starts without them.
  const { proxy: _proxy, ...rest } = lot;
  return {
    ...rest,
    status: 'APPROVED',
    scheduledStart: null,
    scheduledEnd: null,
    finalEnd: null,
    bids: EMPTY_BID_LOG,
    topBid: null,
    bidCount: 0,
    voidedBidIds: [],
    round: lot.round + 1,
    previousRoundBids: appendLog(lot.previousRoundBids, lot.bids),
    winnerId: null,
    finalPriceCents: null,
  };
}
