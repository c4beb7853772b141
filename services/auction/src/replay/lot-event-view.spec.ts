import { describe, expect, it } from 'vitest';
import { attemptView, eventView, formatMoney } from './lot-event-view';

describe('lot event view (what the dispute desk shows of an event)', () => {
  it('formats money from integer cents with thousands separators', () => {
    expect(formatMoney(1_250_000, 'USD')).toBe('12,500.00 USD');
    expect(formatMoney(99_999_999_900, 'EUR')).toBe('999,999,999.00 EUR');
    expect(formatMoney(5, 'USD')).toBe('0.05 USD');
  });

  it('reads bids: amount in units, bid id, bidder and a line', () => {
    const view = eventView('BidPlaced', { bidId: 'b-1', bidderId: 'u-1', amountCents: 1_250_000, isFirstBid: true }, 'USD');
    expect(view).toEqual({ amount: 12_500, bidId: 'b-1', bidderId: 'u-1', summary: 'Bid 12,500.00 USD (first bid)' });
  });

  it('tells a late-bid extension from a staff one, and reads remedies with their reasons', () => {
    expect(eventView('LotEndExtended', { newEnd: '2026-11-22T10:00:00.000Z', bidId: 'b-9' }, 'USD')).toMatchObject({
      bidId: 'b-9',
      summary: 'End extended to 2026-11-22T10:00:00.000Z by a late bid',
    });
    expect(eventView('LotEndExtended', { newEnd: '2026-11-22T10:00:00.000Z', bidId: null, reason: 'Outage' }, 'USD').summary).toBe(
      'End extended to 2026-11-22T10:00:00.000Z: Outage',
    );
    expect(eventView('BidVoided', { bidId: 'b-2', bidderId: 'u-2', amountCents: 99_999_999_900, reason: 'Fat finger' }, 'USD')).toEqual({
      amount: 999_999_999,
      bidId: 'b-2',
      bidderId: 'u-2',
      summary: 'Bid 999,999,999.00 USD voided: Fat finger',
    });
    expect(eventView('LotCanceled', { reason: 'Withdrawn by seller' }, 'USD').summary).toBe('Canceled: Withdrawn by seller');
    expect(eventView('LotApproved', { unpaidConfirmed: true }, 'USD').summary).toBe('Approved (package unpaid, confirmed)');
    expect(eventView('LotEnded', { status: 'SOLD', finalPriceCents: 10_000 }, 'GBP')).toMatchObject({
      amount: 100,
      summary: 'Ended: sold for 100.00 GBP',
    });
  });

  it('gives unknown (newer) event types a line from their name and reason', () => {
    expect(eventView('LotPhotosReordered', { reason: 'Seller asked' }, 'USD')).toEqual({
      amount: null,
      bidId: null,
      bidderId: null,
      summary: 'Lot photos reordered: Seller asked',
    });
    expect(eventView('SomethingNew', null, 'USD').summary).toBe('Something new');
  });
});

describe('refused attempt view', () => {
  it('keeps the amount as received and answers the catalogue message, or the one the bidder was told', () => {
    expect(attemptView('BidRejected', { code: 'bid.invalid.amount.tooLow', amount: '90', bidId: 'b', bidderId: 'u' })).toEqual({
      code: 'bid.invalid.amount.tooLow',
      message: 'Bid does not exceed the highest current bid.',
      bidId: 'b',
      bidderId: 'u',
      amount: '90',
      suppressedCount: null,
    });
    expect(
      attemptView('BidRejected', { code: 'realtime.rateLimited', amount: 'abc', message: 'Too many requests. Please slow down.' }),
    ).toMatchObject({
      amount: 'abc',
      message: 'Too many requests. Please slow down.',
    });
  });

  it('reads a window summary as the count of suppressed attempts, by code', () => {
    const view = attemptView('BidRejectionsSuppressed', {
      bidderId: 'u',
      count: 195,
      codes: { 'bid.invalid': 15, 'realtime.rateLimited': 180 },
    });
    expect(view).toMatchObject({ code: 'realtime.rateLimited', suppressedCount: 195, bidderId: 'u' });
    expect(view.message).toBe('195 more attempts suppressed (realtime.rateLimited × 180, bid.invalid × 15)');
  });
});
