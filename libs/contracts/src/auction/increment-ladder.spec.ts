import { describe, expect, it } from 'vitest';
import { isValidLadder, ladderBandAt, minimumIncrementCents, minimumNextBidCents, type IncrementBand } from './lot-rules';

// The one increment rule (issue 21, docs/proxy-bidding.md "Increments"): the lot's own increment,
// else the brand's ladder band at the visible price, else the flat increment, else 1.00.

const LADDER: IncrementBand[] = [
  { belowCents: 100_000, incrementCents: 5_000 },
  { belowCents: 1_000_000, incrementCents: 10_000 },
  { belowCents: null, incrementCents: 25_000 },
];
const noOwn = { minIncrementCents: 0 };

describe('the increment ladder', () => {
  it('picks the band holding the price (a limit is exclusive)', () => {
    expect(ladderBandAt(LADDER, 0)?.incrementCents).toBe(5_000);
    expect(ladderBandAt(LADDER, 99_999)?.incrementCents).toBe(5_000);
    expect(ladderBandAt(LADDER, 100_000)?.incrementCents).toBe(10_000);
    expect(ladderBandAt(LADDER, 5_000_000)?.incrementCents).toBe(25_000);
    expect(ladderBandAt(null, 10)).toBeNull();
    expect(ladderBandAt([{ belowCents: 100, incrementCents: 5 }], 500)).toBeNull();
  });

  it("ranks the lot's own increment first, then the ladder, then the flat increment, then 1.00", () => {
    const rule = { flatCents: 250, ladder: LADDER };
    expect(minimumIncrementCents({ minIncrementCents: 700 }, rule, 150_000)).toBe(700);
    expect(minimumIncrementCents(noOwn, rule, 150_000)).toBe(10_000);
    expect(minimumIncrementCents(noOwn, { flatCents: 250, ladder: null }, 150_000)).toBe(250);
    expect(minimumIncrementCents(noOwn, 250)).toBe(250);
    expect(minimumIncrementCents(noOwn, 0)).toBe(100);
    expect(minimumNextBidCents({ ...noOwn, startPriceCents: 0, topBid: { amountCents: 99_000 } }, rule)).toBe(104_000);
  });

  it('accepts only rising limits, positive increments and one open band at the end', () => {
    expect(isValidLadder(LADDER)).toBe(true);
    expect(isValidLadder([{ belowCents: null, incrementCents: 100 }])).toBe(true);
    expect(isValidLadder([])).toBe(false);
    expect(
      isValidLadder([
        { belowCents: null, incrementCents: 100 },
        { belowCents: 500, incrementCents: 100 },
      ]),
    ).toBe(false);
    expect(
      isValidLadder([
        { belowCents: 500, incrementCents: 100 },
        { belowCents: 500, incrementCents: 200 },
      ]),
    ).toBe(false);
    expect(isValidLadder([{ belowCents: 500, incrementCents: 0 }])).toBe(false);
  });
});
