/**
 * The lot aggregate as a decider (spec 001 sections 4, 5, 8 and 9): events, state, commands,
 * `decide` and `evolve` in one pure file. Time and ids arrive on the command; nothing here reads
 * the clock, the network or the database. Errors are data: `{ ok: false, code, message }`.
 */
import { messageFor, type AuctionErrorCode } from '@trackside/contracts';
import { MAX_BID_CENTS, parseAmount } from './money';
import { addBid, EMPTY_BID_LOG, findBid, type BidLog } from './bid-log';

// ---------------------------------------------------------------------------------------------
// Shared shapes

export type LotStatus = 'PENDING' | 'APPROVED' | 'SCHEDULED' | 'LIVE' | 'SOLD' | 'RESERVE_NOT_MET';
export type PaymentType = 'HOLD' | 'ONE_TIME' | 'MONTHLY' | 'YEARLY';

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

// ---------------------------------------------------------------------------------------------
// Events

export type LotEvent =
  | {
      type: 'LotCreated';
      data: LotDetails & {
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
      };
    }
  | { type: 'LotUpdated'; data: { changes: Partial<LotDetails>; updatedBy: string; updatedAt: string } }
  | { type: 'LotApproved'; data: { approvedBy: string; approvedAt: string } }
  | { type: 'LotDisapproved'; data: { disapprovedBy: string; reason: string | null; disapprovedAt: string } }
  | { type: 'LotScheduled'; data: { scheduledStart: string; scheduledEnd: string; finalEnd: string; scheduledBy: string } }
  | { type: 'LotShared'; data: { sharedBy: string; sharedAt: string } }
  | { type: 'LotUnshared'; data: { unsharedBy: string; unsharedAt: string } }
  | { type: 'LotHostAccepted'; data: { hostBrand: string; acceptedBy: string; acceptedAt: string } }
  | { type: 'LotHostDeclined'; data: { hostBrand: string; declinedBy: string; declinedAt: string } }
  | { type: 'LotWentLive'; data: { wentLiveAt: string } }
  | { type: 'BidPlaced'; data: AcceptedBid }
  | { type: 'LotEndExtended'; data: { previousEnd: string; newEnd: string; bidId: string } }
  | {
      type: 'LotEnded';
      data: { status: 'SOLD' | 'RESERVE_NOT_MET'; finalPriceCents: number | null; winnerId: string | null; endedAt: string };
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
  /** Accepted bids by id (idempotency); the top bid is the last accepted one. */
  bids: BidLog;
  topBid: AcceptedBid | null;
  bidCount: number;
  shared: boolean;
  hosts: string[];
  hostsDeclined: string[];
  winnerId: string | null;
  finalPriceCents: number | null;
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
  | { type: 'ApproveLot'; actorId: string; now: Date }
  | { type: 'DisapproveLot'; actorId: string; now: Date; reason: string | null }
  | { type: 'ScheduleLot'; actorId: string; now: Date; start: Date | null; end: Date | null; dateRangeLimitDays: number }
  | { type: 'ShareLot'; actorId: string; now: Date }
  | { type: 'UnshareLot'; actorId: string; now: Date }
  | { type: 'AcceptNetworkLot'; actorId: string; now: Date; hostBrand: string }
  | { type: 'DeclineNetworkLot'; actorId: string; now: Date; hostBrand: string }
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
    };

export interface BidResult {
  bidId: string;
  amountCents: number;
  isFirstBid: boolean;
  placedAt: string;
  /** Set when this bid moved the end (sniper protection). */
  newEnd: string | null;
}

export type Decision = { ok: true; events: LotEvent[]; result?: BidResult } | { ok: false; code: AuctionErrorCode; message: string };

const reject = (code: AuctionErrorCode, message?: string): Decision => ({ ok: false, code, message: message ?? messageFor(code) });
const accept = (...events: LotEvent[]): Decision => ({ ok: true, events });

export const SCHEDULE_TOLERANCE_MS = 60_000;
const DAY_MS = 86_400_000;
const ONE_DOLLAR_CENTS = 100;

// ---------------------------------------------------------------------------------------------
// Read helpers the read side shares

export function minimumIncrementCents(lot: ExistingLot, defaultIncrementCents: number): number {
  if (lot.minIncrementCents > 0) return lot.minIncrementCents;
  if (defaultIncrementCents > 0) return defaultIncrementCents;
  return ONE_DOLLAR_CENTS;
}

/** The smallest acceptable next bid (spec 001 section 5). */
export function minimumNextBidCents(lot: ExistingLot, defaultIncrementCents: number): number {
  if (!lot.topBid) return lot.startPriceCents + 1;
  return lot.topBid.amountCents + minimumIncrementCents(lot, defaultIncrementCents);
}

export function hasReserve(lot: ExistingLot): boolean {
  return lot.reserveCents > 0;
}

export function isReserveMet(lot: ExistingLot): boolean {
  if (!hasReserve(lot)) return lot.bidCount > 0;
  return (lot.topBid?.amountCents ?? 0) >= lot.reserveCents;
}

/** Top bid as a percentage of the reserve, floored to 2 decimals, capped at 100. */
export function reservePercentage(lot: ExistingLot): number {
  if (!hasReserve(lot)) return lot.bidCount > 0 ? 100 : 0;
  const top = lot.topBid?.amountCents ?? 0;
  return Math.min(100, Math.floor((top * 10_000) / lot.reserveCents) / 100);
}

/** SOLD when a positive reserve is met, or with at least one bid and no reserve. */
export function endOutcome(lot: ExistingLot): 'SOLD' | 'RESERVE_NOT_MET' {
  return isReserveMet(lot) ? 'SOLD' : 'RESERVE_NOT_MET';
}

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
    return command.type === 'PlaceBid' ? reject('bid.invalid.no.auction') : reject('auction.notFound');
  }
  const lot = state;
  const iso = command.now.toISOString();
  switch (command.type) {
    case 'UpdateLot':
      return updateLot(command, lot);
    case 'ApproveLot':
      if (lot.status !== 'PENDING') return reject('auction.invalid.status');
      return accept({ type: 'LotApproved', data: { approvedBy: command.actorId, approvedAt: iso } });
    case 'DisapproveLot':
      if (lot.status !== 'PENDING' && lot.status !== 'APPROVED' && lot.status !== 'SCHEDULED') return reject('auction.invalid.status');
      return accept({ type: 'LotDisapproved', data: { disapprovedBy: command.actorId, reason: command.reason, disapprovedAt: iso } });
    case 'ScheduleLot':
      return scheduleLot(command, lot);
    case 'ShareLot':
      if (lot.status === 'LIVE') return reject('auction.network.share.error.auctionLive');
      if (isEnded(lot)) return reject('auction.network.share.error.auctionEnded');
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
      if (isEnded(lot)) return reject('auction.network.share.error.auctionEnded');
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
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

function isEnded(lot: ExistingLot): boolean {
  return lot.status === 'SOLD' || lot.status === 'RESERVE_NOT_MET';
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
    if (!text(input.title)) return { ok: false, message: 'Please enter in a title' };
    details.title = text(input.title);
  }
  if (has('sellerType')) {
    if (!text(input.sellerType)) return { ok: false, message: 'Please select a type' };
    details.sellerType = text(input.sellerType);
  }
  if (has('reserve')) {
    if (input.reserve === null || input.reserve === undefined || input.reserve === '')
      return { ok: false, message: 'Please enter in a reserve' };
    const parsed = parseAmount(input.reserve);
    if (!parsed.ok && parsed.reason === 'tooLarge') return { ok: false, message: 'The reserve cannot exceed 999,999,999.00.' };
    if (!parsed.ok) return { ok: false, message: 'The reserve must be a non-negative amount with at most two decimals.' };
    if (parsed.cents > MAX_BID_CENTS) return { ok: false, message: 'The reserve cannot exceed 999,999,999.00.' };
    details.reserveCents = parsed.cents;
  }
  if (has('currency')) {
    const currency = text(input.currency) || 'USD';
    if (!/^[A-Z]{3,4}$/.test(currency)) return { ok: false, message: 'Please select a currency' };
    details.currency = currency;
  }
  if (has('address')) {
    const address = input.address ?? {};
    if (!text(address.country)) return { ok: false, message: 'Please select a country' };
    details.address = { ...address, country: text(address.country) };
  }
  if (has('userDescription')) {
    if (!text(input.userDescription)) return { ok: false, message: 'Please tell us about your vehicle' };
    details.userDescription = text(input.userDescription);
  }
  if (has('contactInfo')) {
    const contact = input.contactInfo ?? {};
    if (!text(contact.name)) return { ok: false, message: 'Please enter in your name' };
    if (!text(contact.email)) return { ok: false, message: 'Please enter in your email' };
    if (!EMAIL.test(text(contact.email))) return { ok: false, message: 'Please enter in a valid email' };
    details.contactInfo = { name: text(contact.name), email: text(contact.email), phone: text(contact.phone) || null };
  }
  if (has('hasAgreedToTerms')) {
    if (input.hasAgreedToTerms !== true) return { ok: false, message: 'You must agree to the terms to continue' };
    details.hasAgreedToTerms = true;
  }
  if (input.description !== undefined) details.description = input.description ?? null;
  else if (!partial) details.description = null;
  if (input.excerpt !== undefined) details.excerpt = input.excerpt ?? null;
  else if (!partial) details.excerpt = null;
  if (input.dataFields !== undefined && input.dataFields !== null) {
    if (typeof input.dataFields !== 'object' || Array.isArray(input.dataFields))
      return { ok: false, message: 'dataFields must be an object' };
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
  if (!text(command.packageId))
    return reject('auction.validation', 'No package was selected. Please select the auction package before submitting.');
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
  if (lot.status === 'LIVE' || isEnded(lot)) return reject('auction.update.notAllowed');
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
  const known = findBid(lot.bids, command.bidId);
  if (known) {
    if (parsed.ok && parsed.cents === known.amountCents && known.bidderId === command.bidderId) {
      return { ok: true, events: [], result: { ...known, newEnd: null } };
    }
    return reject('bid.invalid');
  }
  if (!parsed.ok) return reject(parsed.reason === 'tooLarge' ? 'bid.invalid.maxValue.exceeded' : 'bid.invalid');
  const amount = parsed.cents;
  if (amount > MAX_BID_CENTS) return reject('bid.invalid.maxValue.exceeded');
  if (command.bidderId === lot.sellerId) return reject('bid.invalid.own.auction');
  switch (lot.status) {
    case 'PENDING':
    case 'APPROVED':
      return reject('bid.invalid.auction.status.pending');
    case 'SCHEDULED':
      return reject('bid.invalid.auction.status.scheduled');
    case 'SOLD':
      return reject('bid.invalid.auction.status.sold');
    case 'RESERVE_NOT_MET':
      return reject('bid.invalid.auction.status.reserve_not_met');
    case 'LIVE':
      break;
    default: {
      const unreachable: never = lot.status;
      return unreachable;
    }
  }
  const now = command.now.getTime();
  if (!lot.scheduledStart || now < Date.parse(lot.scheduledStart)) return reject('bid.invalid.date.start.before');
  if (!lot.finalEnd || now >= Date.parse(lot.finalEnd)) return reject('bid.invalid.date.end.after');
  if (command.bidHoldRequired === true && command.bidderHasHold !== true) return reject('bid.paymentRequired');
  const isFirstBid = lot.topBid === null;
  if (isFirstBid) {
    if (amount <= lot.startPriceCents) return reject('bid.invalid.firstBid.tooLow');
  } else {
    const top = lot.topBid!.amountCents;
    if (amount <= top) return reject('bid.invalid.amount.tooLow');
    if (amount < top + minimumIncrementCents(lot, command.defaultMinimumIncrementCents)) return reject('bid.invalid.increment.notMet');
  }
  const placedAt = command.now.toISOString();
  const bid: AcceptedBid = { bidId: command.bidId, bidderId: command.bidderId, amountCents: amount, isFirstBid, placedAt };
  const events: LotEvent[] = [{ type: 'BidPlaced', data: bid }];
  const windowMs = Math.max(0, command.sniperProtectionSeconds) * 1000;
  const finalEnd = Date.parse(lot.finalEnd);
  let newEnd: string | null = null;
  if (windowMs > 0 && finalEnd - now < windowMs) {
    newEnd = new Date(now + windowMs).toISOString();
    events.push({ type: 'LotEndExtended', data: { previousEnd: lot.finalEnd, newEnd, bidId: command.bidId } });
  }
  return { ok: true, events, result: { ...bid, newEnd } };
}

// ---------------------------------------------------------------------------------------------
// evolve

export function evolve(state: LotState, event: LotEvent): LotState {
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
      shared: false,
      hosts: [],
      hostsDeclined: [],
      winnerId: null,
      finalPriceCents: null,
    };
  }
  if (state.status === 'Empty') return state;
  const lot = state;
  switch (event.type) {
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
    case 'BidPlaced':
      return { ...lot, bids: addBid(lot.bids, event.data), topBid: event.data, bidCount: lot.bidCount + 1 };
    case 'LotEndExtended':
      return { ...lot, finalEnd: event.data.newEnd };
    case 'LotEnded':
      return { ...lot, status: event.data.status, finalPriceCents: event.data.finalPriceCents, winnerId: event.data.winnerId };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}
