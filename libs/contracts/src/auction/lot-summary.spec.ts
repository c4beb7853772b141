import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeLotEvent } from './lot-event.codec';
import type { LotEvent } from './lot-events';
import { isLotOfBrand, isReserveMet, isVisibleToBrand, minimumIncrementCents, minimumNextBidCents, reservePercentage } from './lot-rules';
import { evolveLotSummary, foldLotSummary, reserveFacts } from './lot-summary';

// The read side's fold and rules over the recorded fixtures (the decider's own events).

const fixture = (name: string): LotEvent => {
  const path = fileURLToPath(new URL(`./fixtures/lot/${name}.json`, import.meta.url));
  return decodeLotEvent((JSON.parse(readFileSync(path, 'utf8')) as { recorded: Parameters<typeof decodeLotEvent>[0] }).recorded)!;
};

const bid = (bidId: string, amountCents: number, bidderId = 'alice'): LotEvent => ({
  type: 'BidPlaced',
  data: { bidId, bidderId, amountCents, isFirstBid: false, placedAt: '2026-06-03T12:00:00.000Z' },
});

const live = (): LotEvent[] => [
  fixture('LotCreated'),
  fixture('LotApproved.unpaid-confirmed'),
  fixture('LotShared'),
  fixture('LotHostAccepted'),
  fixture('LotScheduled'),
  fixture('LotWentLive'),
];

describe('foldLotSummary', () => {
  it('is null before the lot exists, and ignores events before LotCreated', () => {
    expect(foldLotSummary([])).toBeNull();
    expect(foldLotSummary([fixture('LotWentLive')])).toBeNull();
  });

  it('folds a live lot: status, dates, hosts, reserve', () => {
    const summary = foldLotSummary(live())!;
    expect(summary).toMatchObject({
      lotId: '3f0c7a52-8d1e-4b6a-9c2f-5e7d8a9b0c1d',
      brand: 'trackside',
      status: 'LIVE',
      hosts: ['jewelry'],
      shared: true,
      reserveCents: 4_500_000,
      scheduledStart: '2026-06-02T12:00:00.000Z',
      finalEnd: '2026-06-09T12:00:00.000Z',
      bidCount: 0,
      topBid: null,
    });
  });

  it('follows bids, a replayed bid once, voids (top bid and count from the bids left) and the end', () => {
    const summary = foldLotSummary([
      ...live(),
      bid('b1', 100_000),
      bid('b2', 100_250, 'bob'),
      bid('b2', 100_250, 'bob'),
      bid('b3', 4_600_000),
    ])!;
    expect(summary.bidCount).toBe(3);
    expect(summary.topBid?.bidId).toBe('b3');
    expect(reserveFacts(summary)).toEqual({ reserveMet: true, reservePercentage: 100 });
    const voided = evolveLotSummary(summary, {
      type: 'BidVoided',
      data: {
        bidId: 'b3',
        bidderId: 'alice',
        amountCents: 4_600_000,
        reason: 'x',
        voidedBy: 's',
        voidedAt: '',
        topBid: null,
        bidCount: 0,
        outcome: null,
      },
    })!;
    expect(summary.bidCount).toBe(3);
    expect(voided.bidCount).toBe(2);
    expect(voided.topBid?.bidId).toBe('b2');
    expect(reserveFacts(voided)).toEqual({ reserveMet: false, reservePercentage: 2.22 });
  });

  it('starts a new round on relist and takes the ended outcome of a void after the end', () => {
    const ended = foldLotSummary([...live(), bid('b1', 100_000), fixture('LotEnded')])!;
    expect(ended.status).toBe('SOLD');
    const afterVoid = foldLotSummary([fixture('BidVoided.after-end')], ended)!;
    expect(afterVoid).toMatchObject({ status: 'RESERVE_NOT_MET', winnerId: null });
    const relisted = foldLotSummary([fixture('LotRelisted')], afterVoid)!;
    expect(relisted).toMatchObject({ status: 'APPROVED', round: 2, bids: [], bidCount: 0, topBid: null, finalEnd: null });
  });
});

describe('lot rules', () => {
  const lot = { startPriceCents: 0, minIncrementCents: 0, reserveCents: 0, bidCount: 0, topBid: null as { amountCents: number } | null };

  it("the next bid adds the lot's increment, else the brand's, else 1.00", () => {
    expect(minimumNextBidCents(lot, 250)).toBe(1);
    const topped = { ...lot, bidCount: 1, topBid: { amountCents: 100_000 } };
    expect(minimumNextBidCents(topped, 250)).toBe(100_250);
    expect(minimumNextBidCents(topped, 0)).toBe(100_100);
    expect(minimumNextBidCents({ ...topped, minIncrementCents: 500 }, 250)).toBe(100_500);
    expect(minimumIncrementCents(lot, -5)).toBe(100);
  });

  it('reserve met and percentage: floored to 2 decimals, capped at 100; without a reserve any bid meets it', () => {
    expect(isReserveMet(lot)).toBe(false);
    expect(reservePercentage(lot)).toBe(0);
    expect(isReserveMet({ ...lot, bidCount: 1, topBid: { amountCents: 1 } })).toBe(true);
    expect(reservePercentage({ ...lot, reserveCents: 300, bidCount: 1, topBid: { amountCents: 100 } })).toBe(33.33);
    expect(reservePercentage({ ...lot, reserveCents: 300, bidCount: 1, topBid: { amountCents: 900 } })).toBe(100);
  });

  it('visibility per brand: owner or accepting host, never PENDING', () => {
    expect(isLotOfBrand({ brand: 'a', hosts: ['b'] }, 'b')).toBe(true);
    expect(isLotOfBrand({ brand: 'a', hosts: new Set(['b']) }, 'c')).toBe(false);
    expect(isVisibleToBrand({ brand: 'a', hosts: new Set(['b']), status: 'LIVE' }, 'b')).toBe(true);
    expect(isVisibleToBrand({ brand: 'a', hosts: [], status: 'PENDING' }, 'a')).toBe(false);
  });
});
