import { describe, expect, it } from 'vitest';
import { evolve, initialLotState, type LotEvent, type LotState } from '../domain';
import { lotStateView } from './lot-state-view';

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
    dataFields: { make: { label: 'Make', value: 'Lotus' } },
    address: { country: 'US' },
    contactInfo: { name: 'S', email: 's@example.test' },
    hasAgreedToTerms: true,
    serviceSnappr: false,
    images: { exterior: ['a.png'] },
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
const live: LotEvent = { type: 'LotWentLive', data: { wentLiveAt: '2026-11-21T10:00:00.000Z' } };
const ended: LotEvent = {
  type: 'LotEnded',
  data: { status: 'SOLD', finalPriceCents: 30_000, winnerId: 'bob', endedAt: '2026-11-28T10:00:00.000Z' },
};
const relisted: LotEvent = {
  type: 'LotRelisted',
  data: { reason: 'Buyer withdrew', relistedBy: 'staff', relistedAt: '2026-11-29T10:00:00.000Z', previousStatus: 'SOLD' },
};

const fold = (events: LotEvent[]): LotState => events.reduce(evolve, initialLotState());
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('lotStateView (the JSON state of lotHistory)', () => {
  it('lists the earlier rounds’ bids of a relisted lot by id, as it lists this round’s', () => {
    const state = fold([
      created,
      { type: 'LotApproved', data: { approvedBy: 'staff', approvedAt: '2026-11-20T11:00:00.000Z' } },
      scheduled,
      live,
      bid('b1', 10_000, 'alice'),
      bid('b2', 30_000, 'bob'),
      ended,
      relisted,
      scheduled,
      live,
      bid('b3', 12_000, 'carol'),
    ]);
    const view = lotStateView(state);
    expect(view).toMatchObject({
      round: 2,
      bids: { b3: { bidId: 'b3', bidderId: 'carol', amountCents: 12_000 } },
      previousRoundBids: {
        b1: { bidId: 'b1', bidderId: 'alice', amountCents: 10_000 },
        b2: { bidId: 'b2', bidderId: 'bob', amountCents: 30_000 },
      },
    });
  });

  it('is plain JSON: a round trip through JSON changes nothing (no Map, Set or other class left in it)', () => {
    const state = fold([
      created,
      scheduled,
      live,
      bid('b1', 10_000, 'alice'),
      bid('b2', 30_000, 'bob'),
      ended,
      relisted,
      bid('b3', 1, 'x'),
    ]);
    const view = lotStateView(state);
    expect(roundTrip(view)).toEqual(view);
    expect(roundTrip(lotStateView(initialLotState()))).toEqual({ status: 'Empty' });
  });
});
