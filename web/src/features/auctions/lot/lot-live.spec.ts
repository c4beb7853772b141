import { describe, expect, it } from 'vitest';
import { LIVE_MESSAGES, statusToast } from './lot-live';

describe('statusToast', () => {
  it('warns when the lot ends, informs when it opens, and says nothing on the first status or no change', () => {
    expect(statusToast('LIVE', 'SOLD')).toEqual({ kind: 'warning', text: LIVE_MESSAGES.biddingDisabled });
    expect(statusToast('LIVE', 'RESERVE_NOT_MET')).toEqual({ kind: 'warning', text: LIVE_MESSAGES.biddingDisabled });
    expect(statusToast('SCHEDULED', 'LIVE')).toEqual({ kind: 'info', text: LIVE_MESSAGES.biddingEnabled });
    expect(statusToast(null, 'LIVE')).toBeNull();
    expect(statusToast('LIVE', 'LIVE')).toBeNull();
  });

  it('warns an open page when staff cancel the lot (docs/decisions.md "Staff remedies")', () => {
    expect(statusToast('LIVE', 'CANCELED')).toEqual({ kind: 'warning', text: 'This auction has been canceled. Bidding is now disabled.' });
  });
});
