import { describe, expect, it } from 'vitest';
import { ADA, event, sampleHistory } from './dispute-fixtures';
import { extendError, reasonError, remediesFor, voidableBidIds } from './remedies';
import { buildTimeline } from './timeline';

describe('staff remedies on the desk', () => {
  it('offers what the status allows, as the decider does', () => {
    expect(remediesFor('LIVE')).toEqual({ voidBid: true, cancel: true, extend: true, relist: false });
    expect(remediesFor('SOLD')).toEqual({ voidBid: true, cancel: false, extend: false, relist: true });
    expect(remediesFor('CANCELED')).toEqual({ voidBid: false, cancel: false, extend: false, relist: true });
    expect(remediesFor('SCHEDULED')).toEqual({ voidBid: false, cancel: true, extend: false, relist: false });
    expect(remediesFor(null)).toEqual({ voidBid: false, cancel: false, extend: false, relist: false });
  });

  it('voids only standing bids of the current round', () => {
    const history = sampleHistory();
    expect([...voidableBidIds(buildTimeline(history), 'LIVE')]).toEqual(['b1']);
    expect(voidableBidIds(buildTimeline(history), 'CANCELED').size).toBe(0);
    history.events.push(
      event(6, 'LotRelisted', '2026-03-01T12:01:00.000Z'),
      event(7, 'BidPlaced', '2026-03-01T12:02:00.000Z', { bidder: ADA, bidId: 'b3', amount: 10 }),
    );
    expect([...voidableBidIds(buildTimeline(history), 'LIVE')]).toEqual(['b3']);
  });

  it('checks the reason and the new end with the catalogue messages', () => {
    expect(reasonError('  ', true)).toBe('Please give a reason.');
    expect(reasonError('', false)).toBeNull();
    expect(reasonError('x'.repeat(1001), false)).toBe('The reason cannot be longer than 1,000 characters.');
    expect(reasonError('Fat finger', true)).toBeNull();
    const now = new Date('2026-03-01T12:00:00.000Z');
    const end = '2026-03-01T13:00:00.000Z';
    expect(extendError(null, end, now)).toBe('Choose the new end date and time.');
    expect(extendError(new Date('2026-03-01T12:30:00.000Z'), end, now)).toBe(
      'The new end must be later than the current end and in the future.',
    );
    expect(extendError(new Date('2026-03-01T14:00:00.000Z'), end, now)).toBeNull();
  });
});
