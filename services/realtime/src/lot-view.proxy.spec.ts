import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { applyLotEvent, auctionPayload, type LotView } from './lot-view';

// Proxy bidding in the rooms (issue 21, docs/proxy-bidding.md): a maximum is never pushed (not even
// that one was set), an automatic bid is pushed like any bid, and minimumBid follows the visible
// price with the brand's increment ladder when it has one.

const LOT = '3f0c7a52-8d1e-4b6a-9c2f-5e7d8a9b0c1d';
const AT = new Date('2026-06-02T12:00:00.000Z');
let version = 0;
const recorded = (type: string, data: unknown): RecordedEvent =>
  ({
    eventId: `e${++version}`,
    type,
    data,
    metadata: { brand: 'trackside', occurredAt: AT.toISOString() },
    streamId: `lot-${LOT}`,
    version,
    globalPosition: String(version),
    checkpoint: {} as RecordedEvent['checkpoint'],
    createdAt: AT,
  }) as RecordedEvent;

function liveView(): LotView {
  version = 0;
  let view: LotView | null = null;
  for (const event of [
    recorded('LotCreated', { lotId: LOT, brand: 'trackside', sellerId: 's', title: 'T', currency: 'USD', createdAt: AT.toISOString() }),
    recorded('LotApproved', { approvedBy: 'staff', approvedAt: AT.toISOString() }),
    recorded('LotScheduled', {
      scheduledStart: AT.toISOString(),
      scheduledEnd: '2026-06-09T12:00:00.000Z',
      finalEnd: '2026-06-09T12:00:00.000Z',
    }),
    recorded('LotWentLive', { wentLiveAt: AT.toISOString() }),
  ])
    view = applyLotEvent(view, event).view;
  return view!;
}

const MAXIMUM_CENTS = 987_654;

describe('rooms and proxy bidding', () => {
  it('a MaxBidSet moves the version but pushes nothing', () => {
    const view = liveView();
    const { change } = applyLotEvent(
      view,
      recorded('MaxBidSet', { maxBidId: 'm1', bidderId: 'alice', maximumCents: MAXIMUM_CENTS, setAt: AT.toISOString() }),
    );
    expect(change).toBeNull();
    expect(view.version).toBe(version);
    const payload = auctionPayload(view, { historySize: 10, serverTime: AT, changes: [], brandIncrementCents: 100 });
    expect(JSON.stringify(payload)).not.toContain(String(MAXIMUM_CENTS));
  });

  it('an automatic bid is pushed as an ordinary bid, and minimumBid follows the visible price', () => {
    const view = liveView();
    const { change } = applyLotEvent(
      view,
      recorded('BidPlaced', {
        bidId: 'b1',
        bidderId: 'alice',
        amountCents: 30_100,
        isFirstBid: true,
        placedAt: AT.toISOString(),
        automatic: true,
      }),
    );
    expect(change).toMatchObject({ type: 'BidPlaced', bidId: 'b1', amount: 301 });
    const payload = auctionPayload(view, { historySize: 10, serverTime: AT, changes: [change!], brandIncrementCents: 100 });
    expect(payload).toMatchObject({ topBidAmount: 301, minimumBid: 302 });
    expect(payload.bids[0]).toEqual({ id: 'b1', amount: 301, bidder: { id: 'alice' }, isFirstBid: true, created_at: AT.toISOString() });
  });

  it("uses the brand's increment ladder band of the visible price", () => {
    const view = liveView();
    applyLotEvent(
      view,
      recorded('BidPlaced', { bidId: 'b1', bidderId: 'alice', amountCents: 150_000, isFirstBid: true, placedAt: AT.toISOString() }),
    );
    const ladder = [
      { belowCents: 100_000, incrementCents: 5_000 },
      { belowCents: null, incrementCents: 10_000 },
    ];
    const payload = auctionPayload(view, { historySize: 10, serverTime: AT, changes: [], brandIncrementCents: { flatCents: 100, ladder } });
    expect(payload).toMatchObject({ minimumBid: 1600, minIncrementAmount: 100 });
  });
});
