import { describe, expect, it } from 'vitest';
import { diffStates, stateFields } from './as-of-state';
import { ADA, BOB } from './dispute-fixtures';
import type { AsOfState } from './lot-history.types';

const before: AsOfState = {
  version: 3,
  status: 'LIVE',
  topBidAmount: 100,
  topBidId: 'b1',
  topBidder: ADA,
  bidCount: 1,
  finalEndDate: '2026-03-08T12:00:00.000Z',
  scheduledStartDate: '2026-03-01T12:00:00.000Z',
  reserveMet: false,
  minimumBid: 101,
};

describe('as-of state and diff', () => {
  it('formats money in the lot currency and people by name', () => {
    const fields = Object.fromEntries(stateFields(before, 'EUR').map((field) => [field.key, field.value]));
    expect(fields).toMatchObject({
      topBidAmount: '100.00 EUR',
      minimumBid: '101.00 EUR',
      topBidder: 'Ada Lovelace (ada)',
      reserveMet: 'No',
    });
  });

  it('lists only the fields that changed between two points, from -> to', () => {
    const after: AsOfState = {
      ...before,
      version: 4,
      topBidAmount: 1500,
      topBidId: 'b2',
      topBidder: BOB,
      bidCount: 2,
      minimumBid: 1501,
      reserveMet: true,
    };
    expect(diffStates(before, after, 'USD')).toEqual([
      { key: 'topBidAmount', label: 'Top bid', from: '100.00 USD', to: '1,500.00 USD' },
      { key: 'topBidder', label: 'Top bidder', from: 'Ada Lovelace (ada)', to: 'bob' },
      { key: 'topBidId', label: 'Top bid id', from: 'b1', to: 'b2' },
      { key: 'bidCount', label: 'Bids', from: '1', to: '2' },
      { key: 'minimumBid', label: 'Minimum next bid', from: '101.00 USD', to: '1,501.00 USD' },
      { key: 'reserveMet', label: 'Reserve met', from: 'No', to: 'Yes' },
    ]);
    expect(diffStates(before, { ...before, version: 9 }, 'USD')).toEqual([]);
  });
});
