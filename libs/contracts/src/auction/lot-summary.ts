/**
 * A lot's read-side summary folded from its decoded events: what a page, a room or a mail needs
 * (status, dates, bids, reserve, brands), without the decider's idempotency bookkeeping. Pure.
 * Combine with the rules of lot-rules.ts: `minimumNextBidCents(summary, brandIncrementCents)`.
 */
import type { AcceptedBid, LotEvent, LotStatus } from './lot-events';
import { isReserveMet, reservePercentage } from './lot-rules';

export interface LotSummary {
  lotId: string;
  brand: string;
  sellerId: string;
  title: string;
  status: LotStatus;
  currency: string;
  startPriceCents: number;
  minIncrementCents: number;
  reserveCents: number;
  reserveMeterEnabled: boolean;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  finalEnd: string | null;
  shared: boolean;
  hosts: string[];
  /** This round's standing bids in acceptance order (each exceeds the previous one). */
  bids: AcceptedBid[];
  topBid: AcceptedBid | null;
  bidCount: number;
  /** 1 for the first listing; a relist starts the next round with no bids. */
  round: number;
  winnerId: string | null;
  finalPriceCents: number | null;
}

/** The summary with the reserve rules applied (what the read models store). */
export function reserveFacts(summary: LotSummary): { reserveMet: boolean; reservePercentage: number } {
  return { reserveMet: isReserveMet(summary), reservePercentage: reservePercentage(summary) };
}

/** The summary after all `events` (in stream order), or null before the lot exists. */
export function foldLotSummary(events: Iterable<LotEvent>, from: LotSummary | null = null): LotSummary | null {
  // One private copy, then folded in place: a hot lot's thousands of bids are not copied per bid.
  let draft = from ? copy(from) : null;
  for (const event of events) draft = applyInPlace(draft, event);
  return draft;
}

/** One step of the fold, returning a new summary (the argument is left as it was). */
export function evolveLotSummary(summary: LotSummary | null, event: LotEvent): LotSummary | null {
  return applyInPlace(summary ? copy(summary) : null, event);
}

const copy = (summary: LotSummary): LotSummary => ({ ...summary, hosts: [...summary.hosts], bids: [...summary.bids] });

function created(event: Extract<LotEvent, { type: 'LotCreated' }>): LotSummary {
  const data = event.data;
  return {
    lotId: data.lotId,
    brand: data.brand,
    sellerId: data.sellerId,
    title: data.title,
    status: 'PENDING',
    currency: data.currency,
    startPriceCents: data.startPriceCents,
    minIncrementCents: data.minIncrementCents,
    reserveCents: data.reserveCents,
    reserveMeterEnabled: data.reserveMeterEnabled,
    scheduledStart: null,
    scheduledEnd: null,
    finalEnd: null,
    shared: false,
    hosts: [],
    bids: [],
    topBid: null,
    bidCount: 0,
    round: 1,
    winnerId: null,
    finalPriceCents: null,
  };
}

function applyInPlace(lot: LotSummary | null, event: LotEvent): LotSummary | null {
  if (event.type === 'LotCreated') return lot ?? created(event);
  if (!lot) return null;
  switch (event.type) {
    case 'LotUpdated': {
      const { title, currency, reserveCents } = event.data.changes;
      if (title !== undefined) lot.title = title;
      if (currency !== undefined) lot.currency = currency;
      if (reserveCents !== undefined) lot.reserveCents = reserveCents;
      return lot;
    }
    case 'LotApproved':
      lot.status = 'APPROVED';
      return lot;
    case 'LotDisapproved':
      lot.status = 'PENDING';
      lot.scheduledStart = lot.scheduledEnd = lot.finalEnd = null;
      return lot;
    case 'LotScheduled':
      lot.status = 'SCHEDULED';
      lot.scheduledStart = event.data.scheduledStart;
      lot.scheduledEnd = event.data.scheduledEnd;
      lot.finalEnd = event.data.finalEnd;
      return lot;
    case 'LotShared':
    case 'LotUnshared':
      lot.shared = event.type === 'LotShared';
      return lot;
    case 'LotHostAccepted':
      if (!lot.hosts.includes(event.data.hostBrand)) lot.hosts.push(event.data.hostBrand);
      return lot;
    case 'LotHostDeclined':
      lot.hosts = lot.hosts.filter((brand) => brand !== event.data.hostBrand);
      return lot;
    case 'LotWentLive':
      lot.status = 'LIVE';
      return lot;
    case 'BidPlaced':
      // A replayed bid (same id) is not counted twice.
      if (lot.bids.some((bid) => bid.bidId === event.data.bidId)) return lot;
      lot.bids.push(event.data);
      lot.topBid = event.data;
      lot.bidCount += 1;
      return lot;
    case 'LotEndExtended':
      lot.finalEnd = event.data.newEnd;
      return lot;
    case 'LotEnded':
      lot.status = event.data.status;
      lot.finalPriceCents = event.data.finalPriceCents;
      lot.winnerId = event.data.winnerId;
      return lot;
    case 'BidVoided':
      return applyVoid(lot, event.data);
    case 'LotCanceled':
      lot.status = 'CANCELED';
      return lot;
    case 'LotRelisted':
      Object.assign(lot, { status: 'APPROVED', scheduledStart: null, scheduledEnd: null, finalEnd: null });
      Object.assign(lot, { bids: [], topBid: null, bidCount: 0, round: lot.round + 1, winnerId: null, finalPriceCents: null });
      return lot;
    case 'MaxBidSet':
      // A maximum is private (docs/proxy-bidding.md): the summary, read by public queries, keeps the visible price only.
      return lot;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/**
 * The voided bid leaves the list; the top bid and count follow from the bids left (the summary keeps
 * them all, so this holds for BidVoided events written before they carried the derived facts), and
 * an ended lot takes its new outcome.
 */
function applyVoid(lot: LotSummary, data: Extract<LotEvent, { type: 'BidVoided' }>['data']): LotSummary {
  lot.bids = lot.bids.filter((bid) => bid.bidId !== data.bidId);
  lot.topBid = lot.bids[lot.bids.length - 1] ?? null;
  lot.bidCount = lot.bids.length;
  if (data.outcome) {
    lot.status = data.outcome.status;
    lot.finalPriceCents = data.outcome.finalPriceCents;
    lot.winnerId = data.outcome.winnerId;
  }
  return lot;
}
