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

type Data = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Folds one event into the view (mutating it: views are private to the gateway and hot lots take
 * thousands of bids, so no copying). Returns the change to push, or null for events of no interest.
 * Events at or below the view's version are ignored, so a live event that raced the initial
 * stream read is never applied twice.
 */
export function applyLotEvent(view: LotView | null, event: RecordedEvent): { view: LotView | null; change: LotChange | null } {
  const data = (event.data ?? {}) as Data;
  if (event.type === 'LotCreated') {
    const created: LotView = {
      id: str(data.lotId) ?? event.streamId.slice('lot-'.length),
      brand: str(data.brand) ?? event.metadata.brand,
      hosts: new Set(),
      status: 'PENDING',
      currency: str(data.currency) ?? 'USD',
      startPriceCents: num(data.startPriceCents),
      minIncrementCents: num(data.minIncrementCents),
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
  switch (event.type) {
    case 'LotUpdated': {
      const changes = (data.changes ?? {}) as Data;
      if (typeof changes.currency === 'string') view.currency = changes.currency;
      return { view, change: change(event) };
    }
    case 'LotApproved':
      view.status = 'APPROVED';
      return { view, change: change(event, { status: view.status }) };
    case 'LotDisapproved':
      view.status = 'PENDING';
      view.scheduledStart = view.scheduledEnd = view.finalEnd = null;
      return { view, change: change(event, { status: view.status }) };
    case 'LotScheduled':
      view.status = 'SCHEDULED';
      view.scheduledStart = str(data.scheduledStart);
      view.scheduledEnd = str(data.scheduledEnd);
      view.finalEnd = str(data.finalEnd);
      return { view, change: change(event, { status: view.status }) };
    case 'LotHostAccepted': {
      const host = str(data.hostBrand);
      if (host) view.hosts.add(host);
      return { view, change: change(event) };
    }
    case 'LotHostDeclined': {
      const host = str(data.hostBrand);
      if (host) view.hosts.delete(host);
      return { view, change: change(event) };
    }
    case 'LotWentLive':
      view.status = 'LIVE';
      return { view, change: change(event, { status: view.status }) };
    case 'BidPlaced': {
      const bid: ViewBid = {
        id: str(data.bidId) ?? '',
        bidderId: str(data.bidderId) ?? '',
        amountCents: num(data.amountCents),
        isFirstBid: data.isFirstBid === true,
        placedAt: str(data.placedAt) ?? event.createdAt.toISOString(),
      };
      if (!view.bidIds.has(bid.id)) {
        view.bidIds.add(bid.id);
        view.bids.push(bid);
      }
      return { view, change: change(event, { bidId: bid.id, amount: bid.amountCents / 100 }) };
    }
    case 'LotEndExtended':
      view.finalEnd = str(data.newEnd) ?? view.finalEnd;
      return { view, change: change(event, { newEnd: view.finalEnd ?? undefined }) };
    case 'LotEnded':
      view.status = str(data.status) ?? view.status;
      view.finalPriceCents = typeof data.finalPriceCents === 'number' ? data.finalPriceCents : null;
      return { view, change: change(event, { status: view.status }) };
    case 'BidVoided':
      return { view, change: applyBidVoided(view, event, data) };
    case 'LotCanceled':
      view.status = 'CANCELED';
      return { view, change: change(event, { status: view.status }) };
    case 'LotRelisted':
      // A new round with no bids; the old ids stay in bidIds so a replayed event cannot bring one back.
      view.status = 'APPROVED';
      view.bids = [];
      view.scheduledStart = view.scheduledEnd = view.finalEnd = null;
      view.finalPriceCents = null;
      return { view, change: change(event, { status: view.status }) };
    default:
      return { view, change: change(event) };
  }
}

/** Staff voided a bid: it leaves the list (so top bid, count and minimumBid follow); an ended lot takes its new outcome. */
function applyBidVoided(view: LotView, event: RecordedEvent, data: Data): LotChange {
  const bidId = str(data.bidId) ?? '';
  const index = view.bids.findIndex((bid) => bid.id === bidId);
  if (index >= 0) view.bids.splice(index, 1);
  const outcome = data.outcome && typeof data.outcome === 'object' ? (data.outcome as Data) : null;
  if (outcome) {
    view.status = str(outcome.status) ?? view.status;
    view.finalPriceCents = typeof outcome.finalPriceCents === 'number' ? outcome.finalPriceCents : null;
  }
  return change(event, { bidId, status: view.status });
}

function change(event: RecordedEvent, extra: Partial<LotChange> = {}): LotChange {
  return { type: event.type, version: event.version, at: event.createdAt.toISOString(), ...extra };
}

/** Whether a visitor of `brand` may see the lot in realtime: its own brand or an accepting host, never PENDING. */
export function visibleTo(view: LotView, brand: string): boolean {
  return view.status !== 'PENDING' && (view.brand === brand || view.hosts.has(brand));
}

const money = (cents: number): number => cents / 100;

/** The `auction` push of spec 001 section 4 (bids, top bid, currency, minimum increment, status, end, serverTime). */
export function auctionPayload(view: LotView, options: { historySize: number; serverTime: Date; changes: LotChange[]; resync?: boolean }) {
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
  const increment = view.minIncrementCents > 0 ? view.minIncrementCents : 100;
  return {
    id: view.id,
    status: view.status,
    currency: view.currency,
    startPrice: money(view.startPriceCents),
    minIncrementAmount: money(view.minIncrementCents),
    /** Lowest acceptable next bid: top bid plus the increment (plus 1 without one), else just above the start price. */
    minimumBid: top ? money(top.amountCents + increment) : money(view.startPriceCents + 1),
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
