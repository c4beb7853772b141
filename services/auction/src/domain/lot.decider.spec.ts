import { describe, expect, it } from 'vitest';
import { messageFor } from '@trackside/contracts';
import {
  decide,
  endOutcome,
  evolve,
  initialLotState,
  isReserveMet,
  minimumNextBidCents,
  reservePercentage,
  SCHEDULE_TOLERANCE_MS,
  slugify,
  type ExistingLot,
  type LotCommand,
  type LotEvent,
  type LotState,
} from './lot.decider';

// Given / when / then over the pure decider: state is always built by folding events.

const DAY = 86_400_000;
const T0 = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const SELLER = 'seller-1';
const STAFF = 'staff-1';
const ALICE = 'alice';
const BOB = 'bob';
const START = at(DAY);
const END = at(8 * DAY);

const created = (overrides: Partial<Extract<LotEvent, { type: 'LotCreated' }>['data']> = {}): LotEvent => ({
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
    contactInfo: { name: 'Sam', email: 'sam@example.test' },
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
const approved: LotEvent = { type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: T0.toISOString() } };
const scheduled = (start = START, end = END): LotEvent => ({
  type: 'LotScheduled',
  data: { scheduledStart: start.toISOString(), scheduledEnd: end.toISOString(), finalEnd: end.toISOString(), scheduledBy: STAFF },
});
const live: LotEvent = { type: 'LotWentLive', data: { wentLiveAt: START.toISOString() } };
const bid = (bidId: string, bidderId: string, amountCents: number, isFirstBid = false, placedAt = at(2 * DAY)): LotEvent => ({
  type: 'BidPlaced',
  data: { bidId, bidderId, amountCents, isFirstBid, placedAt: placedAt.toISOString() },
});
const shared: LotEvent = { type: 'LotShared', data: { sharedBy: STAFF, sharedAt: T0.toISOString() } };
const hostAccepted = (hostBrand: string): LotEvent => ({
  type: 'LotHostAccepted',
  data: { hostBrand, acceptedBy: 'host-staff', acceptedAt: T0.toISOString() },
});
const ended = (status: 'SOLD' | 'RESERVE_NOT_MET'): LotEvent => ({
  type: 'LotEnded',
  data: { status, finalPriceCents: null, winnerId: null, endedAt: END.toISOString() },
});

const given = (...events: LotEvent[]): LotState => events.reduce(evolve, initialLotState());
const lot = (...events: LotEvent[]): ExistingLot => given(...events) as ExistingLot;
const LIVE_LOT = [created(), approved, scheduled(), live];

const placeBid = (overrides: Partial<Extract<LotCommand, { type: 'PlaceBid' }>> = {}): LotCommand => ({
  type: 'PlaceBid',
  bidId: 'bid-new',
  bidderId: ALICE,
  amount: 100,
  now: at(3 * DAY),
  sniperProtectionSeconds: 120,
  defaultMinimumIncrementCents: 100,
  ...overrides,
});
const schedule = (start: Date | null, end: Date | null, now = T0, dateRangeLimitDays = 7): LotCommand => ({
  type: 'ScheduleLot',
  actorId: STAFF,
  now,
  start,
  end,
  dateRangeLimitDays,
});
const staffCommand = (type: 'ApproveLot' | 'ShareLot' | 'UnshareLot', now = T0): LotCommand => ({ type, actorId: STAFF, now });
const hostCommand = (type: 'AcceptNetworkLot' | 'DeclineNetworkLot', hostBrand: string): LotCommand => ({
  type,
  actorId: 'host-staff',
  now: T0,
  hostBrand,
});

function expectRejected(state: LotState, command: LotCommand, code: string): void {
  const decision = decide(command, state);
  expect(decision).toEqual({ ok: false, code, message: expect.any(String) });
  if (!decision.ok && !code.startsWith('auction.validation')) expect(decision.message).toBe(messageFor(code));
}

function eventsOf(state: LotState, command: LotCommand): LotEvent[] {
  const decision = decide(command, state);
  if (!decision.ok) throw new Error(`expected acceptance, got ${decision.code}: ${decision.message}`);
  return decision.events;
}

describe('createAuction', () => {
  const create = (overrides: Record<string, unknown> = {}): LotCommand =>
    ({
      type: 'CreateLot',
      lotId: 'lot-9',
      brand: 'trackside',
      sellerId: SELLER,
      now: T0,
      title: '  Ford GT40 Mk I ',
      sellerType: 'Dealer',
      userDescription: 'Le Mans history',
      reserve: '1500.50',
      currency: 'USD',
      address: { country: 'GB' },
      contactInfo: { name: 'Dana', email: 'dana@example.test' },
      hasAgreedToTerms: true,
      packageId: 'premium',
      paymentType: 'HOLD',
      ...overrides,
    }) as LotCommand;

  it('records a PENDING lot with start price and increment 0, package, payment type and a slug from the title and time', () => {
    const [event] = eventsOf(initialLotState(), create());
    expect(event).toMatchObject({
      type: 'LotCreated',
      data: {
        status: 'PENDING',
        title: 'Ford GT40 Mk I',
        startPriceCents: 0,
        minIncrementCents: 0,
        reserveCents: 150_050,
        packageId: 'premium',
        paymentType: 'HOLD',
        slug: `ford-gt40-mk-i-${T0.getTime()}`,
        sellerId: SELLER,
        brand: 'trackside',
      },
    });
  });

  it.each([
    [{ title: ' ' }, 'Please enter in a title'],
    [{ sellerType: '' }, 'Please select a type'],
    [{ reserve: null }, 'Please enter in a reserve'],
    [{ reserve: '' }, 'Please enter in a reserve'],
    [{ reserve: '10.123' }, 'The reserve must be a non-negative amount with at most two decimals.'],
    [{ reserve: -1 }, 'The reserve must be a non-negative amount with at most two decimals.'],
    [{ reserve: 1_000_000_000 }, 'The reserve cannot exceed 999,999,999.00.'],
    [{ currency: 'dollars' }, 'Please select a currency'],
    [{ address: { country: '' } }, 'Please select a country'],
    [{ userDescription: '' }, 'Please tell us about your vehicle'],
    [{ contactInfo: { name: '', email: 'a@b.co' } }, 'Please enter in your name'],
    [{ contactInfo: { name: 'A', email: 'not-an-email' } }, 'Please enter in a valid email'],
    [{ hasAgreedToTerms: false }, 'You must agree to the terms to continue'],
    [{ packageId: null }, 'No package was selected. Please select the auction package before submitting.'],
  ])('refuses %j with “%s”', (overrides, message) => {
    expect(decide(create(overrides), initialLotState())).toEqual({ ok: false, code: 'auction.validation', message });
  });

  it('defaults the currency to USD and accepts reserve 0 (no reserve)', () => {
    const [event] = eventsOf(initialLotState(), create({ currency: null, reserve: 0 }));
    expect(event).toMatchObject({ data: { currency: 'USD', reserveCents: 0 } });
  });

  it('refuses to create a lot twice', () => {
    expectRejected(given(created()), create(), 'auction.exists');
  });

  it('slugify lowercases, strips accents and punctuation, and appends the timestamp', () => {
    expect(slugify('Citroën DS 21 — Pallas!', T0)).toBe(`citroen-ds-21-pallas-${T0.getTime()}`);
    expect(slugify('!!!', T0)).toBe(`lot-${T0.getTime()}`);
  });
});

describe('updateAuction', () => {
  const update = (actorId: string, changes: Record<string, unknown>): LotCommand => ({ type: 'UpdateLot', actorId, now: T0, changes });

  it('lets the owner change details; the slug stays', () => {
    const state = given(created(), approved);
    const [event] = eventsOf(state, update(SELLER, { title: 'Porsche 911 S', reserve: 5000 }));
    expect(event).toMatchObject({ type: 'LotUpdated', data: { changes: { title: 'Porsche 911 S', reserveCents: 500_000 } } });
    const after = lot(created(), approved, event!);
    expect(after).toMatchObject({ title: 'Porsche 911 S', reserveCents: 500_000, slug: 'porsche-911-1' });
  });

  it('refuses anyone but the owner with the access-denied message', () => {
    const decision = decide(update(ALICE, { title: 'Mine' }), given(created()));
    expect(decision).toEqual({
      ok: false,
      code: 'auction.access.denied',
      message: 'Access denied. You do not have the correct permissions to view this auction.',
    });
  });

  it('refuses changes once the lot is live or ended, and invalid values', () => {
    expectRejected(given(...LIVE_LOT), update(SELLER, { title: 'x' }), 'auction.update.notAllowed');
    expectRejected(given(...LIVE_LOT, ended('SOLD')), update(SELLER, { title: 'x' }), 'auction.update.notAllowed');
    expect(decide(update(SELLER, { title: '' }), given(created()))).toMatchObject({
      ok: false,
      code: 'auction.validation',
      message: 'Please enter in a title',
    });
  });

  it('an update that changes nothing appends nothing', () => {
    expect(decide(update(SELLER, {}), given(created()))).toEqual({ ok: true, events: [] });
  });
});

describe('staff: approve, disapprove', () => {
  it('approves a PENDING lot only', () => {
    expect(eventsOf(given(created()), staffCommand('ApproveLot'))).toMatchObject([{ type: 'LotApproved', data: { approvedBy: STAFF } }]);
    expect(lot(created(), approved).status).toBe('APPROVED');
    expectRejected(given(created(), approved), staffCommand('ApproveLot'), 'auction.invalid.status');
    expectRejected(given(...LIVE_LOT), staffCommand('ApproveLot'), 'auction.invalid.status');
  });

  it('disapproves PENDING, APPROVED or SCHEDULED lots back to PENDING with the reason, never live or ended ones', () => {
    const disapprove: LotCommand = { type: 'DisapproveLot', actorId: STAFF, now: T0, reason: 'Photos missing' };
    const events = eventsOf(given(created(), approved, scheduled()), disapprove);
    expect(events).toMatchObject([{ type: 'LotDisapproved', data: { reason: 'Photos missing' } }]);
    expect(lot(created(), approved, scheduled(), ...events)).toMatchObject({ status: 'PENDING', scheduledStart: null });
    expect(eventsOf(given(created()), disapprove)).toHaveLength(1);
    expectRejected(given(...LIVE_LOT), disapprove, 'auction.invalid.status');
    expectRejected(given(...LIVE_LOT, ended('RESERVE_NOT_MET')), disapprove, 'auction.invalid.status');
  });

  it('answers auction.notFound for any staff command on a lot that does not exist', () => {
    expectRejected(initialLotState(), staffCommand('ApproveLot'), 'auction.notFound');
  });
});

describe('scheduleAuction', () => {
  const approvedLot = given(created(), approved);

  it('schedules an APPROVED lot for exactly dateRangeLimit days (default 7)', () => {
    expect(eventsOf(approvedLot, schedule(START, END))).toEqual([
      {
        type: 'LotScheduled',
        data: { scheduledStart: START.toISOString(), scheduledEnd: END.toISOString(), finalEnd: END.toISOString(), scheduledBy: STAFF },
      },
    ]);
    expect(lot(created(), approved, scheduled()).status).toBe('SCHEDULED');
  });

  it('re-schedules a SCHEDULED lot; refuses PENDING, LIVE and ended lots', () => {
    expect(eventsOf(given(created(), approved, scheduled()), schedule(at(2 * DAY), at(9 * DAY)))).toHaveLength(1);
    expectRejected(given(created()), schedule(START, END), 'auction.network.schedule.error.invalid.status');
    expectRejected(given(...LIVE_LOT), schedule(START, END), 'auction.network.schedule.error.invalid.status');
    expectRejected(given(...LIVE_LOT, ended('SOLD')), schedule(START, END), 'auction.network.schedule.error.invalid.status');
  });

  it.each([
    ['both dates required (start)', null, END, 'auction.network.schedule.error.dates.missing'],
    ['both dates required (end)', START, null, 'auction.network.schedule.error.dates.missing'],
    ['invalid date', new Date('nope'), END, 'auction.network.schedule.error.dates.missing'],
    ['dates equal', START, START, 'auction.network.schedule.error.dates.same'],
    ['end before start', END, START, 'auction.network.schedule.error.dates.end.before.start'],
    ['start in the past', at(-1), at(7 * DAY - 1), 'auction.network.schedule.error.startDate.inPast'],
    ['too short', START, at(7 * DAY), 'auction.network.schedule.error.rangeOutOfBounds'],
    ['too long', START, at(9 * DAY), 'auction.network.schedule.error.rangeOutOfBounds'],
  ])('%s → %s', (_name, start, end, code) => {
    expectRejected(approvedLot, schedule(start as Date | null, end as Date | null), code as string);
  });

  it('checks dates in order: missing, same, end before start, in the past, range', () => {
    // Same dates in the past: "same" wins over "in the past".
    expectRejected(approvedLot, schedule(at(-DAY), at(-DAY)), 'auction.network.schedule.error.dates.same');
    // End before start, both in the past: "end before start" wins.
    expectRejected(approvedLot, schedule(at(-DAY), at(-2 * DAY)), 'auction.network.schedule.error.dates.end.before.start');
    // Start in the past and wrong length: "in the past" wins.
    expectRejected(approvedLot, schedule(at(-DAY), at(DAY)), 'auction.network.schedule.error.startDate.inPast');
  });

  it('tolerates under a minute of difference in the length, not a minute', () => {
    expect(decide(schedule(START, new Date(END.getTime() + SCHEDULE_TOLERANCE_MS - 1)), approvedLot).ok).toBe(true);
    expectRejected(
      approvedLot,
      schedule(START, new Date(END.getTime() + SCHEDULE_TOLERANCE_MS)),
      'auction.network.schedule.error.rangeOutOfBounds',
    );
  });

  it('uses the brand’s dateRangeLimit', () => {
    expect(decide(schedule(START, at(4 * DAY), T0, 3), approvedLot).ok).toBe(true);
    expectRejected(approvedLot, schedule(START, END, T0, 3), 'auction.network.schedule.error.rangeOutOfBounds');
  });
});

describe('network sharing', () => {
  it('shares a lot that is neither live nor ended; sharing twice is a no-op', () => {
    expect(eventsOf(given(created(), approved), staffCommand('ShareLot'))).toMatchObject([{ type: 'LotShared' }]);
    expect(lot(created(), shared).shared).toBe(true);
    expect(eventsOf(given(created(), shared), staffCommand('ShareLot'))).toEqual([]);
    expectRejected(given(...LIVE_LOT), staffCommand('ShareLot'), 'auction.network.share.error.auctionLive');
    expectRejected(given(...LIVE_LOT, ended('SOLD')), staffCommand('ShareLot'), 'auction.network.share.error.auctionEnded');
    expectRejected(given(...LIVE_LOT, ended('RESERVE_NOT_MET')), staffCommand('ShareLot'), 'auction.network.share.error.auctionEnded');
  });

  it('hosts accept and decline; the owner brand cannot host; unshared lots cannot be answered', () => {
    const state = given(created(), approved, shared);
    expect(eventsOf(state, hostCommand('AcceptNetworkLot', 'jewelry'))).toMatchObject([
      { type: 'LotHostAccepted', data: { hostBrand: 'jewelry' } },
    ]);
    expect(lot(created(), approved, shared, hostAccepted('jewelry')).hosts).toEqual(['jewelry']);
    expect(eventsOf(given(created(), approved, shared, hostAccepted('jewelry')), hostCommand('AcceptNetworkLot', 'jewelry'))).toEqual([]);
    const declined = eventsOf(state, hostCommand('DeclineNetworkLot', 'jewelry'));
    expect(declined).toMatchObject([{ type: 'LotHostDeclined', data: { hostBrand: 'jewelry' } }]);
    expect(lot(created(), approved, shared, ...declined).hostsDeclined).toEqual(['jewelry']);
    expectRejected(state, hostCommand('AcceptNetworkLot', 'trackside'), 'auction.network.invalid.host');
    expectRejected(given(created(), approved), hostCommand('AcceptNetworkLot', 'jewelry'), 'auction.network.notShared');
    expectRejected(given(created(), approved), hostCommand('DeclineNetworkLot', 'jewelry'), 'auction.network.notShared');
    expectRejected(
      given(created(), approved, shared, scheduled(), live, ended('SOLD')),
      hostCommand('AcceptNetworkLot', 'jewelry'),
      'auction.network.share.error.auctionEnded',
    );
  });

  it('removal from the network is refused once another host accepted, and while live', () => {
    expect(eventsOf(given(created(), shared), staffCommand('UnshareLot'))).toMatchObject([{ type: 'LotUnshared' }]);
    expect(lot(created(), shared, ...eventsOf(given(created(), shared), staffCommand('UnshareLot'))).shared).toBe(false);
    expectRejected(given(created(), shared, hostAccepted('jewelry')), staffCommand('UnshareLot'), 'auction.network.share.error.hasHosts');
    expectRejected(
      given(created(), approved, shared, scheduled(), live),
      staffCommand('UnshareLot'),
      'auction.network.share.error.auctionLive',
    );
    expect(eventsOf(given(created()), staffCommand('UnshareLot'))).toEqual([]);
  });
});

describe('scheduler commands: StartLot and EndLot', () => {
  it('opens a SCHEDULED lot at its start, not before', () => {
    const state = given(created(), approved, scheduled());
    expectRejected(state, { type: 'StartLot', now: new Date(START.getTime() - 1) }, 'auction.start.notDue');
    expect(eventsOf(state, { type: 'StartLot', now: START })).toEqual([{ type: 'LotWentLive', data: { wentLiveAt: START.toISOString() } }]);
    expect(lot(...LIVE_LOT).status).toBe('LIVE');
    expectRejected(given(...LIVE_LOT), { type: 'StartLot', now: START }, 'auction.invalid.status');
    expectRejected(given(created(), approved), { type: 'StartLot', now: START }, 'auction.invalid.status');
  });

  it('ends a LIVE lot at its final end date, respecting extensions; a second end is refused', () => {
    expectRejected(given(...LIVE_LOT), { type: 'EndLot', now: new Date(END.getTime() - 1) }, 'auction.end.notDue');
    const extendedEnd = new Date(END.getTime() + 90_000);
    const extended = given(...LIVE_LOT, {
      type: 'LotEndExtended',
      data: { previousEnd: END.toISOString(), newEnd: extendedEnd.toISOString(), bidId: 'b' },
    });
    expectRejected(extended, { type: 'EndLot', now: END }, 'auction.end.notDue');
    expect(eventsOf(extended, { type: 'EndLot', now: extendedEnd })).toMatchObject([{ type: 'LotEnded' }]);
    expectRejected(given(...LIVE_LOT, ended('SOLD')), { type: 'EndLot', now: END }, 'auction.invalid.status');
  });

  it.each([
    ['a positive reserve met exactly', 50_000, [bid('b1', ALICE, 50_000, true)], 'SOLD', 50_000, ALICE],
    ['a positive reserve exceeded', 50_000, [bid('b1', ALICE, 40_000, true), bid('b2', BOB, 60_000)], 'SOLD', 60_000, BOB],
    ['no reserve and one bid', 0, [bid('b1', ALICE, 100, true)], 'SOLD', 100, ALICE],
    ['a reserve not met', 50_000, [bid('b1', ALICE, 49_999, true)], 'RESERVE_NOT_MET', 49_999, null],
    ['no reserve and no bids', 0, [], 'RESERVE_NOT_MET', null, null],
    ['a reserve and no bids', 50_000, [], 'RESERVE_NOT_MET', null, null],
  ] as const)('ends with %s → %s', (_name, reserveCents, bids, status, finalPriceCents, winnerId) => {
    const state = given(created({ reserveCents }), approved, scheduled(), live, ...bids);
    expect(eventsOf(state, { type: 'EndLot', now: END })).toEqual([
      { type: 'LotEnded', data: { status, finalPriceCents, winnerId, endedAt: END.toISOString() } },
    ]);
    expect(endOutcome(state as ExistingLot)).toBe(status);
  });
});

describe('createBid: rules and codes', () => {
  const liveLot = given(...LIVE_LOT);
  const withTop = given(...LIVE_LOT, bid('b1', BOB, 10_000, true));

  it('accepts a first bid above the start price', () => {
    const decision = decide(placeBid({ amount: 0.01 }), liveLot);
    expect(decision).toEqual({
      ok: true,
      events: [
        {
          type: 'BidPlaced',
          data: { bidId: 'bid-new', bidderId: ALICE, amountCents: 1, isFirstBid: true, placedAt: at(3 * DAY).toISOString() },
        },
      ],
      result: { bidId: 'bid-new', bidderId: ALICE, amountCents: 1, isFirstBid: true, placedAt: at(3 * DAY).toISOString(), newEnd: null },
    });
  });

  it('bid.invalid.no.auction for a lot that does not exist', () => {
    expectRejected(initialLotState(), placeBid(), 'bid.invalid.no.auction');
  });

  it('bid.invalid.own.auction for the seller', () => {
    expectRejected(liveLot, placeBid({ bidderId: SELLER }), 'bid.invalid.own.auction');
  });

  it.each([
    ['PENDING', [created()], 'bid.invalid.auction.status.pending'],
    ['APPROVED', [created(), approved], 'bid.invalid.auction.status.pending'],
    ['SCHEDULED', [created(), approved, scheduled()], 'bid.invalid.auction.status.scheduled'],
    ['SOLD', [...LIVE_LOT, ended('SOLD')], 'bid.invalid.auction.status.sold'],
    ['RESERVE_NOT_MET', [...LIVE_LOT, ended('RESERVE_NOT_MET')], 'bid.invalid.auction.status.reserve_not_met'],
  ] as const)('status %s → %s', (_status, events, code) => {
    expectRejected(given(...events), placeBid(), code);
  });

  it('bids only between the start and the final end date (end exclusive)', () => {
    expectRejected(liveLot, placeBid({ now: new Date(START.getTime() - 1) }), 'bid.invalid.date.start.before');
    expect(decide(placeBid({ now: START }), liveLot).ok).toBe(true);
    expect(decide(placeBid({ now: new Date(END.getTime() - 1) }), liveLot).ok).toBe(true);
    expectRejected(liveLot, placeBid({ now: END }), 'bid.invalid.date.end.after');
    expectRejected(liveLot, placeBid({ now: new Date(END.getTime() + DAY) }), 'bid.invalid.date.end.after');
  });

  it('the first bid must exceed the start price (equal is too low)', () => {
    expectRejected(liveLot, placeBid({ amount: 0 }), 'bid.invalid.firstBid.tooLow');
  });

  it('later bids must exceed the top bid, then meet the minimum increment', () => {
    expectRejected(withTop, placeBid({ amount: 100 }), 'bid.invalid.amount.tooLow');
    expectRejected(withTop, placeBid({ amount: 99.99 }), 'bid.invalid.amount.tooLow');
    // No increment on the lot: the brand default (1.00) applies.
    expectRejected(withTop, placeBid({ amount: 100.99 }), 'bid.invalid.increment.notMet');
    expect(decide(placeBid({ amount: 101 }), withTop).ok).toBe(true);
    // A brand default of 0 falls back to "plus 1".
    expectRejected(withTop, placeBid({ amount: 100.5, defaultMinimumIncrementCents: 0 }), 'bid.invalid.increment.notMet');
    expect(decide(placeBid({ amount: 101, defaultMinimumIncrementCents: 0 }), withTop).ok).toBe(true);
    // The lot's own increment wins over the brand default.
    const stepped = given(created({ minIncrementCents: 2_500 }), approved, scheduled(), live, bid('b1', BOB, 10_000, true));
    expectRejected(stepped, placeBid({ amount: 124.99 }), 'bid.invalid.increment.notMet');
    expect(decide(placeBid({ amount: 125 }), stepped).ok).toBe(true);
    expect(minimumNextBidCents(stepped as ExistingLot, 100)).toBe(12_500);
    expect(minimumNextBidCents(liveLot as ExistingLot, 100)).toBe(1);
  });

  it('accepts at most 999,999,999.00', () => {
    expect(decide(placeBid({ amount: 999_999_999 }), liveLot).ok).toBe(true);
    expect(decide(placeBid({ amount: '999999999.00' }), liveLot).ok).toBe(true);
    expectRejected(liveLot, placeBid({ amount: '999999999.01' }), 'bid.invalid.maxValue.exceeded');
    expectRejected(liveLot, placeBid({ amount: 1e15 }), 'bid.invalid.maxValue.exceeded');
    expectRejected(liveLot, placeBid({ amount: 1e300 }), 'bid.invalid.maxValue.exceeded');
    expectRejected(liveLot, placeBid({ amount: '123456789012345678901234567890' }), 'bid.invalid.maxValue.exceeded');
  });

  it.each([10.005, '10.001', -5, '-0.01', Number.NaN, Number.POSITIVE_INFINITY, 'ten', '', '1e3', '12,50', '0x10'])(
    'refuses malformed amount %j with bid.invalid',
    (amount) => {
      expectRejected(liveLot, placeBid({ amount }), 'bid.invalid');
    },
  );

  it('the same bid id twice records one bid and answers the same result; another amount under that id is refused', () => {
    const first = decide(placeBid({ bidId: 'b-1', amount: 50 }), liveLot);
    if (!first.ok) throw new Error('first bid refused');
    const after = first.events.reduce(evolve, liveLot);
    const again = decide(placeBid({ bidId: 'b-1', amount: 50, now: at(3 * DAY + 5000) }), after);
    expect(again).toEqual({ ok: true, events: [], result: { ...first.result, newEnd: null } });
    expectRejected(after, placeBid({ bidId: 'b-1', amount: 60 }), 'bid.invalid');
    expectRejected(after, placeBid({ bidId: 'b-1', amount: 50, bidderId: BOB }), 'bid.invalid');
    // Even after the lot ended, a retry of an accepted bid answers the same.
    const endedLot = given(...LIVE_LOT, ...first.events, ended('SOLD'));
    expect(decide(placeBid({ bidId: 'b-1', amount: 50 }), endedLot)).toMatchObject({ ok: true, events: [] });
  });

  describe('check order (docs/decisions.md "Bid validation order")', () => {
    const pending = given(created());
    it.each([
      ['malformed beats max', liveLot, { amount: '1000000000.001' }, 'bid.invalid'],
      ['malformed beats own auction', liveLot, { amount: 10.005, bidderId: SELLER }, 'bid.invalid'],
      ['malformed beats status', pending, { amount: -1 }, 'bid.invalid'],
      ['max beats own auction', liveLot, { amount: 1_000_000_000, bidderId: SELLER }, 'bid.invalid.maxValue.exceeded'],
      ['max beats status', pending, { amount: 1_000_000_000 }, 'bid.invalid.maxValue.exceeded'],
      ['own auction beats status', pending, { bidderId: SELLER }, 'bid.invalid.own.auction'],
      ['status beats dates', given(created(), approved, scheduled()), { now: at(-DAY) }, 'bid.invalid.auction.status.scheduled'],
      ['dates beat amount (after end)', liveLot, { now: END, amount: 0 }, 'bid.invalid.date.end.after'],
      ['dates beat amount (before start)', liveLot, { now: at(0), amount: 0 }, 'bid.invalid.date.start.before'],
      ['not above top beats increment', withTop, { amount: 100 }, 'bid.invalid.amount.tooLow'],
    ] as const)('%s', (_name, state, overrides, code) => {
      expectRejected(state, placeBid(overrides), code);
    });
  });
});

describe('sniper protection', () => {
  const liveLot = given(...LIVE_LOT);

  it('a bid within the window moves the final end to bid time + window', () => {
    const now = new Date(END.getTime() - 30_000);
    const decision = decide(placeBid({ now }), liveLot);
    const newEnd = new Date(now.getTime() + 120_000).toISOString();
    expect(decision).toMatchObject({
      ok: true,
      events: [{ type: 'BidPlaced' }, { type: 'LotEndExtended', data: { previousEnd: END.toISOString(), newEnd, bidId: 'bid-new' } }],
      result: { newEnd },
    });
    if (!decision.ok) return;
    expect(lot(...LIVE_LOT, ...decision.events).finalEnd).toBe(newEnd);
  });

  it('a bid exactly one window before the end does not extend; one millisecond later does', () => {
    expect(decide(placeBid({ now: new Date(END.getTime() - 120_000) }), liveLot)).toMatchObject({ events: [{ type: 'BidPlaced' }] });
    expect(decide(placeBid({ now: new Date(END.getTime() - 119_999) }), liveLot)).toMatchObject({
      events: [{ type: 'BidPlaced' }, { type: 'LotEndExtended' }],
    });
  });

  it('uses the brand’s window; 0 disables protection', () => {
    const now = new Date(END.getTime() - 200_000);
    expect(decide(placeBid({ now, sniperProtectionSeconds: 300 }), liveLot)).toMatchObject({
      events: [{ type: 'BidPlaced' }, { type: 'LotEndExtended', data: { newEnd: new Date(now.getTime() + 300_000).toISOString() } }],
    });
    expect(decide(placeBid({ now: new Date(END.getTime() - 1), sniperProtectionSeconds: 0 }), liveLot)).toMatchObject({
      events: [{ type: 'BidPlaced' }],
    });
  });

  it('extensions chain, and a bid after the original end but before the extended end is accepted', () => {
    const first = decide(placeBid({ bidId: 'a', amount: 10, now: new Date(END.getTime() - 10_000) }), liveLot);
    if (!first.ok) throw new Error('refused');
    const state = first.events.reduce(evolve, liveLot);
    const late = new Date(END.getTime() + 60_000);
    const second = decide(placeBid({ bidId: 'b', bidderId: BOB, amount: 20, now: late }), state);
    expect(second).toMatchObject({
      ok: true,
      events: [{ type: 'BidPlaced' }, { type: 'LotEndExtended', data: { newEnd: new Date(late.getTime() + 120_000).toISOString() } }],
    });
  });
});

describe('evolve and the reserve meter', () => {
  it('folds bids into top bid, count and winner-independent state', () => {
    const state = lot(...LIVE_LOT, bid('b1', ALICE, 1_000, true), bid('b2', BOB, 2_000), bid('b3', ALICE, 3_000));
    expect(state).toMatchObject({ status: 'LIVE', bidCount: 3, topBid: { bidId: 'b3', bidderId: ALICE, amountCents: 3_000 } });
    expect(Object.keys(state.bids)).toEqual(['b1', 'b2', 'b3']);
    expect(
      lot(...LIVE_LOT, bid('b1', ALICE, 1_000, true), {
        type: 'LotEnded',
        data: { status: 'SOLD', finalPriceCents: 1_000, winnerId: ALICE, endedAt: END.toISOString() },
      }),
    ).toMatchObject({
      status: 'SOLD',
      winnerId: ALICE,
      finalPriceCents: 1_000,
    });
  });

  it('reserve percentage is floored to two decimals and capped at 100; no reserve is 100 once bid on', () => {
    const withReserve = (top: number | null) =>
      lot(created({ reserveCents: 30_000 }), approved, scheduled(), live, ...(top === null ? [] : [bid('b', ALICE, top, true)]));
    expect(reservePercentage(withReserve(null))).toBe(0);
    expect(reservePercentage(withReserve(10_000))).toBe(33.33);
    expect(reservePercentage(withReserve(29_999))).toBe(99.99);
    expect(reservePercentage(withReserve(30_000))).toBe(100);
    expect(reservePercentage(withReserve(90_000))).toBe(100);
    expect(isReserveMet(withReserve(29_999))).toBe(false);
    expect(isReserveMet(withReserve(30_000))).toBe(true);
    const noReserve = (bids: LotEvent[]) => lot(...LIVE_LOT, ...bids);
    expect(reservePercentage(noReserve([]))).toBe(0);
    expect(isReserveMet(noReserve([]))).toBe(false);
    expect(reservePercentage(noReserve([bid('b', ALICE, 1, true)]))).toBe(100);
    expect(isReserveMet(noReserve([bid('b', ALICE, 1, true)]))).toBe(true);
  });
});
