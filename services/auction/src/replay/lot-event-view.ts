import { BID_REJECTIONS_SUPPRESSED, messageFor } from '@trackside/contracts';

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

type Data = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

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

const withReason = (line: string, data: Data): string => {
  const reason = text(data.reason);
  return reason ? `${line}: ${reason}` : line;
};

const money = (value: unknown, currency: string): string | null => {
  const amount = cents(value);
  return amount === null ? null : formatMoney(amount, currency);
};

/** One line per known event type; `null` falls back to the type's name. */
function line(type: string, data: Data, currency: string): string | null {
  switch (type) {
    case 'LotCreated':
      return `Created: ${text(data.title) ?? 'untitled'}`;
    case 'LotUpdated': {
      const changes = data.changes && typeof data.changes === 'object' ? Object.keys(data.changes) : [];
      return changes.length > 0 ? `Details updated: ${changes.join(', ')}` : 'Details updated';
    }
    case 'LotApproved':
      return data.unpaidConfirmed === true ? 'Approved (package unpaid, confirmed)' : 'Approved';
    case 'LotDisapproved':
      return withReason('Disapproved', data);
    case 'LotScheduled':
      return `Scheduled from ${String(data.scheduledStart)} to ${String(data.finalEnd ?? data.scheduledEnd)}`;
    case 'LotShared':
      return 'Offered to the network';
    case 'LotUnshared':
      return 'Removed from the network';
    case 'LotHostAccepted':
      return `Accepted by ${String(data.hostBrand)}`;
    case 'LotHostDeclined':
      return `Declined by ${String(data.hostBrand)}`;
    case 'LotWentLive':
      return 'Went live';
    case 'BidPlaced':
      return `Bid ${money(data.amountCents, currency)}${data.isFirstBid === true ? ' (first bid)' : ''}`;
    case 'LotEndExtended':
      return text(data.bidId)
        ? `End extended to ${String(data.newEnd)} by a late bid`
        : withReason(`End extended to ${String(data.newEnd)}`, data);
    case 'LotEnded':
      return data.status === 'SOLD' ? `Ended: sold for ${money(data.finalPriceCents, currency)}` : 'Ended: reserve not met';
    case 'BidVoided': {
      const amount = money(data.amountCents, currency);
      return withReason(amount ? `Bid ${amount} voided` : 'Bid voided', data);
    }
    case 'LotCanceled':
      return withReason('Canceled', data);
    case 'LotRelisted':
      return withReason('Relisted', data);
    default:
      return null;
  }
}

export function eventView(type: string, rawData: unknown, currency: string): EventView {
  const data: Data = rawData && typeof rawData === 'object' ? (rawData as Data) : {};
  const bidLike = type === 'BidPlaced' || type === 'BidVoided';
  const amountCents = bidLike ? cents(data.amountCents) : type === 'LotEnded' ? cents(data.finalPriceCents) : null;
  return {
    amount: amountCents === null ? null : amountCents / 100,
    bidId: bidLike || type === 'LotEndExtended' ? text(data.bidId) : null,
    bidderId: bidLike ? text(data.bidderId) : null,
    summary: line(type, data, currency) ?? withReason(humanize(type), data),
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

/** A refused attempt (BidRejected) or the summary of suppressed ones (BidRejectionsSuppressed). */
export function attemptView(type: string, rawData: unknown): AttemptView {
  const data: Data = rawData && typeof rawData === 'object' ? (rawData as Data) : {};
  if (type === BID_REJECTIONS_SUPPRESSED) {
    const codes = Object.entries(data.codes && typeof data.codes === 'object' ? (data.codes as Record<string, number>) : {}).sort(
      (a, b) => b[1] - a[1],
    );
    const count = cents(data.count) ?? 0;
    return {
      code: codes[0]?.[0] ?? 'bid.invalid',
      message: `${count} more attempts suppressed (${codes.map(([code, n]) => `${code} × ${n}`).join(', ')})`,
      bidId: null,
      bidderId: text(data.bidderId),
      amount: null,
      suppressedCount: count,
    };
  }
  const code = text(data.code) ?? '';
  return {
    code,
    message: text(data.message) ?? messageFor(code),
    bidId: text(data.bidId),
    bidderId: text(data.bidderId),
    amount: typeof data.amount === 'string' ? data.amount : typeof data.amount === 'number' ? String(data.amount) : null,
    suppressedCount: null,
  };
}
