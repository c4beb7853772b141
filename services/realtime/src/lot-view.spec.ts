import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@trackside/event-store';
import { applyLotEvent, auctionPayload, visibleTo, type LotView } from './lot-view';

// The room's view folds recorded lot events through the contract's decoder, and its push applies
// the contract's bidding rule with the brand's increment.

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

function fold(events: RecordedEvent[]): LotView {
  let view: LotView | null = null;
  for (const event of events) view = applyLotEvent(view, event).view;
  return view!;
}

const bid = (bidId: string, amountCents: number) =>
  recorded('BidPlaced', { bidId, bidderId: 'alice', amountCents, isFirstBid: false, placedAt: AT.toISOString() });

describe('lot view', () => {
  version = 0;
  const live = [
    // An older LotCreated without its lot id: the decoder takes it from the stream.
    recorded('LotCreated', {
      brand: 'trackside',
      sellerId: 's',
      title: 'T',
      currency: 'EUR',
      startPriceCents: 0,
      minIncrementCents: 0,
      createdAt: AT.toISOString(),
    }),
    recorded('LotApproved', { approvedBy: 'staff', approvedAt: AT.toISOString() }),
    recorded('LotHostAccepted', { hostBrand: 'jewelry', acceptedBy: 'staff', acceptedAt: AT.toISOString() }),
    // An older LotScheduled with start/end.
    recorded('LotScheduled', { start: '2026-06-02T12:00:00.000Z', end: '2026-06-09T12:00:00.000Z' }),
    recorded('LotWentLive', { wentLiveAt: AT.toISOString() }),
  ];

  it('folds decoded events, upgrading older shapes', () => {
    const view = fold(live);
    expect(view).toMatchObject({ id: LOT, brand: 'trackside', currency: 'EUR', status: 'LIVE', finalEnd: '2026-06-09T12:00:00.000Z' });
    expect(visibleTo(view, 'jewelry')).toBe(true);
    expect(visibleTo(view, 'classics')).toBe(false);
  });

  it('moves the version on an event type it does not know, and pushes it by its type', () => {
    const view = fold(live);
    const { change } = applyLotEvent(view, recorded('LotTeleported', {}));
    expect(change?.type).toBe('LotTeleported');
    expect(view.version).toBe(version);
  });

  it("pushes the minimum next bid with the brand's increment when the lot sets none", () => {
    const view = fold([...live, bid('b1', 100_000)]);
    const payload = auctionPayload(view, { historySize: 10, serverTime: AT, changes: [], brandIncrementCents: 250 });
    expect(payload).toMatchObject({ minimumBid: 1002.5, minIncrementAmount: 2.5, topBidAmount: 1000, bidCount: 1 });
    const own = auctionPayload(
      { ...view, minIncrementCents: 500 },
      { historySize: 10, serverTime: AT, changes: [], brandIncrementCents: 250 },
    );
    expect(own).toMatchObject({ minimumBid: 1005, minIncrementAmount: 5 });
    const none = auctionPayload(fold(live), { historySize: 10, serverTime: AT, changes: [], brandIncrementCents: 250 });
    expect(none.minimumBid).toBe(0.01);
  });
});
