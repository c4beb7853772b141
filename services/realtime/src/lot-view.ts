import {
  decodeLotEvent,
  isVisibleToBrand,
  minimumIncrementCents,
  minimumNextBidCents,
  type BrandIncrement,
  type LotEvent,
} from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';

/** What the realtime gateway knows of a lot: enough for the `auction` push, folded from its stream. */
export interface LotView {
  id: string;
  brand: string;
  hosts: Set<string>;
  status: string;
  currency: string;
  startPriceCents: number;
  minIncrementCents: number;
  scheduledStart: string | null;
  scheduledEnd: string | null;
  finalEnd: string | null;
  finalPriceCents: number | null;
  /** Accepted bids in acceptance order (each exceeds the previous, so also ascending by amount). */
  bids: ViewBid[];
  bidIds: Set<string>;
  /** Stream version of the last event folded in. */
  version: number;
}

export interface ViewBid {
  id: string;
  bidderId: string;
  amountCents: number;
  isFirstBid: boolean;
  placedAt: string;
}

/** One lot event as the room sees it: every push lists the events since the previous one. */
export interface LotChange {
  type: string;
  version: number;
  /** When the event was appended (server clock). */
  at: string;
  bidId?: string;
  amount?: number;
  newEnd?: string;
  status?: string;
}

/**
 * Folds one event into the view (mutating it: views are private to the gateway and hot lots take
 * thousands of bids, so no copying). Returns the change to push, or null for events of no interest.
 * Events at or below the view's version are ignored, so a live event that raced the initial
 * stream read is never applied twice. The event's data is read through the contract's decoder; an
 * event it does not know (a newer type) still moves the version and is pushed by its type.
 */
export function applyLotEvent(view: LotView | null, event: RecordedEvent): { view: LotView | null; change: LotChange | null } {
  const decoded = decodeLotEvent(event);
  if (decoded?.type === 'LotCreated') {
    const data = decoded.data;
    const created: LotView = {
      id: data.lotId,
      brand: data.brand,
      hosts: new Set(),
      status: 'PENDING',
      currency: data.currency,
      startPriceCents: data.startPriceCents,
      minIncrementCents: data.minIncrementCents,
      scheduledStart: null,
      scheduledEnd: null,
      finalEnd: null,
      finalPriceCents: null,
      bids: [],
      bidIds: new Set(),
      version: event.version,
    };
    return { view: created, change: change(event, { status: 'PENDING' }) };
  }
  if (!view || event.version <= view.version) return { view, change: null };
  view.version = event.version;
  return { view, change: decoded ? applyDecoded(view, event, decoded) : change(event) };
}

function applyDecoded(view: LotView, event: RecordedEvent, decoded: Exclude<LotEvent, { type: 'LotCreated' }>): LotChange | null {
  switch (decoded.type) {
    case 'MaxBidSet':
      // A maximum is private (docs/proxy-bidding.md "Privacy"): rooms are not even told one was set.
      return null;
    case 'LotUpdated':
      if (decoded.data.changes.currency !== undefined) view.currency = decoded.data.changes.currency;
      return change(event);
    case 'LotApproved':
      view.status = 'APPROVED';
      return change(event, { status: view.status });
    case 'LotDisapproved':
      view.status = 'PENDING';
      view.scheduledStart = view.scheduledEnd = view.finalEnd = null;
      return change(event, { status: view.status });
    case 'LotScheduled':
      view.status = 'SCHEDULED';
      view.scheduledStart = decoded.data.scheduledStart;
      view.scheduledEnd = decoded.data.scheduledEnd;
      view.finalEnd = decoded.data.finalEnd;
      return change(event, { status: view.status });
    case 'LotHostAccepted':
      view.hosts.add(decoded.data.hostBrand);
      return change(event);
    case 'LotHostDeclined':
      view.hosts.delete(decoded.data.hostBrand);
      return change(event);
    case 'LotWentLive':
      view.status = 'LIVE';
      return change(event, { status: view.status });
    case 'BidPlaced': {
      const { bidId, bidderId, amountCents, isFirstBid, placedAt } = decoded.data;
      if (!view.bidIds.has(bidId)) {
        view.bidIds.add(bidId);
        view.bids.push({ id: bidId, bidderId, amountCents, isFirstBid, placedAt });
      }
      return change(event, { bidId, amount: amountCents / 100 });
    }
    case 'LotEndExtended':
      view.finalEnd = decoded.data.newEnd;
      return change(event, { newEnd: view.finalEnd });
    case 'LotEnded':
      view.status = decoded.data.status;
      view.finalPriceCents = decoded.data.finalPriceCents;
      return change(event, { status: view.status });
    case 'BidVoided':
      return applyBidVoided(view, event, decoded.data);
    case 'LotCanceled':
      view.status = 'CANCELED';
      return change(event, { status: view.status });
    case 'LotRelisted':
      // A new round with no bids; the old ids stay in bidIds so a replayed event cannot bring one back.
      view.status = 'APPROVED';
      view.bids = [];
      view.scheduledStart = view.scheduledEnd = view.finalEnd = null;
      view.finalPriceCents = null;
      return change(event, { status: view.status });
    default:
      return change(event);
  }
}

/** Staff voided a bid: it leaves the list (so top bid, count and minimumBid follow); an ended lot takes its new outcome. */
function applyBidVoided(view: LotView, event: RecordedEvent, data: Extract<LotEvent, { type: 'BidVoided' }>['data']): LotChange {
  const index = view.bids.findIndex((bid) => bid.id === data.bidId);
  if (index >= 0) view.bids.splice(index, 1);
  if (data.outcome) {
    view.status = data.outcome.status;
    view.finalPriceCents = data.outcome.finalPriceCents;
  }
  return change(event, { bidId: data.bidId, status: view.status });
}

function change(event: RecordedEvent, extra: Partial<LotChange> = {}): LotChange {
  return { type: event.type, version: event.version, at: event.createdAt.toISOString(), ...extra };
}

/** Whether a visitor of `brand` may see the lot in realtime: its own brand or an accepting host, never PENDING (the contract's rule). */
export function visibleTo(view: LotView, brand: string): boolean {
  return isVisibleToBrand(view, brand);
}

const money = (cents: number): number => cents / 100;

/**
 * The `auction` push of spec 001 section 4 (bids, top bid, currency, minimum increment, status, end, serverTime).
 * `brandIncrementCents` is the lot's brand's bidMinimumIncrement: a lot without its own increment bids
 * by it, so minIncrementAmount and minimumBid are what the bid decider will hold the next bid to (the
 * contract's one copy of the rule, libs/contracts/src/auction/lot-rules.ts).
 */
export function auctionPayload(
  view: LotView,
  /** brandIncrementCents: the flat increment, or the brand's rule with its ladder (the contract's BrandIncrement). */
  options: { historySize: number; serverTime: Date; changes: LotChange[]; resync?: boolean; brandIncrementCents: BrandIncrement },
) {
  const top = view.bids[view.bids.length - 1] ?? null;
  const bids = view.bids
    .slice(-options.historySize)
    .reverse()
    .map((bid) => ({
      id: bid.id,
      amount: money(bid.amountCents),
      bidder: { id: bid.bidderId },
      isFirstBid: bid.isFirstBid,
      created_at: bid.placedAt,
    }));
  const facts = { startPriceCents: view.startPriceCents, minIncrementCents: view.minIncrementCents, topBid: top };
  return {
    id: view.id,
    status: view.status,
    currency: view.currency,
    startPrice: money(view.startPriceCents),
    minIncrementAmount: money(minimumIncrementCents(facts, options.brandIncrementCents, top?.amountCents ?? 0)),
    /** Lowest acceptable next bid: top bid plus the increment, else just above the start price. */
    minimumBid: money(minimumNextBidCents(facts, options.brandIncrementCents)),
    topBid: bids[0] ?? null,
    topBidAmount: top ? money(top.amountCents) : null,
    bidCount: view.bids.length,
    bids,
    scheduledStartDate: view.scheduledStart,
    scheduledEndDate: view.scheduledEnd,
    finalEndDate: view.finalEnd,
    finalPrice: view.finalPriceCents === null ? null : money(view.finalPriceCents),
    version: view.version,
    changes: options.changes,
    resync: options.resync ?? false,
    serverTime: options.serverTime.toISOString(),
  };
}

export type AuctionPayload = ReturnType<typeof auctionPayload>;
