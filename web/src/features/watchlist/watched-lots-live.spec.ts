import { describe, expect, it } from 'vitest';
import type { AuctionSummary } from '../auctions/auction.types';
import type { LotPush } from '../auctions/lot/lot-live';
import { overlayPush } from './watched-lots-live';

const lot = { id: 'a', title: 'T', status: 'LIVE', topBidAmount: 100, bidCount: 1, finalEndDate: '2026-01-02T00:00:00Z' } as AuctionSummary;

describe('overlayPush', () => {
  it('moves price, count, status and end from the lot’s push, and ignores another lot’s', () => {
    const push = {
      id: 'a',
      status: 'LIVE',
      topBidAmount: 250,
      bidCount: 3,
      finalEndDate: '2026-01-02T00:05:00Z',
      finalPrice: null,
    } as LotPush;
    expect(overlayPush(lot, push)).toMatchObject({ topBidAmount: 250, bidCount: 3, finalEndDate: '2026-01-02T00:05:00Z', title: 'T' });
    expect(overlayPush(lot, { ...push, id: 'b' })).toBe(lot);
    expect(overlayPush(lot, undefined)).toBe(lot);
  });
});
