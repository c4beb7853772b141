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
  /** The brand's increment ladder in its currency (issue 21); null or absent: the flat brandIncrement. */
  brandLadder?: ReadonlyArray<{ below: number | null; increment: number }> | null;
}

/** The server's own rule (libs/contracts/src/auction/lot-rules.ts), in cents, with the lot's amounts. */
export function minimumBid(lot: BidContext): number {
  const facts = {
    startPriceCents: toCents(lot.startPrice),
    minIncrementCents: toCents(lot.minIncrementAmount),
    topBid: lot.topBidAmount === null ? null : { amountCents: toCents(lot.topBidAmount) },
  };
  const ladder = lot.brandLadder?.map((band) => ({
    belowCents: band.below === null ? null : toCents(band.below),
    incrementCents: toCents(band.increment),
  }));
  return minimumNextBidCents(facts, { flatCents: toCents(lot.brandIncrement), ladder: ladder ?? null }) / 100;
}

export type BidCheck = { ok: true } | { ok: false; code: keyof typeof AUCTION_ERROR_MESSAGES; message: string };

export function checkBid(amount: number | null, lot: BidContext): BidCheck {
  const fail = (code: keyof typeof AUCTION_ERROR_MESSAGES): BidCheck => ({ ok: false, code, message: AUCTION_ERROR_MESSAGES[code] });
  if (amount === null || !Number.isFinite(amount) || amount < 0 || toCents(amount) / 100 !== amount) return fail('bid.invalid');
  // Exclusive, as the spec's message says ("meets or exceeds"; docs/decisions.md "Issue 24: the live auction as bidders and sellers expect it").
  if (amount >= MAX_BID) return fail('bid.invalid.maxValue.exceeded');
  const cents = toCents(amount);
  if (lot.topBidAmount === null) return cents > toCents(lot.startPrice) ? { ok: true } : fail('bid.invalid.firstBid.tooLow');
  if (cents <= toCents(lot.topBidAmount)) return fail('bid.invalid.amount.tooLow');
  if (cents < toCents(minimumBid(lot))) return fail('bid.invalid.increment.notMet');
  return { ok: true };
}

export function bidErrorMessage(code: string | null | undefined): string {
  return (code && (AUCTION_ERROR_MESSAGES as Record<string, string>)[code]) || AUCTION_ERROR_MESSAGES['bid.invalid'];
}

/** A bid more than this many times the minimum bid is confirmed first (issue 24 item 3: a fat finger is not one click). */
export const CONFIRM_FACTOR = 3;
/** ...and at least this much above it, so a first bid on a lot starting at 0 (minimum 0.01) is not questioned. */
export const CONFIRM_MARGIN = 1_000;

export function needsConfirmation(amount: number, minimum: number): boolean {
  const cents = toCents(amount);
  return cents > toCents(minimum) * CONFIRM_FACTOR && cents > toCents(minimum + CONFIRM_MARGIN);
}
