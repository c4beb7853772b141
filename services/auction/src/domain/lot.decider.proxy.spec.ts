import { describe, expect, it } from 'vitest';
import { isReserveMet, messageFor, minimumNextBidCents, type IncrementBand } from '@trackside/contracts';
import {
  decide,
  evolve,
  initialLotState,
  type AcceptedBid,
  type Decision,
  type ExistingLot,
  type LotCommand,
  type LotEvent,
  type LotState,
} from './lot.decider';

// Proxy (maximum) bidding as given / when / then over the pure decider (issue 21, docs/proxy-bidding.md).
// State is only built by folding the decider's own events; time and ids are on the commands.

const SECOND = 1_000;
const DAY = 86_400_000;
const T0 = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const START = at(DAY);
const END = at(8 * DAY);
const DURING = at(3 * DAY);
const later = (seconds: number): Date => new Date(DURING.getTime() + seconds * SECOND);

const SELLER = 'seller';
const ALICE = 'alice';
const BOB = 'bob';
const CAROL = 'carol';
const FLAT = 100; // 1.00
const WINDOW_SECONDS = 120;

type PlaceBid = Extract<LotCommand, { type: 'PlaceBid' }>;
type SetMaxBid = Extract<LotCommand, { type: 'SetMaxBid' }>;

function fold(state: LotState, events: readonly LotEvent[]): LotState {
  return events.reduce(evolve, state);
}

/** Runs each command, folding its events; a refusal throws (the setup must be valid). */
function given(commands: LotCommand[], state: LotState = initialLotState()): { state: LotState; events: LotEvent[] } {
  const events: LotEvent[] = [];
  for (const command of commands) {
    const decision = decide(command, state);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.code}`);
    events.push(...decision.events);
    state = fold(state, decision.events);
  }
  return { state, events };
}

function liveLot(options: { reserve?: number; end?: Date } = {}): { state: LotState; events: LotEvent[] } {
  return given([
    {
      type: 'CreateLot',
      lotId: 'lot-1',
      brand: 'trackside',
      sellerId: SELLER,
      now: T0,
      title: 'Porsche 911',
      sellerType: 'Private',
      userDescription: 'Nice car',
      reserve: options.reserve ?? 0,
      currency: 'USD',
      address: { country: 'US' },
      contactInfo: { name: 'Sam', email: 'sam@example.test' },
      hasAgreedToTerms: true,
      packageId: 'basic',
    },
    { type: 'ApproveLot', actorId: 'staff', now: T0, confirmUnpaid: true },
    { type: 'ScheduleLot', actorId: 'staff', now: T0, start: START, end: END, dateRangeLimitDays: 7 },
    { type: 'StartLot', now: START },
  ]);
}

let ids = 0;
const nextId = (prefix: string): string => `${prefix}-${(ids += 1)}`;

const bid = (bidderId: string, amount: number | string, overrides: Partial<PlaceBid> = {}): PlaceBid => ({
  type: 'PlaceBid',
  bidId: nextId('bid'),
  bidderId,
  amount,
  now: DURING,
  sniperProtectionSeconds: WINDOW_SECONDS,
  defaultMinimumIncrementCents: FLAT,
  automaticBidId: nextId('auto'),
  ...overrides,
});

const setMax = (bidderId: string, amount: number | string, overrides: Partial<SetMaxBid> = {}): SetMaxBid => ({
  type: 'SetMaxBid',
  maxBidId: nextId('max'),
  bidderId,
  amount,
  now: DURING,
  sniperProtectionSeconds: WINDOW_SECONDS,
  defaultMinimumIncrementCents: FLAT,
  automaticBidId: nextId('auto'),
  ...overrides,
});

const lotOf = (state: LotState): ExistingLot => {
  if (state.status === 'Empty') throw new Error('no lot');
  return state;
};
const top = (state: LotState): { bidderId: string; amountCents: number } | null => {
  const lot = lotOf(state);
  return lot.topBid ? { bidderId: lot.topBid.bidderId, amountCents: lot.topBid.amountCents } : null;
};
const bidsOf = (events: readonly LotEvent[]): AcceptedBid[] =>
  events.filter((event): event is Extract<LotEvent, { type: 'BidPlaced' }> => event.type === 'BidPlaced').map((event) => event.data);
const ok = (decision: Decision): Extract<Decision, { ok: true }> => {
  if (!decision.ok) throw new Error(`refused: ${decision.code}`);
  return decision;
};

describe('setting a maximum', () => {
  it('records MaxBidSet and opens at just above the start price when nobody has bid', () => {
    const { state } = liveLot();
    const command = setMax(ALICE, '500.00');
    const decision = ok(decide(command, state));
    expect(decision.events).toEqual([
      { type: 'MaxBidSet', data: { maxBidId: command.maxBidId, bidderId: ALICE, maximumCents: 50_000, setAt: DURING.toISOString() } },
      {
        type: 'BidPlaced',
        data: {
          bidId: command.automaticBidId,
          bidderId: ALICE,
          amountCents: 1,
          isFirstBid: true,
          placedAt: DURING.toISOString(),
          automatic: true,
        },
      },
    ]);
    expect(decision.maxBid).toMatchObject({ maximumCents: 50_000, highBidder: true, priceCents: 1 });
  });

  it('bids one increment above a manual top bid, no more', () => {
    const { state } = given([bid(BOB, '100.00')], liveLot().state);
    const decision = ok(decide(setMax(ALICE, '500.00'), state));
    expect(bidsOf(decision.events)).toMatchObject([{ bidderId: ALICE, amountCents: 10_100, automatic: true, isFirstBid: false }]);
  });

  it('refuses a maximum a bid could not be now: at or below the price, or short of the increment', () => {
    const { state } = given([bid(BOB, '100.00')], liveLot().state);
    expect(decide(setMax(ALICE, '100.00'), state)).toEqual({
      ok: false,
      code: 'bid.invalid.amount.tooLow',
      message: messageFor('bid.invalid.amount.tooLow'),
    });
    expect(decide(setMax(ALICE, '100.50'), state)).toMatchObject({ ok: false, code: 'bid.invalid.increment.notMet' });
    expect(decide(setMax(ALICE, '0'), liveLot().state)).toMatchObject({ ok: false, code: 'bid.invalid.firstBid.tooLow' });
  });

  it('applies the bid checks first: seller, status, dates, payment hold, limit', () => {
    const { state } = liveLot();
    expect(decide(setMax(SELLER, '500.00'), state)).toMatchObject({ code: 'bid.invalid.own.auction' });
    expect(decide(setMax(ALICE, '500.00', { now: END }), state)).toMatchObject({ code: 'bid.invalid.date.end.after' });
    expect(decide(setMax(ALICE, '500.00', { bidHoldRequired: true }), state)).toMatchObject({ code: 'bid.paymentRequired' });
    expect(decide(setMax(ALICE, '999999999.00'), state)).toMatchObject({ code: 'bid.invalid.maxValue.exceeded' });
    expect(decide(setMax(ALICE, 'ten'), state)).toMatchObject({ code: 'bid.invalid' });
    expect(decide(setMax(ALICE, '5'), initialLotState())).toMatchObject({ code: 'bid.invalid.no.auction' });
  });

  it('can be raised silently while the bidder leads, and setting the same maximum again changes nothing', () => {
    const { state } = given([bid(BOB, '100.00'), setMax(ALICE, '500.00')], liveLot().state);
    const raised = ok(decide(setMax(ALICE, '800.00'), state));
    expect(raised.events.map((event) => event.type)).toEqual(['MaxBidSet']);
    expect(raised.maxBid).toMatchObject({ maximumCents: 80_000, highBidder: true, priceCents: 10_100, automaticBid: null });
    const again = ok(decide(setMax(ALICE, '500.00'), state));
    expect(again.events).toEqual([]);
    expect(again.maxBid).toMatchObject({ maximumCents: 50_000, highBidder: true });
  });

  it('cannot be lowered below the current price; lowering down to it is allowed', () => {
    const { state } = given([bid(BOB, '100.00'), setMax(ALICE, '500.00')], liveLot().state);
    expect(decide(setMax(ALICE, '100.00'), state)).toEqual({
      ok: false,
      code: 'bid.max.belowPrice',
      message: 'Your maximum bid cannot be lower than the current price.',
    });
    expect(ok(decide(setMax(ALICE, '101.00'), state)).events.map((event) => event.type)).toEqual(['MaxBidSet']);
  });
});

describe('competing maxima', () => {
  it('the higher maximum wins at one increment above the other', () => {
    const { state } = given([setMax(ALICE, '500.00'), setMax(BOB, '300.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: ALICE, amountCents: 30_100 });
  });

  it('a later higher maximum takes the lead at one increment above the earlier one', () => {
    const { state, events } = given([setMax(ALICE, '300.00'), setMax(BOB, '500.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: BOB, amountCents: 30_100 });
    expect(bidsOf(events).every((placed) => placed.automatic === true)).toBe(true);
  });

  it('ends at the maximum when the gap is smaller than an increment', () => {
    const { state } = given([setMax(ALICE, '300.50'), setMax(BOB, '300.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: ALICE, amountCents: 30_050 });
  });

  it('a tie goes to the earlier maximum, at the tied amount', () => {
    const first = given([setMax(ALICE, '300.00'), setMax(BOB, '300.00')], liveLot().state);
    expect(top(first.state)).toEqual({ bidderId: ALICE, amountCents: 30_000 });
    const second = given([setMax(BOB, '300.00'), setMax(ALICE, '300.00')], liveLot().state);
    expect(top(second.state)).toEqual({ bidderId: BOB, amountCents: 30_000 });
  });

  it('three maxima: the highest wins one increment above the second, whoever set theirs first', () => {
    const { state } = given([bid(CAROL, '100.00'), setMax(ALICE, '900.00'), setMax(BOB, '400.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: ALICE, amountCents: 40_100 });
    const raised = given([setMax(CAROL, '600.00')], state);
    expect(top(raised.state)).toEqual({ bidderId: ALICE, amountCents: 60_100 });
  });

  it('the loser is told at once: the maximum set is answered by the leader, who stays the high bidder', () => {
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const decision = ok(decide(setMax(BOB, '300.00'), state));
    expect(decision.maxBid).toMatchObject({ highBidder: false, priceCents: 30_100, automaticBid: { bidderId: ALICE, automatic: true } });
  });

  it('a raised maximum ranks as set when raised: a tie with a maximum set before the raise goes to that one', () => {
    const { state } = given([setMax(ALICE, '300.00'), setMax(BOB, '350.00'), setMax(ALICE, '350.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: BOB, amountCents: 35_000 });
  });
});

describe('manual bids against a maximum', () => {
  it('a manual bid below the maximum is accepted, then answered by the proxy; the ack says so', () => {
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const command = bid(BOB, '200.00');
    const decision = ok(decide(command, state));
    expect(bidsOf(decision.events)).toMatchObject([
      { bidId: command.bidId, bidderId: BOB, amountCents: 20_000 },
      { bidId: command.automaticBidId, bidderId: ALICE, amountCents: 20_100, automatic: true },
    ]);
    expect(decision.result).toMatchObject({ bidId: command.bidId, amountCents: 20_000, outbidAutomatically: true });
    expect(top(fold(state, decision.events))).toEqual({ bidderId: ALICE, amountCents: 20_100 });
  });

  it('a manual bid at the maximum is answered at the maximum (the earlier maximum wins the tie)', () => {
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const decision = ok(decide(bid(BOB, '500.00'), state));
    expect(decision.result?.outbidAutomatically).toBe(true);
    expect(top(fold(state, decision.events))).toEqual({ bidderId: ALICE, amountCents: 50_000 });
  });

  it('a manual bid above the maximum leads, with no automatic answer', () => {
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const decision = ok(decide(bid(BOB, '600.00'), state));
    expect(bidsOf(decision.events)).toHaveLength(1);
    expect(decision.result?.outbidAutomatically).toBeUndefined();
    expect(top(fold(state, decision.events))).toEqual({ bidderId: BOB, amountCents: 60_000 });
  });

  it('answers at the maximum when it is less than an increment above the manual bid', () => {
    const { state } = given([setMax(ALICE, '500.50')], liveLot().state);
    const decision = ok(decide(bid(BOB, '500.00'), state));
    expect(top(fold(state, decision.events))).toEqual({ bidderId: ALICE, amountCents: 50_050 });
  });

  it('a manual bid checks the increment against the visible price, never the hidden maximum', () => {
    const { state } = given([bid(BOB, '100.00'), setMax(ALICE, '500.00')], liveLot().state);
    expect(ok(decide(bid(CAROL, '102.00'), state)).events.length).toBe(2);
    expect(decide(bid(CAROL, '101.50'), state)).toMatchObject({ ok: false, code: 'bid.invalid.increment.notMet' });
  });
});

describe('a proxy never bids against its own bidder', () => {
  it('the leader raising their maximum or bidding by hand gets no automatic bid for themselves', () => {
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    expect(ok(decide(setMax(ALICE, '900.00'), state)).events.map((event) => event.type)).toEqual(['MaxBidSet']);
    const manual = ok(decide(bid(ALICE, '50.00'), state));
    expect(bidsOf(manual.events)).toMatchObject([{ bidderId: ALICE, amountCents: 5_000 }]);
    expect(manual.events.some((event) => event.type === 'BidPlaced' && event.data.automatic)).toBe(false);
  });

  it("a leader's own maximum never answers their own bids, whoever else holds a lower maximum", () => {
    const { state } = given([bid(BOB, '100.00'), setMax(BOB, '500.00'), setMax(ALICE, '150.00')], liveLot().state);
    expect(top(state)).toEqual({ bidderId: BOB, amountCents: 15_100 });
    const manual = ok(decide(bid(BOB, '200.00'), state));
    expect(bidsOf(manual.events)).toMatchObject([{ bidderId: BOB, amountCents: 20_000 }]);
    expect(bidsOf(manual.events)).toHaveLength(1);
  });
});

describe('soft close', () => {
  it('an automatic bid inside the window extends the end exactly like a manual one', () => {
    const lastMinute = new Date(END.getTime() - 60 * SECOND);
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const decision = ok(decide(setMax(BOB, '300.00', { now: lastMinute }), state));
    const newEnd = new Date(lastMinute.getTime() + WINDOW_SECONDS * SECOND).toISOString();
    expect(decision.events).toMatchObject([
      { type: 'MaxBidSet' },
      { type: 'BidPlaced', data: { bidderId: ALICE, automatic: true } },
      {
        type: 'LotEndExtended',
        data: {
          previousEnd: END.toISOString(),
          newEnd,
          bidId: decision.events[1]?.type === 'BidPlaced' ? decision.events[1].data.bidId : '',
        },
      },
    ]);
    expect(decision.maxBid?.newEnd).toBe(newEnd);
  });

  it('a late manual bid answered by the proxy extends once, from the same instant', () => {
    const lastMinute = new Date(END.getTime() - 30 * SECOND);
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    const decision = ok(decide(bid(BOB, '200.00', { now: lastMinute }), state));
    expect(decision.events.map((event) => event.type)).toEqual(['BidPlaced', 'LotEndExtended', 'BidPlaced']);
    expect(lotOf(fold(state, decision.events)).finalEnd).toBe(new Date(lastMinute.getTime() + WINDOW_SECONDS * SECOND).toISOString());
  });

  it('a silent raise outside any bid does not extend', () => {
    const lastMinute = new Date(END.getTime() - 30 * SECOND);
    const { state } = given([setMax(ALICE, '500.00')], liveLot().state);
    expect(ok(decide(setMax(ALICE, '900.00', { now: lastMinute }), state)).events.map((event) => event.type)).toEqual(['MaxBidSet']);
  });
});

describe('the visible price rules reserve and minimum bid', () => {
  it('a maximum above the reserve does not meet it until the visible price does', () => {
    const { state } = given([setMax(ALICE, '5000.00'), setMax(BOB, '300.00')], liveLot({ reserve: 1_000 }).state);
    const lot = lotOf(state);
    expect(lot.topBid?.amountCents).toBe(30_100);
    expect(isReserveMet(lot)).toBe(false);
    expect(minimumNextBidCents(lot, FLAT)).toBe(30_200);
  });

  it('ends at the visible price for the bidder who leads', () => {
    const { state } = given([setMax(ALICE, '500.00'), bid(BOB, '250.00')], liveLot().state);
    const ended = ok(decide({ type: 'EndLot', now: END }, state));
    expect(ended.events).toMatchObject([{ type: 'LotEnded', data: { status: 'SOLD', finalPriceCents: 25_100, winnerId: ALICE } }]);
  });
});

describe('the increment ladder', () => {
  const LADDER: IncrementBand[] = [
    { belowCents: 100_000, incrementCents: 5_000 },
    { belowCents: 1_000_000, incrementCents: 10_000 },
    { belowCents: null, incrementCents: 25_000 },
  ];

  it('refuses a manual bid short of the band increment, accepts one that meets it', () => {
    const { state } = given([bid(BOB, '990.00', { incrementLadder: LADDER })], liveLot().state);
    expect(decide(bid(ALICE, '1000.00', { incrementLadder: LADDER }), state)).toMatchObject({ code: 'bid.invalid.increment.notMet' });
    expect(decide(bid(ALICE, '1040.00', { incrementLadder: LADDER }), state).ok).toBe(true);
    const above = given([bid(ALICE, '1040.00', { incrementLadder: LADDER })], state);
    expect(decide(bid(BOB, '1100.00', { incrementLadder: LADDER }), above.state)).toMatchObject({ code: 'bid.invalid.increment.notMet' });
    expect(decide(bid(BOB, '1140.00', { incrementLadder: LADDER }), above.state).ok).toBe(true);
  });

  it('proxy bids step by the band of the price they overbid', () => {
    const { state } = given(
      [setMax(ALICE, '5000.00', { incrementLadder: LADDER }), setMax(BOB, '980.00', { incrementLadder: LADDER })],
      liveLot().state,
    );
    expect(top(state)).toEqual({ bidderId: ALICE, amountCents: 103_000 });
  });

  it('without a ladder the flat increment applies at every price (the spec contract)', () => {
    const { state } = given([bid(BOB, '5000.00')], liveLot().state);
    expect(decide(bid(ALICE, '5001.00'), state).ok).toBe(true);
  });
});

describe('replay', () => {
  it('folding the recorded events gives the state decide worked on, maxima included', () => {
    const lastMinute = new Date(END.getTime() - 30 * SECOND);
    const run = given(
      [
        setMax(ALICE, '300.00'),
        setMax(BOB, '500.00'),
        bid(CAROL, '450.00', { now: later(10) }),
        setMax(ALICE, '700.00', { now: lastMinute }),
      ],
      liveLot().state,
    );
    const replayed = fold(liveLot().state, run.events);
    expect(replayed).toEqual(run.state);
    expect(top(replayed)).toEqual({ bidderId: ALICE, amountCents: 50_100 });
    expect(lotOf(replayed).proxy?.maxima.map((max) => [max.bidderId, max.maximumCents])).toEqual([
      [BOB, 50_000],
      [ALICE, 70_000],
    ]);
  });

  it('a relist starts the next round without the maxima', () => {
    const { state } = given(
      [setMax(ALICE, '500.00'), { type: 'EndLot', now: END }, { type: 'RelistLot', actorId: 'staff', now: END }],
      liveLot().state,
    );
    expect(lotOf(state).proxy).toBeUndefined();
  });
});

describe('a staff void re-runs the maxima (docs/proxy-bidding.md "Voids and maxima")', () => {
  type VoidBid = Extract<LotCommand, { type: 'VoidBid' }>;
  const voidOf = (bidId: string, overrides: Partial<VoidBid> = {}): VoidBid => ({
    type: 'VoidBid',
    actorId: 'staff',
    now: later(60),
    bidId,
    reason: 'Disputed bid',
    proxy: { automaticBidId: nextId('auto'), sniperProtectionSeconds: WINDOW_SECONDS, defaultMinimumIncrementCents: FLAT },
    ...overrides,
  });
  const voidsOf = (events: readonly LotEvent[]) =>
    events
      .filter((event): event is Extract<LotEvent, { type: 'BidVoided' }> => event.type === 'BidVoided')
      .map((event) => [event.data.bidderId, event.data.amountCents, event.data.topBid?.amountCents ?? null]);
  /** Alice's maximum 1,000.00, then Bob's 1,500.00: Bob leads at 1,001.00 (one increment above Alice's maximum). */
  const twoMaxima = () => given([setMax(ALICE, '1000.00'), setMax(BOB, '1500.00')], liveLot().state);

  it('voiding the top automatic bid voids that bid only: the maxima stand and put the price back where they imply', () => {
    const { state, events } = twoMaxima();
    const bobs = bidsOf(events).find((placed) => placed.bidderId === BOB)!;
    expect(bobs).toMatchObject({ amountCents: 100_100, automatic: true });
    const command = voidOf(bobs.bidId);
    const decision = ok(decide(command, state));
    expect(decision.events.map((event) => event.type)).toEqual(['BidVoided', 'BidPlaced']);
    expect(voidsOf(decision.events)).toEqual([[BOB, 100_100, 1]]);
    expect(bidsOf(decision.events)).toEqual([
      {
        bidId: command.proxy!.automaticBidId,
        bidderId: BOB,
        amountCents: 100_100,
        isFirstBid: false,
        placedAt: command.now.toISOString(),
        automatic: true,
      },
    ]);
    const after = lotOf(fold(state, decision.events));
    expect(top(after)).toEqual({ bidderId: BOB, amountCents: 100_100 });
    expect(after.bidCount).toBe(2);
    expect(after.proxy?.maxima.map((max) => [max.bidderId, max.maximumCents])).toEqual([
      [ALICE, 100_000],
      [BOB, 150_000],
    ]);
  });

  it('voiding a manual bid a proxy answered voids the answer with it; the price falls back to what the maxima imply', () => {
    const run = given([setMax(ALICE, '1000.00'), setMax(BOB, '1500.00'), bid(CAROL, '1200.00', { now: later(10) })], liveLot().state);
    const carols = bidsOf(run.events).find((placed) => placed.bidderId === CAROL)!;
    expect(top(run.state)).toEqual({ bidderId: BOB, amountCents: 120_100 });
    const decision = ok(decide(voidOf(carols.bidId), run.state));
    // Carol's bid, then Bob's automatic answer to it; Bob's 1,001.00 over Alice's maximum already settles it: no new bid.
    expect(decision.events.map((event) => event.type)).toEqual(['BidVoided', 'BidVoided']);
    expect(voidsOf(decision.events)).toEqual([
      [CAROL, 120_000, 120_100],
      [BOB, 120_100, 100_100],
    ]);
    const after = lotOf(fold(run.state, decision.events));
    expect(top(after)).toEqual({ bidderId: BOB, amountCents: 100_100 });
    expect(after.bidCount).toBe(2);
  });

  it('voiding a manual top bid nobody answered lets a lower maximum take the lead back at its price', () => {
    const run = given([setMax(ALICE, '1000.00'), bid(BOB, '300.00'), bid(CAROL, '1200.00', { now: later(10) })], liveLot().state);
    expect(top(run.state)).toEqual({ bidderId: CAROL, amountCents: 120_000 });
    const carols = bidsOf(run.events).find((placed) => placed.bidderId === CAROL)!;
    const decision = ok(decide(voidOf(carols.bidId), run.state));
    // Without Carol, the top is Alice's answer to Bob (301.00): her maximum already leads, nothing more to bid.
    expect(decision.events.map((event) => event.type)).toEqual(['BidVoided']);
    expect(top(fold(run.state, decision.events))).toEqual({ bidderId: ALICE, amountCents: 30_100 });
  });

  it('a void re-runs nothing after the end, nor past the end before the scheduler ended the lot; the outcome follows the bids left', () => {
    const { state, events } = twoMaxima();
    const bobs = bidsOf(events).find((placed) => placed.bidderId === BOB)!;
    const pastEnd = new Date(END.getTime() + SECOND);
    const lateVoid = ok(decide(voidOf(bobs.bidId, { now: pastEnd }), state));
    expect(lateVoid.events.map((event) => event.type)).toEqual(['BidVoided']);

    const ended = given([{ type: 'EndLot', now: END }], state).state;
    expect(lotOf(ended)).toMatchObject({ status: 'SOLD', winnerId: BOB, finalPriceCents: 100_100 });
    const decision = ok(decide(voidOf(bobs.bidId, { now: pastEnd }), ended));
    expect(decision.events.map((event) => event.type)).toEqual(['BidVoided']);
    const voided = decision.events[0] as Extract<LotEvent, { type: 'BidVoided' }>;
    expect(voided.data.outcome).toEqual({ status: 'SOLD', finalPriceCents: 1, winnerId: ALICE });
    expect(lotOf(fold(ended, decision.events))).toMatchObject({ status: 'SOLD', winnerId: ALICE, finalPriceCents: 1 });
  });

  it('without the brand settings on the command (an older caller) the void only voids, as before', () => {
    const { state, events } = twoMaxima();
    const bobs = bidsOf(events).find((placed) => placed.bidderId === BOB)!;
    const decision = ok(decide(voidOf(bobs.bidId, { proxy: undefined }), state));
    expect(decision.events.map((event) => event.type)).toEqual(['BidVoided']);
  });

  it('replay equals the live result; a re-run bid inside the soft-close window extends the end like any bid', () => {
    const lastMinute = new Date(END.getTime() - 60 * SECOND);
    const first = given([setMax(ALICE, '1000.00'), setMax(BOB, '1500.00'), bid(CAROL, '1200.00', { now: later(10) })], liveLot().state);
    const bobsFirst = bidsOf(first.events).find((placed) => placed.bidderId === BOB)!;
    const carols = bidsOf(first.events).find((placed) => placed.bidderId === CAROL)!;
    const live = given(
      [voidOf(carols.bidId, { now: later(20) }), voidOf(bobsFirst.bidId, { now: lastMinute }), bid(CAROL, '1300.00', { now: lastMinute })],
      first.state,
    );
    const events = [...first.events, ...live.events];
    const extension = live.events.find((event) => event.type === 'LotEndExtended') as Extract<LotEvent, { type: 'LotEndExtended' }>;
    expect(extension.data).toMatchObject({
      previousEnd: END.toISOString(),
      newEnd: new Date(lastMinute.getTime() + WINDOW_SECONDS * SECOND).toISOString(),
    });
    expect(bidsOf(live.events).map((placed) => [placed.bidderId, placed.amountCents, placed.automatic === true])).toEqual([
      [BOB, 100_100, true],
      [CAROL, 130_000, false],
      [BOB, 130_100, true],
    ]);
    const replayed = fold(liveLot().state, events);
    expect(replayed).toEqual(live.state);
    expect(top(replayed)).toEqual({ bidderId: BOB, amountCents: 130_100 });
  });
});
