import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import type { TimelineRow } from './timeline';
import { voidedBidIds } from './timeline';

/**
 * Which staff remedies a lot's status allows (the same rules as the lot decider, docs/decisions.md
 * "Staff remedies"), and the dialogs' checks with the catalogue's messages. The server decides in
 * the end; these only keep buttons that cannot succeed out of the way.
 */
const ENDED = ['SOLD', 'RESERVE_NOT_MET'];
const CANCELABLE = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE'];
export const MAX_REASON_LENGTH = 1000;

export interface RemedyChoices {
  voidBid: boolean;
  cancel: boolean;
  extend: boolean;
  relist: boolean;
}

export function remediesFor(status: string | null | undefined): RemedyChoices {
  const value = status ?? '';
  return {
    voidBid: value === 'LIVE' || ENDED.includes(value),
    cancel: CANCELABLE.includes(value),
    extend: value === 'LIVE',
    relist: ENDED.includes(value) || value === 'CANCELED',
  };
}

/** Bids of the current round (after the last relist) that are not voided yet, while voiding is allowed. */
export function voidableBidIds(rows: readonly TimelineRow[], status: string | null | undefined): Set<string> {
  if (!remediesFor(status).voidBid) return new Set();
  const voided = voidedBidIds(rows);
  const lastRelist = Math.max(0, ...rows.filter((row) => row.type === 'LotRelisted').map((row) => row.version ?? 0));
  const ids = rows
    .filter((row) => row.type === 'BidPlaced' && (row.version ?? 0) > lastRelist && row.bidId && !voided.has(row.bidId))
    .map((row) => row.bidId!);
  return new Set(ids);
}

/** The reason's message, or null when it is fine (required for void, cancel and extend). */
export function reasonError(reason: string, required: boolean): string | null {
  const text = reason.trim();
  if (!text) return required ? AUCTION_ERROR_MESSAGES['auction.remedy.reason.required'] : null;
  if (text.length > MAX_REASON_LENGTH) return AUCTION_ERROR_MESSAGES['auction.remedy.reason.tooLong'];
  return null;
}

/** A staff extension must end later than the current end and in the future. */
export function extendError(newEnd: Date | null, currentEnd: string | null, now: Date): string | null {
  if (!newEnd) return 'Choose the new end date and time.';
  const current = currentEnd ? Date.parse(currentEnd) : NaN;
  if (newEnd.getTime() <= now.getTime() || (!Number.isNaN(current) && newEnd.getTime() <= current))
    return AUCTION_ERROR_MESSAGES['auction.remedy.extend.invalid'];
  return null;
}
