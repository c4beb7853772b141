import { describe, expect, it } from 'vitest';
import { messageFor, type AuctionErrorCode } from '@trackside/contracts';
import {
  decide,
  evolve,
  initialLotState,
  isReserveMet,
  minimumNextBidCents,
  reservePercentage,
  type AcceptedBid,
  type Decision,
  type ExistingLot,
  type LotCommand,
  type LotEvent,
  type LotState,
  type LotStatus,
} from './lot.decider';
import { listBids } from './bid-log';

// Staff remedies (docs/decisions.md "Staff remedies") and the approval of an unpaid lot, in the
// given / when / then style of lot.decider.spec.ts: state is only built by folding events.

const SECOND = 1_000;
const DAY = 86_400_000;
const T0 = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const plus = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
const START = at(DAY);
const END = at(8 * DAY);
const DURING = at(3 * DAY);
const AFTER = plus(END, DAY);

const SELLER = 'seller-1';
const STAFF = 'staff-1';
const ALICE = 'alice';
const BOB = 'bob';
const CAROL = 'carol';
const FAT_FINGER = 99_999_999_900;

const refused = (code: AuctionErrorCode): Decision => ({ ok: false, code, message: messageFor(code) });
const accepted = (...events: LotEvent[]): Decision => ({ ok: true, events });

// ---------------------------------------------------------------------------------------------
// Given

type CreatedData = Extract<LotEvent, { type: 'LotCreated' }>['data'];
const created = (overrides: Partial<CreatedData> = {}): LotEvent => ({
  type: 'LotCreated',
  data: {
    lotId: 'lot-1',
    brand: 'trackside',
    sellerId: SELLER,
    slug: 'porsche-911-1',
    status: 'PENDING',
    title: 'Porsche 911',
    sellerType: 'Private',
    description: null,
    userDescription: 'Nice car',
    excerpt: null,
    reserveCents: 0,
    currency: 'USD',
    dataFields: {},
    address: { country: 'US' },
    contactInfo: { name: 'Sam', email: 'sam@example.test', phone: null },
    hasAgreedToTerms: true,
    serviceSnappr: false,
    images: {},
    startPriceCents: 0,
    minIncrementCents: 0,
    paymentStatus: 'UNPAID',
    paymentType: null,
    packageId: 'basic',
    templateType: null,
    reserveMeterEnabled: true,
    createdAt: T0.toISOString(),
    ...overrides,
  },
});
const approved: LotEvent = { type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: T0.toISOString(), unpaidConfirmed: true } };
const scheduled = (start = START, end = END): LotEvent => ({
  type: 'LotScheduled',
  data: { scheduledStart: start.toISOString(), scheduledEnd: end.toISOString(), finalEnd: end.toISOString(), scheduledBy: STAFF },
});
const wentLive = (when = START): LotEvent => ({ type: 'LotWentLive', data: { wentLiveAt: when.toISOString() } });
const bid = (bidId: string, bidderId: string, amountCents: number, isFirstBid = false, placedAt = DURING): AcceptedBid => ({
  bidId,
  bidderId,
  amountCents,
  isFirstBid,
  placedAt: placedAt.toISOString(),
});
const bidPlaced = (bidId: string, bidderId: string, amountCents: number, isFirstBid = false): LotEvent => ({
  type: 'BidPlaced',
  data: bid(bidId, bidderId, amountCents, isFirstBid),
});
const ended = (status: 'SOLD' | 'RESERVE_NOT_MET', finalPriceCents: number | null, winnerId: string | null): LotEvent => ({
  type: 'LotEnded',
  data: { status, finalPriceCents, winnerId, endedAt: END.toISOString() },
});
const canceled = (previousStatus: LotStatus = 'LIVE'): LotEvent => ({
  type: 'LotCanceled',
  data: { reason: 'Seller withdrew the car', canceledBy: STAFF, canceledAt: DURING.toISOString(), previousStatus },
});

const given = (...events: LotEvent[]): LotState => events.reduce(evolve, initialLotState());
const existing = (...events: LotEvent[]): ExistingLot => {
  const state = given(...events);
  if (state.status === 'Empty') throw new Error('no LotCreated in the given events');
  return state;
};

const LIVE_LOT: LotEvent[] = [created(), approved, scheduled(), wentLive()];
/** Alice 100.00, Bob 200.00, then Carol's fat-finger 999,999,999.00 on top. */
const FAT_FINGER_BIDS: LotEvent[] = [
  bidPlaced('b1', ALICE, 10_000, true),
  bidPlaced('b2', BOB, 20_000),
  bidPlaced('b3', CAROL, FAT_FINGER),
];

function historyOf(status: LotStatus): LotEvent[] {
  switch (status) {
    case 'PENDING':
      return [created()];
    case 'APPROVED':
      return [created(), approved];
    case 'SCHEDULED':
      return [created(), approved, scheduled()];
    case 'LIVE':
      return LIVE_LOT;
    case 'SOLD':
      return [...LIVE_LOT, bidPlaced('b0', BOB, 10_000, true), ended('SOLD', 10_000, BOB)];
    case 'RESERVE_NOT_MET':
      return [...LIVE_LOT, ended('RESERVE_NOT_MET', null, null)];
    case 'CANCELED':
      return [...LIVE_LOT, canceled()];
  }
}
const ALL: readonly LotStatus[] = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED'];

// ---------------------------------------------------------------------------------------------
// When

const voidBid = (bidId: string, reason = 'Fat-finger bid, confirmed by phone', now = plus(DURING, SECOND)): LotCommand => ({
  type: 'VoidBid',
  actorId: STAFF,
  now,
  bidId,
  reason,
});
const cancel = (reason = 'Seller withdrew the car', now = DURING): LotCommand => ({ type: 'CancelLot', actorId: STAFF, now, reason });
const extend = (newEnd: Date, reason = 'Site outage during the last hour', now = DURING): LotCommand => ({
  type: 'ExtendLot',
  actorId: STAFF,
  now,
  newEnd,
  reason,
});
const relist = (reason?: string | null, now = AFTER): LotCommand => ({ type: 'RelistLot', actorId: STAFF, now, reason });
const approve = (confirmUnpaid?: boolean): LotCommand => ({ type: 'ApproveLot', actorId: STAFF, now: T0, confirmUnpaid });
const placeBid = (bidId: string, bidderId: string, amount: number | string, now = DURING): LotCommand => ({
  type: 'PlaceBid',
  bidId,
  bidderId,
  amount,
  now,
  sniperProtectionSeconds: 120,
  defaultMinimumIncrementCents: 100,
});

function eventsOf(decision: Decision): LotEvent[] {
  if (!decision.ok) throw new Error(`expected acceptance, got ${decision.code}: ${decision.message}`);
  return decision.events;
}
/** Given `history`, when `command`: the state after the accepted events. */
const after = (history: LotEvent[], command: LotCommand): ExistingLot =>
  existing(...history, ...eventsOf(decide(command, given(...history))));

// =============================================================================================

describe('remedy error messages', () => {
  it.each<[AuctionErrorCode, string]>([
    ['auction.approve.unpaid', "This auction's package has not been paid. Confirm to approve it anyway."],
    ['auction.remedy.reason.required', 'Please give a reason.'],
    ['auction.remedy.bid.notFound', 'This bid does not exist on this auction.'],
    ['auction.remedy.bid.voided', 'This bid has already been voided.'],
    ['auction.remedy.invalid.status', "This action is not possible in the auction's current status."],
    ['auction.remedy.extend.invalid', 'The new end must be later than the current end and in the future.'],
    ['bid.invalid.auction.status.canceled', 'Auction has been canceled. Not accepting any bids.'],
  ])('%s reads "%s"', (code, message) => {
    expect(messageFor(code)).toBe(message);
  });

  it.each<[string, LotCommand]>([
    ['VoidBid', voidBid('b1')],
    ['CancelLot', cancel()],
    ['ExtendLot', extend(AFTER)],
    ['RelistLot', relist()],
  ])('%s on a lot that does not exist is auction.notFound', (_name, command) => {
    expect(decide(command, initialLotState())).toEqual(refused('auction.notFound'));
  });
});

describe('staff: approve an unpaid lot (ApproveLot confirmUnpaid)', () => {
  it('refuses an UNPAID lot without confirmation (auction.approve.unpaid), also when confirmUnpaid is false', () => {
    expect(decide(approve(), given(created()))).toEqual(refused('auction.approve.unpaid'));
    expect(decide(approve(false), given(created()))).toEqual(refused('auction.approve.unpaid'));
  });

  it('approves an UNPAID lot on confirmation and records it', () => {
    expect(decide(approve(true), given(created()))).toEqual(
      accepted({ type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: T0.toISOString(), unpaidConfirmed: true } }),
    );
  });

  it.each(['PAID', 'FREE'])('a %s lot needs no confirmation and records none, even when one is sent', (paymentStatus) => {
    const lot = given(created({ paymentStatus }));
    const plain = accepted({ type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: T0.toISOString() } });
    expect(decide(approve(), lot)).toEqual(plain);
    expect(decide(approve(true), lot)).toEqual(plain);
  });

  it('checks the status before the payment', () => {
    expect(decide(approve(), given(created(), approved))).toEqual(refused('auction.invalid.status'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: void a bid (VoidBid)', () => {
  const fatFingered = [...LIVE_LOT, ...FAT_FINGER_BIDS];

  it('voids the fat-finger top bid: the next lower bid is top again, with its bidder, count and minimum next bid', () => {
    const now = plus(DURING, SECOND);
    expect(decide(voidBid('b3'), given(...fatFingered))).toEqual(
      accepted({
        type: 'BidVoided',
        data: {
          bidId: 'b3',
          bidderId: CAROL,
          amountCents: FAT_FINGER,
          reason: 'Fat-finger bid, confirmed by phone',
          voidedBy: STAFF,
          voidedAt: now.toISOString(),
          topBid: { bidId: 'b2', bidderId: BOB, amountCents: 20_000 },
          bidCount: 2,
          outcome: null,
        },
      }),
    );
    const lot = after(fatFingered, voidBid('b3'));
    expect(lot).toMatchObject({ status: 'LIVE', topBid: bid('b2', BOB, 20_000), bidCount: 2, voidedBidIds: ['b3'] });
    expect(minimumNextBidCents(lot, 100)).toBe(20_100);
    // The voided bid stays in the log: history is never rewritten.
    expect(listBids(lot.bids).map((entry) => entry.bidId)).toEqual(['b1', 'b2', 'b3']);
  });

  it('bidding goes on from the recomputed top bid', () => {
    const lot = given(...fatFingered, ...eventsOf(decide(voidBid('b3'), given(...fatFingered))));
    expect(decide(placeBid('b4', ALICE, '200.99'), lot)).toEqual(refused('bid.invalid.increment.notMet'));
    expect(eventsOf(decide(placeBid('b4', ALICE, '201.00'), lot))).toEqual([bidPlaced('b4', ALICE, 20_100)]);
  });

  it('recomputes the reserve state: met before, not met once the bid that met it is voided', () => {
    const history = [
      created({ reserveCents: 50_000 }),
      approved,
      scheduled(),
      wentLive(),
      bidPlaced('b1', ALICE, 40_000, true),
      bidPlaced('b2', BOB, 60_000),
    ];
    expect(isReserveMet(existing(...history))).toBe(true);
    const lot = after(history, voidBid('b2'));
    expect(isReserveMet(lot)).toBe(false);
    expect(reservePercentage(lot)).toBe(80);
  });

  it('voiding a bid below the top leaves the top bid and lowers the count', () => {
    const lot = after([...LIVE_LOT, ...FAT_FINGER_BIDS], voidBid('b2'));
    expect(lot).toMatchObject({ topBid: bid('b3', CAROL, FAT_FINGER), bidCount: 2 });
    expect(eventsOf(decide(voidBid('b2'), given(...LIVE_LOT, ...FAT_FINGER_BIDS)))[0]).toMatchObject({
      data: { topBid: { bidId: 'b3' }, bidCount: 2 },
    });
  });

  it('voiding the top bid after a lower one was voided skips the voided one', () => {
    const first = [...LIVE_LOT, ...FAT_FINGER_BIDS, ...eventsOf(decide(voidBid('b2'), given(...LIVE_LOT, ...FAT_FINGER_BIDS)))];
    const lot = after(first, voidBid('b3'));
    expect(lot).toMatchObject({ topBid: bid('b1', ALICE, 10_000, true), bidCount: 1, voidedBidIds: ['b2', 'b3'] });
  });

  it('voiding the only bid leaves no top bid; the next bid is a first bid over the start price', () => {
    const history = [...LIVE_LOT, bidPlaced('b1', ALICE, 10_000, true)];
    const lot = after(history, voidBid('b1'));
    expect(lot).toMatchObject({ topBid: null, bidCount: 0 });
    expect(minimumNextBidCents(lot, 100)).toBe(1);
    expect(eventsOf(decide(placeBid('b2', BOB, 5), lot))).toEqual([bidPlaced('b2', BOB, 500, true)]);
  });

  it('does not undo a sniper extension the voided bid caused', () => {
    const newEnd = plus(END, 100 * SECOND);
    const late: LotEvent = { type: 'LotEndExtended', data: { previousEnd: END.toISOString(), newEnd: newEnd.toISOString(), bidId: 'b3' } };
    const lot = after([...LIVE_LOT, ...FAT_FINGER_BIDS, late], voidBid('b3', 'Fat finger', plus(END, -10 * SECOND)));
    expect(lot.finalEnd).toBe(newEnd.toISOString());
  });

  describe('on an ended lot, the outcome is recomputed from the remaining bids', () => {
    it('SOLD to the fat-finger bidder becomes SOLD to the next bidder at their price', () => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS, ended('SOLD', FAT_FINGER, CAROL)];
      const decision = decide(voidBid('b3', 'Fat finger', AFTER), given(...history));
      expect(eventsOf(decision)[0]).toMatchObject({ data: { outcome: { status: 'SOLD', finalPriceCents: 20_000, winnerId: BOB } } });
      expect(existing(...history, ...eventsOf(decision))).toMatchObject({
        status: 'SOLD',
        finalPriceCents: 20_000,
        winnerId: BOB,
        topBid: bid('b2', BOB, 20_000),
      });
    });

    it('SOLD becomes RESERVE_NOT_MET when the remaining top bid is below the reserve', () => {
      const history = [
        created({ reserveCents: 50_000 }),
        approved,
        scheduled(),
        wentLive(),
        bidPlaced('b1', ALICE, 40_000, true),
        bidPlaced('b2', BOB, 60_000),
        ended('SOLD', 60_000, BOB),
      ];
      expect(after(history, voidBid('b2', 'Shill bid', AFTER))).toMatchObject({
        status: 'RESERVE_NOT_MET',
        finalPriceCents: 40_000,
        winnerId: null,
      });
    });

    it('voiding the last bid leaves RESERVE_NOT_MET with no price', () => {
      const history = historyOf('SOLD');
      expect(after(history, voidBid('b0', 'Deleted bidder', AFTER))).toMatchObject({
        status: 'RESERVE_NOT_MET',
        finalPriceCents: null,
        winnerId: null,
        bidCount: 0,
      });
    });

    it('a voided lot that ended stays ended: no bids are taken', () => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS, ended('SOLD', FAT_FINGER, CAROL)];
      const lot = after(history, voidBid('b3', 'Fat finger', AFTER));
      expect(decide(placeBid('b9', ALICE, 1_000, AFTER), lot)).toEqual(refused('bid.invalid.auction.status.sold'));
    });
  });

  describe('refusals', () => {
    it('an unknown bid is auction.remedy.bid.notFound', () => {
      expect(decide(voidBid('nope'), given(...LIVE_LOT, ...FAT_FINGER_BIDS))).toEqual(refused('auction.remedy.bid.notFound'));
    });

    it('a voided bid cannot be voided again (auction.remedy.bid.voided)', () => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS];
      const voided = [...history, ...eventsOf(decide(voidBid('b3'), given(...history)))];
      expect(decide(voidBid('b3'), given(...voided))).toEqual(refused('auction.remedy.bid.voided'));
    });

    it('an idempotent retry of a voided bid id is refused (bid.invalid) and appends nothing: it does not come back', () => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS];
      const voided = given(...history, ...eventsOf(decide(voidBid('b3'), given(...history))));
      expect(decide(placeBid('b3', CAROL, '999999999.00'), voided)).toEqual(refused('bid.invalid'));
      expect(decide(placeBid('b3', CAROL, '300.00'), voided)).toEqual(refused('bid.invalid'));
      // A retry of a bid that still stands answers as before.
      expect(decide(placeBid('b2', BOB, '200.00'), voided)).toMatchObject({ ok: true, events: [] });
    });

    it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED', 'CANCELED'])('a %s lot is auction.remedy.invalid.status', (status) => {
      expect(decide(voidBid('b0'), given(...historyOf(status)))).toEqual(refused('auction.remedy.invalid.status'));
    });

    it.each(['', '   ', '\n'])('a blank reason (%j) is auction.remedy.reason.required; the reason is stored trimmed', (reason) => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS];
      expect(decide(voidBid('b3', reason), given(...history))).toEqual(refused('auction.remedy.reason.required'));
      expect(eventsOf(decide(voidBid('b3', '  Fat finger  '), given(...history)))[0]).toMatchObject({ data: { reason: 'Fat finger' } });
    });

    it('a reason over 1,000 characters is refused', () => {
      const history = [...LIVE_LOT, ...FAT_FINGER_BIDS];
      expect(decide(voidBid('b3', 'x'.repeat(1_001)), given(...history))).toEqual(refused('auction.remedy.reason.tooLong'));
      expect(decide(voidBid('b3', 'x'.repeat(1_000)), given(...history)).ok).toBe(true);
    });

    it('checks the status, then the bid, then the reason', () => {
      expect(decide(voidBid('nope', ''), given(...historyOf('CANCELED')))).toEqual(refused('auction.remedy.invalid.status'));
      expect(decide(voidBid('nope', ''), given(...LIVE_LOT))).toEqual(refused('auction.remedy.bid.notFound'));
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: cancel a lot (CancelLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE'])('cancels a %s lot, recording the previous status', (status) => {
    expect(decide(cancel(), given(...historyOf(status)))).toEqual(
      accepted({
        type: 'LotCanceled',
        data: { reason: 'Seller withdrew the car', canceledBy: STAFF, canceledAt: DURING.toISOString(), previousStatus: status },
      }),
    );
    expect(after(historyOf(status), cancel()).status).toBe('CANCELED');
  });

  it.each<LotStatus>(['SOLD', 'RESERVE_NOT_MET', 'CANCELED'])('refuses a %s lot (auction.remedy.invalid.status)', (status) => {
    expect(decide(cancel(), given(...historyOf(status)))).toEqual(refused('auction.remedy.invalid.status'));
  });

  it('needs a reason; the status is checked first', () => {
    expect(decide(cancel('  '), given(...LIVE_LOT))).toEqual(refused('auction.remedy.reason.required'));
    expect(decide(cancel('  '), given(...historyOf('SOLD')))).toEqual(refused('auction.remedy.invalid.status'));
  });

  describe('a canceled lot', () => {
    const lot = given(...LIVE_LOT, bidPlaced('b1', ALICE, 10_000, true), canceled());

    it('takes no bids (bid.invalid.auction.status.canceled), after its owner check', () => {
      expect(decide(placeBid('b2', BOB, 500), lot)).toEqual(refused('bid.invalid.auction.status.canceled'));
      expect(decide(placeBid('b2', SELLER, 500), lot)).toEqual(refused('bid.invalid.own.auction'));
    });

    it('is neither started nor ended by the scheduler', () => {
      expect(decide({ type: 'EndLot', now: AFTER }, lot)).toEqual(refused('auction.invalid.status'));
      expect(decide({ type: 'StartLot', now: AFTER }, given(created(), approved, scheduled(), canceled('SCHEDULED')))).toEqual(
        refused('auction.invalid.status'),
      );
    });

    it('cannot be edited, approved, disapproved, scheduled, shared or hosted; it can be withdrawn from the network', () => {
      expect(decide({ type: 'UpdateLot', actorId: SELLER, now: AFTER, changes: { title: 'x' } }, lot)).toEqual(
        refused('auction.update.notAllowed'),
      );
      expect(decide(approve(true), lot)).toEqual(refused('auction.invalid.status'));
      expect(decide({ type: 'DisapproveLot', actorId: STAFF, now: AFTER, reason: null }, lot)).toEqual(refused('auction.invalid.status'));
      expect(decide({ type: 'ScheduleLot', actorId: STAFF, now: T0, start: START, end: END, dateRangeLimitDays: 7 }, lot)).toEqual(
        refused('auction.network.schedule.error.invalid.status'),
      );
      expect(decide({ type: 'ShareLot', actorId: STAFF, now: AFTER }, lot)).toEqual(refused('auction.network.share.error.auctionEnded'));
      const shared = given(created(), { type: 'LotShared', data: { sharedBy: STAFF, sharedAt: T0.toISOString() } }, canceled('PENDING'));
      expect(decide({ type: 'AcceptNetworkLot', actorId: 'host-staff', now: AFTER, hostBrand: 'jewelry' }, shared)).toEqual(
        refused('auction.network.share.error.auctionEnded'),
      );
      expect(eventsOf(decide({ type: 'UnshareLot', actorId: STAFF, now: AFTER }, shared))).toHaveLength(1);
    });

    it('keeps its bids in the log and its top bid for the record', () => {
      expect(existing(...LIVE_LOT, bidPlaced('b1', ALICE, 10_000, true), canceled())).toMatchObject({
        status: 'CANCELED',
        bidCount: 1,
        topBid: bid('b1', ALICE, 10_000, true),
        winnerId: null,
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: extend a live lot (ExtendLot)', () => {
  const newEnd = plus(END, DAY);

  it('moves the end with the sniper event, bidId null, naming the staff member and the reason', () => {
    expect(decide(extend(newEnd), given(...LIVE_LOT))).toEqual(
      accepted({
        type: 'LotEndExtended',
        data: {
          previousEnd: END.toISOString(),
          newEnd: newEnd.toISOString(),
          bidId: null,
          extendedBy: STAFF,
          reason: 'Site outage during the last hour',
        },
      }),
    );
  });

  it('bids are taken until the new end, and the scheduler ends the lot only then', () => {
    const lot = after(LIVE_LOT, extend(newEnd));
    expect(lot.finalEnd).toBe(newEnd.toISOString());
    expect(decide(placeBid('b1', ALICE, 100, plus(END, SECOND)), lot).ok).toBe(true);
    expect(decide({ type: 'EndLot', now: END }, lot)).toEqual(refused('auction.end.notDue'));
    expect(decide({ type: 'EndLot', now: newEnd }, lot).ok).toBe(true);
  });

  it('extends from an earlier sniper extension', () => {
    const sniped = plus(END, 100 * SECOND);
    const late: LotEvent = { type: 'LotEndExtended', data: { previousEnd: END.toISOString(), newEnd: sniped.toISOString(), bidId: 'b1' } };
    const history = [...LIVE_LOT, bidPlaced('b1', ALICE, 100, true), late];
    expect(decide(extend(sniped), given(...history))).toEqual(refused('auction.remedy.extend.invalid'));
    expect(eventsOf(decide(extend(plus(sniped, 1)), given(...history)))[0]).toMatchObject({ data: { previousEnd: sniped.toISOString() } });
  });

  it.each<[string, Date, Date]>([
    ['equal to the current end', END, DURING],
    ['before the current end', plus(END, -SECOND), DURING],
    ['not in the future (the lot is overdue)', plus(END, SECOND), plus(END, SECOND)],
    ['an invalid date', new Date(Number.NaN), DURING],
  ])('refuses a new end %s (auction.remedy.extend.invalid)', (_name, end, now) => {
    expect(decide(extend(end, 'Outage', now), given(...LIVE_LOT))).toEqual(refused('auction.remedy.extend.invalid'));
  });

  it('an overdue lot (end passed, not yet ended) can be given an end in the future', () => {
    expect(decide(extend(plus(END, 2 * SECOND), 'Outage', plus(END, SECOND)), given(...LIVE_LOT)).ok).toBe(true);
  });

  it.each(ALL.filter((status) => status !== 'LIVE'))('refuses a %s lot (auction.remedy.invalid.status)', (status) => {
    expect(decide(extend(newEnd), given(...historyOf(status)))).toEqual(refused('auction.remedy.invalid.status'));
  });

  it('needs a reason, checked after the date', () => {
    expect(decide(extend(newEnd, ''), given(...LIVE_LOT))).toEqual(refused('auction.remedy.reason.required'));
    expect(decide(extend(END, ''), given(...LIVE_LOT))).toEqual(refused('auction.remedy.extend.invalid'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: relist an ended or canceled lot (RelistLot)', () => {
  it.each<LotStatus>(['SOLD', 'RESERVE_NOT_MET', 'CANCELED'])('relists a %s lot as APPROVED, recording the previous status', (status) => {
    expect(decide(relist('Buyer did not pay'), given(...historyOf(status)))).toEqual(
      accepted({
        type: 'LotRelisted',
        data: { reason: 'Buyer did not pay', relistedBy: STAFF, relistedAt: AFTER.toISOString(), previousStatus: status },
      }),
    );
  });

  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE'])('refuses a %s lot (auction.remedy.invalid.status)', (status) => {
    expect(decide(relist(), given(...historyOf(status)))).toEqual(refused('auction.remedy.invalid.status'));
  });

  it('the reason is optional (null when blank) and stored trimmed', () => {
    expect(eventsOf(decide(relist(), given(...historyOf('SOLD'))))[0]).toMatchObject({ data: { reason: null } });
    expect(eventsOf(decide(relist('   '), given(...historyOf('SOLD'))))[0]).toMatchObject({ data: { reason: null } });
    expect(eventsOf(decide(relist(' Again '), given(...historyOf('SOLD'))))[0]).toMatchObject({ data: { reason: 'Again' } });
  });

  it('starts a new round: no bids, top bid, winner, price or dates; the old bids stay in the earlier rounds', () => {
    const history = [...LIVE_LOT, ...FAT_FINGER_BIDS, ended('SOLD', FAT_FINGER, CAROL)];
    const lot = after(history, relist());
    expect(lot).toMatchObject({
      status: 'APPROVED',
      round: 2,
      topBid: null,
      bidCount: 0,
      winnerId: null,
      finalPriceCents: null,
      scheduledStart: null,
      scheduledEnd: null,
      finalEnd: null,
      voidedBidIds: [],
    });
    expect(listBids(lot.bids)).toEqual([]);
    expect(listBids(lot.previousRoundBids).map((entry) => entry.bidId)).toEqual(['b1', 'b2', 'b3']);
  });

  it('the new round is scheduled, bid on from the start price and ended on its own bids', () => {
    const start = plus(AFTER, DAY);
    const end = plus(start, 7 * DAY);
    const history = [...historyOf('SOLD'), ...eventsOf(decide(relist(), given(...historyOf('SOLD'))))];
    const round = [...history, scheduled(start, end), wentLive(start)];
    // An old bid id retried in the new round is refused, not placed again, and cannot be voided.
    expect(decide(placeBid('b0', BOB, '100.00', plus(start, SECOND)), given(...round))).toEqual(refused('bid.invalid'));
    expect(decide(voidBid('b0', 'x', plus(start, SECOND)), given(...round))).toEqual(refused('auction.remedy.bid.notFound'));
    const first = eventsOf(decide(placeBid('n1', ALICE, '5.00', plus(start, SECOND)), given(...round)));
    expect(first).toEqual([{ type: 'BidPlaced', data: bid('n1', ALICE, 500, true, plus(start, SECOND)) }]);
    expect(after([...round, ...first], { type: 'EndLot', now: end })).toMatchObject({
      status: 'SOLD',
      winnerId: ALICE,
      finalPriceCents: 500,
      round: 2,
    });
  });

  it('a lot relisted twice keeps every earlier round refused', () => {
    const once = [...historyOf('SOLD'), ...eventsOf(decide(relist(), given(...historyOf('SOLD'))))];
    const round2 = [
      ...once,
      scheduled(plus(AFTER, DAY), plus(AFTER, 8 * DAY)),
      wentLive(plus(AFTER, DAY)),
      bidPlaced('n1', ALICE, 500, true),
    ];
    const canceledAgain = [...round2, canceled()];
    const twice = after(canceledAgain, relist('Third time'));
    expect(twice.round).toBe(3);
    expect(listBids(twice.previousRoundBids).map((entry) => entry.bidId)).toEqual(['b0', 'n1']);
  });
});
