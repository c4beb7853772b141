import { attemptsSuppressedMessage, decodeBidAuditEvent, decodeLotEvent, messageFor, type LotEvent } from '@trackside/contracts';

/**
 * How the dispute desk reads one event or refused attempt: the money, the bid and bidder it is
 * about, and one readable line. Pure: the lot history service maps the stream through it, so the web
 * never interprets event data itself. Event types this file does not know (newer ones) still get a
 * line from their name and reason.
 */
export interface EventView {
  /** Money of bid-like events in the lot's currency units (2 decimals), else null. */
  amount: number | null;
  bidId: string | null;
  bidderId: string | null;
  summary: string;
}

const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** 1250000 cents, 'USD' -> "12,500.00 USD" (integer arithmetic: no float rounding). */
export function formatMoney(amountCents: number, currency: string): string {
  const sign = amountCents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(amountCents));
  const whole = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(absolute % 100).padStart(2, '0')} ${currency}`;
}

/** "LotSomethingHappened" -> "Lot something happened". */
function humanize(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const withReason = (line: string, reason: string | null | undefined): string => {
  const value = text(reason);
  return value ? `${line}: ${value}` : line;
};

/** The reason of an event the contract does not know (a newer type), read without assuming its shape. */
function rawReason(data: unknown): string | null {
  return typeof data === 'object' && data !== null && 'reason' in data && typeof data.reason === 'string' ? data.reason : null;
}

/** One line per event of the contract (decoded: older shapes upgraded). */
function line(event: LotEvent, currency: string): string {
  switch (event.type) {
    case 'LotCreated':
      return `Created: ${text(event.data.title) ?? 'untitled'}`;
    case 'LotUpdated': {
      const changes = Object.keys(event.data.changes);
      return changes.length > 0 ? `Details updated: ${changes.join(', ')}` : 'Details updated';
    }
    case 'LotApproved':
      return event.data.unpaidConfirmed === true ? 'Approved (package unpaid, confirmed)' : 'Approved';
    case 'LotDisapproved':
      return withReason('Disapproved', event.data.reason);
    case 'LotScheduled':
      return `Scheduled from ${event.data.scheduledStart} to ${event.data.finalEnd}`;
    case 'LotShared':
      return 'Offered to the network';
    case 'LotUnshared':
      return 'Removed from the network';
    case 'LotHostAccepted':
      return `Accepted by ${event.data.hostBrand}`;
    case 'LotHostDeclined':
      return `Declined by ${event.data.hostBrand}`;
    case 'LotWentLive':
      return 'Went live';
    case 'BidPlaced':
      // Automatic bids are the engine's, for the bidder's maximum (docs/proxy-bidding.md "Reading automatic bids").
      return `Bid ${formatMoney(event.data.amountCents, currency)}${event.data.isFirstBid ? ' (first bid)' : ''}${event.data.automatic ? ' (automatic, for their maximum)' : ''}`;
    case 'LotEndExtended':
      return event.data.bidId
        ? `End extended to ${event.data.newEnd} by a late bid`
        : withReason(`End extended to ${event.data.newEnd}`, event.data.reason);
    case 'LotEnded':
      return event.data.status === 'SOLD' && event.data.finalPriceCents !== null
        ? `Ended: sold for ${formatMoney(event.data.finalPriceCents, currency)}`
        : event.data.status === 'SOLD'
          ? 'Ended: sold'
          : 'Ended: reserve not met';
    case 'BidVoided':
      return withReason(`Bid ${formatMoney(event.data.amountCents, currency)} voided`, event.data.reason);
    case 'LotCanceled':
      return withReason('Canceled', event.data.reason);
    case 'LotRelisted':
      return withReason('Relisted', event.data.reason);
    case 'MaxBidSet':
      return `Maximum bid set: ${formatMoney(event.data.maximumCents, currency)}`;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

/** What the desk shows of one lot event; an event the contract does not know (or cannot read) gets a line from its name and reason. */
export function eventView(type: string, data: unknown, currency: string): EventView {
  const event = decodeLotEvent({ type, data });
  if (!event) return { amount: null, bidId: null, bidderId: null, summary: withReason(humanize(type), rawReason(data)) };
  const bid = event.type === 'BidPlaced' || event.type === 'BidVoided' ? event.data : null;
  const max = event.type === 'MaxBidSet' ? event.data : null;
  const amountCents = bid ? bid.amountCents : max ? max.maximumCents : event.type === 'LotEnded' ? event.data.finalPriceCents : null;
  return {
    amount: amountCents === null ? null : amountCents / 100,
    bidId: bid ? text(bid.bidId) : event.type === 'LotEndExtended' ? text(event.data.bidId) : null,
    bidderId: bid ? text(bid.bidderId) : max ? text(max.bidderId) : null,
    summary: line(event, currency),
  };
}

export interface AttemptView {
  code: string;
  message: string;
  bidId: string | null;
  bidderId: string | null;
  amount: string | null;
  /** Attempts this one stands for when it is a window summary, else null. */
  suppressedCount: number | null;
}

/** A refused attempt (BidRejected) or the summary of suppressed ones (BidRejectionsSuppressed), read through the audit's decoder. */
export function attemptView(type: string, data: unknown): AttemptView {
  const event = decodeBidAuditEvent({ type, data });
  if (event?.type === 'BidRejectionsSuppressed') {
    const codes = Object.entries(event.data.codes).sort((a, b) => b[1] - a[1]);
    const count = event.data.count;
    return {
      code: codes[0]?.[0] ?? 'bid.invalid',
      message: attemptsSuppressedMessage(count, codes),
      bidId: null,
      bidderId: text(event.data.bidderId),
      amount: null,
      suppressedCount: count,
    };
  }
  if (event?.type !== 'BidRejected')
    return { code: '', message: messageFor(''), bidId: null, bidderId: null, amount: null, suppressedCount: null };
  return {
    code: event.data.code,
    message: text(event.data.message) ?? messageFor(event.data.code),
    bidId: text(event.data.bidId),
    bidderId: text(event.data.bidderId),
    amount: event.data.amount,
    suppressedCount: null,
  };
}
