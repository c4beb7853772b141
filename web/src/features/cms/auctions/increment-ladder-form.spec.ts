import { describe, expect, it } from 'vitest';
import { isValidLadder } from '@trackside/contracts/auction/lot-rules';
import { LADDER_MESSAGES, ladderErrors, toLadder, toLadderValues, type LadderValues } from './increment-ladder-form';

const rows = (...pairs: Array<[string, string]>) => pairs.map(([below, increment]) => ({ below, increment }));

describe('the increment ladder on Auction > Configure (issue 21)', () => {
  it('has no ladder when empty: the flat minimum increment applies', () => {
    expect(ladderErrors({ ladder: [], ladderAbove: '' })).toEqual({});
    expect(toLadder({ ladder: [], ladderAbove: '' })).toBeNull();
    expect(toLadderValues(null)).toEqual({ ladder: [], ladderAbove: '' });
  });

  it('accepts rising limits with positive increments, the open band optional', () => {
    const values: LadderValues = { ladder: rows(['1000', '50'], ['10000.50', '100']), ladderAbove: '250' };
    expect(ladderErrors(values)).toEqual({});
    expect(toLadder(values)).toEqual([
      { below: 1000, increment: 50 },
      { below: 10000.5, increment: 100 },
      { below: null, increment: 250 },
    ]);
    expect(toLadder({ ...values, ladderAbove: ' ' })).toHaveLength(2);
    expect(toLadder({ ladder: [], ladderAbove: '5' })).toEqual([{ below: null, increment: 5 }]);
  });

  it('puts each message on the row and field it belongs to', () => {
    const errors = ladderErrors({
      ladder: rows(['1000', '50'], ['1000', '0'], ['', '10'], ['500', 'ten'], ['2000', '1']),
      ladderAbove: '-1',
    });
    expect(errors).toEqual({
      ladder: [
        undefined,
        { below: LADDER_MESSAGES.rising, increment: LADDER_MESSAGES.positiveAmount },
        { below: LADDER_MESSAGES.required },
        { increment: LADDER_MESSAGES.positiveAmount },
        undefined,
      ],
      ladderAbove: LADDER_MESSAGES.positiveAmount,
    });
    // A limit below the previous row's is refused too; the first row only needs a positive limit.
    expect(ladderErrors({ ladder: rows(['0', '5']), ladderAbove: '' }).ladder).toEqual([{ below: LADDER_MESSAGES.positiveAmount }]);
    expect(ladderErrors({ ladder: rows(['900', '5'], ['800', '5']), ladderAbove: '' }).ladder?.[1]).toEqual({
      below: LADDER_MESSAGES.rising,
    });
  });

  it('only lets through ladders the server and the bid rule accept (the contracts rule)', () => {
    const samples: LadderValues[] = [
      { ladder: rows(['1000', '50'], ['10000', '100']), ladderAbove: '250' },
      { ladder: rows(['0.5', '0.01']), ladderAbove: '' },
      { ladder: [], ladderAbove: '1' },
    ];
    for (const values of samples) {
      expect(ladderErrors(values)).toEqual({});
      const cents = toLadder(values)!.map((band) => ({
        belowCents: band.below === null ? null : Math.round(band.below * 100),
        incrementCents: Math.round(band.increment * 100),
      }));
      expect(isValidLadder(cents)).toBe(true);
    }
  });

  it('shows a stored ladder without an open band with an empty last line', () => {
    expect(toLadderValues([{ below: 1000, increment: 50 }])).toEqual({ ladder: rows(['1000', '50']), ladderAbove: '' });
  });
});
