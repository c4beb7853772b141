import { minimumNextBidCents } from '@trackside/contracts/auction/lot-rules';
import { AUCTION_ERROR_MESSAGES } from '@trackside/contracts/errors/auction-error-codes';
import { MAX_BID, toCents } from '../../../lib/money';

/**
 * The bid rules of spec 001 section 5, as the bid modal checks them before sending (the server
 * checks them again and its code wins). Minimum acceptable bid: the top bid plus the minimum
 * increment, or plus the brand's increment (default 1) when the lot has none; the first bid must
 * exceed the start price.
 */
export interface BidContext {
  topBidAmount: number | null;
  startPrice: number;
  minIncrementAmount: number;
  brandIncrement: number;
}

/** The server's own rule (libs/contracts/src/auction/lot-rules.ts), in cents, with the lot's amounts. */
export function minimumBid(lot: BidContext): number {
  const facts = {
    startPriceCents: toCents(lot.startPrice),
    minIncrementCents: toCents(lot.minIncrementAmount),
    topBid: lot.topBidAmount === null ? null : { amountCents: toCents(lot.topBidAmount) },
  };
  return minimumNextBidCents(facts, toCents(lot.brandIncrement)) / 100;
}

export type BidCheck = { ok: true } | { ok: false; code: keyof typeof AUCTION_ERROR_MESSAGES; message: string };

export function checkBid(amount: number | null, lot: BidContext): BidCheck {
  const fail = (code: keyof typeof AUCTION_ERROR_MESSAGES): BidCheck => ({ ok: false, code, message: AUCTION_ERROR_MESSAGES[code] });
  if (amount === null || !Number.isFinite(amount) || amount < 0 || toCents(amount) / 100 !== amount) return fail('bid.invalid');
  if (amount > MAX_BID) return fail('bid.invalid.maxValue.exceeded');
  const cents = toCents(amount);
  if (lot.topBidAmount === null) return cents > toCents(lot.startPrice) ? { ok: true } : fail('bid.invalid.firstBid.tooLow');
  if (cents <= toCents(lot.topBidAmount)) return fail('bid.invalid.amount.tooLow');
  if (cents < toCents(minimumBid(lot))) return fail('bid.invalid.increment.notMet');
  return { ok: true };
}

export function bidErrorMessage(code: string | null | undefined): string {
  return (code && (AUCTION_ERROR_MESSAGES as Record<string, string>)[code]) || AUCTION_ERROR_MESSAGES['bid.invalid'];
}
