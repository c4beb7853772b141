import { describe, expect, it } from 'vitest';
import { checkBid, minimumBid, needsConfirmation } from './bid-rules';

const lot = { topBidAmount: 100, startPrice: 0, minIncrementAmount: 0, brandIncrement: 1 };

describe('bid rules', () => {
  it('minimum bid is the top bid plus the increment, or plus the brand increment (1) without one', () => {
    expect(minimumBid(lot)).toBe(101);
    expect(minimumBid({ ...lot, minIncrementAmount: 25 })).toBe(125);
    expect(minimumBid({ ...lot, topBidAmount: 0.1, brandIncrement: 0.2 })).toBe(0.3);
    expect(minimumBid({ ...lot, topBidAmount: null, startPrice: 500 })).toBe(500.01);
  });

  it("follows the brand's increment ladder band of the top bid, as the server does (issue 21)", () => {
    const brandLadder = [
      { below: 1000, increment: 50 },
      { below: null, increment: 100 },
    ];
    expect(minimumBid({ ...lot, topBidAmount: 990, brandLadder })).toBe(1040);
    expect(minimumBid({ ...lot, topBidAmount: 1000, brandLadder })).toBe(1100);
    expect(checkBid(1030, { ...lot, topBidAmount: 990, brandLadder })).toMatchObject({ ok: false, code: 'bid.invalid.increment.notMet' });
    expect(minimumBid({ ...lot, topBidAmount: 990, brandLadder: null })).toBe(991);
  });

  it('answers the catalogue code and message of each broken rule', () => {
    expect(checkBid(100, lot)).toMatchObject({
      ok: false,
      code: 'bid.invalid.amount.tooLow',
      message: 'Bid does not exceed the highest current bid.',
    });
    expect(checkBid(100.5, lot)).toMatchObject({ ok: false, code: 'bid.invalid.increment.notMet' });
    expect(checkBid(500, { ...lot, topBidAmount: null, startPrice: 500 })).toMatchObject({
      ok: false,
      code: 'bid.invalid.firstBid.tooLow',
    });
    expect(checkBid(1_000_000_000, lot)).toMatchObject({ ok: false, code: 'bid.invalid.maxValue.exceeded' });
    expect(checkBid(101.005, lot)).toMatchObject({ ok: false, code: 'bid.invalid' });
    expect(checkBid(null, lot)).toMatchObject({ ok: false, code: 'bid.invalid' });
  });

  it('accepts a bid at the minimum and just below the limit; the limit itself is refused (exclusive, as its message says)', () => {
    expect(checkBid(101, lot)).toEqual({ ok: true });
    expect(checkBid(999_999_998.99, lot)).toEqual({ ok: true });
    expect(checkBid(999_999_999, lot)).toMatchObject({ ok: false, code: 'bid.invalid.maxValue.exceeded' });
  });

  it('asks for confirmation of a bid more than 3 times the minimum bid and more than 1,000 above it', () => {
    expect(needsConfirmation(30_000, 10_000)).toBe(false);
    expect(needsConfirmation(30_000.01, 10_000)).toBe(true);
    expect(needsConfirmation(1_000.01, 0.01)).toBe(false);
    expect(needsConfirmation(1_000.02, 0.01)).toBe(true);
    expect(needsConfirmation(2_000_000_000, 15_001)).toBe(true);
  });
});
