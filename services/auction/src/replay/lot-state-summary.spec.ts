import { describe, expect, it } from 'vitest';
import { evolve, initialLotState, type LotEvent, type LotState } from '../domain';
import { summarizeLotState } from './lot-state-summary';

const created: LotEvent = {
  type: 'LotCreated',
  data: {
    lotId: 'lot-1',
    brand: 'trackside',
    sellerId: 'seller',
    slug: 'lot-1',
    status: 'PENDING',
    startPriceCents: 0,
    minIncrementCents: 0,
    paymentStatus: 'PAID',
    paymentType: null,
    packageId: 'basic',
    templateType: null,
    reserveMeterEnabled: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    title: 'Lotus Elan',
    sellerType: 'Dealer',
    description: null,
    userDescription: 'x',
    excerpt: null,
    reserveCents: 20_000,
    currency: 'USD',
    dataFields: {},
    address: { country: 'US' },
    contactInfo: { name: 'S', email: 's@example.test' },
    hasAgreedToTerms: true,
    serviceSnappr: false,
    images: {},
  },
};
const scheduled: LotEvent = {
  type: 'LotScheduled',
  data: {
    scheduledStart: '2026-11-21T10:00:00.000Z',
    scheduledEnd: '2026-11-28T10:00:00.000Z',
    finalEnd: '2026-11-28T10:00:00.000Z',
    scheduledBy: 'staff',
  },
};
const bid = (bidId: string, amountCents: number, bidderId: string): LotEvent => ({
  type: 'BidPlaced',
  data: { bidId, bidderId, amountCents, isFirstBid: false, placedAt: '2026-11-22T10:00:00.000Z' },
});

const fold = (events: LotEvent[]): LotState => events.reduce(evolve, initialLotState());

describe('summarizeLotState (the as-of view)', () => {
  it('is empty before the first event', () => {
    expect(summarizeLotState(initialLotState(), 0, 100)).toMatchObject({
      version: 0,
      status: null,
      bidCount: 0,
      reserveMet: null,
      minimumBid: null,
    });
  });

  it('reads top bid, bidder, reserve and the next minimum bid with the brand increment', () => {
    const live = [
      created,
      { type: 'LotApproved', data: { approvedBy: 's', approvedAt: 'x' } } as LotEvent,
      scheduled,
      { type: 'LotWentLive', data: { wentLiveAt: 'x' } } as LotEvent,
    ];
    expect(summarizeLotState(fold(live), 4, 500)).toMatchObject({
      status: 'LIVE',
      topBidAmount: null,
      minimumBid: 0.01,
      reserveMet: false,
    });
    const summary = summarizeLotState(fold([...live, bid('b1', 10_000, 'alice'), bid('b2', 25_000, 'bob')]), 6, 500);
    expect(summary).toEqual({
      version: 6,
      status: 'LIVE',
      topBidAmount: 250,
      topBidId: 'b2',
      topBidderId: 'bob',
      bidCount: 2,
      finalEndDate: new Date('2026-11-28T10:00:00.000Z'),
      scheduledStartDate: new Date('2026-11-21T10:00:00.000Z'),
      reserveMet: true,
      minimumBid: 255,
    });
  });

  it('has no next minimum bid once the lot has ended', () => {
    const ended = fold([
      created,
      scheduled,
      bid('b1', 30_000, 'alice'),
      { type: 'LotEnded', data: { status: 'SOLD', finalPriceCents: 30_000, winnerId: 'alice', endedAt: 'x' } },
    ]);
    expect(summarizeLotState(ended, 4, 100)).toMatchObject({ status: 'SOLD', minimumBid: null, reserveMet: true });
  });
});
