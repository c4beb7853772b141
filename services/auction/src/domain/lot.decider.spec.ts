import { describe, expect, it } from 'vitest';
import { messageFor, type AuctionErrorCode } from '@trackside/contracts';
import {
  decide,
  endOutcome,
  evolve,
  hasReserve,
  initialLotState,
  isReserveMet,
  minimumIncrementCents,
  minimumNextBidCents,
  reservePercentage,
  SCHEDULE_TOLERANCE_MS,
  slugify,
  type AcceptedBid,
  type Decision,
  type ExistingLot,
  type LotCommand,
  type LotEvent,
  type LotInput,
  type LotState,
  type LotStatus,
  type PaymentType,
} from './lot.decider';
import { MAX_BID_CENTS } from './money';
import { bidsRecord, EMPTY_BID_LOG, listBids } from './bid-log';

// Given / when / then over the pure decider. State is only ever built by folding events through
// `evolve` from `initialLotState()`; time is always on the command.

// ---------------------------------------------------------------------------------------------
// Clock and actors

const SECOND = 1_000;
const DAY = 86_400_000;
const T0 = new Date('2026-06-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);
const plus = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
const START = at(DAY);
const END = at(8 * DAY); // START + 7 days, the default dateRangeLimit
const DURING = at(3 * DAY);

const OWNER_BRAND = 'trackside';
const HOST = 'jewelry';
const OTHER_HOST = 'classics';
const SELLER = 'seller-1';
const STAFF = 'staff-1';
const HOST_STAFF = 'host-staff-1';
const ALICE = 'alice';
const BOB = 'bob';
const CAROL = 'carol';

// ---------------------------------------------------------------------------------------------
// Messages: the spec's own words where spec 001 section 8 gives them, else the catalogue

const SPEC_MESSAGES: Partial<Record<AuctionErrorCode, string>> = {
  'bid.invalid.own.auction': 'You cannot bid on your own auction',
  'bid.invalid.no.auction': "You cannot bid on an auction that doesn't exist",
  'bid.invalid.auction.status.scheduled': "Auction has not started yet. Bidding isn't available yet",
  'bid.invalid.auction.status.pending': "Auction is not available yet. Bidding isn't available yet",
  'bid.invalid.auction.status.sold': 'Auction has sold. Not accepting any further bids.',
  'bid.invalid.auction.status.reserve_not_met': 'Auction has ended. Not accepting any further bids.',
  'bid.invalid.date.start.before': "Cannot bid on an auction that hasn't started yet.",
  'bid.invalid.date.end.after': 'Cannot bid on an auction that has ended already.',
  'bid.invalid.firstBid.tooLow': 'Bid does not exceed the auction starting price.',
  'bid.invalid.increment.notMet': 'Bid does not meet or exceed the minimum increment amount.',
  'bid.invalid.amount.tooLow': 'Bid does not exceed the highest current bid.',
  'bid.invalid.maxValue.exceeded':
    'The bid amount meets or exceeds the allowable bid limit of 999,999,999.00. Please lower your bid amount.',
  'bid.invalid': 'You cannot bid at this moment.',
  'auction.access.denied': 'Access denied. You do not have the correct permissions to view this auction.',
  'auction.notFound': "This auction is not available yet or doesn't exist. Please try again later.",
};

const refused = (code: AuctionErrorCode): Decision => ({ ok: false, code, message: SPEC_MESSAGES[code] ?? messageFor(code) });
const invalid = (message: string): Decision => ({ ok: false, code: 'auction.validation', message });
const accepted = (...events: LotEvent[]): Decision => ({ ok: true, events });

// ---------------------------------------------------------------------------------------------
// Given: events

type CreatedData = Extract<LotEvent, { type: 'LotCreated' }>['data'];

const created = (overrides: Partial<CreatedData> = {}): LotEvent => ({
  type: 'LotCreated',
  data: {
    lotId: 'lot-1',
    brand: OWNER_BRAND,
    sellerId: SELLER,
    slug: `porsche-911-${T0.getTime()}`,
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
const approved: LotEvent = { type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: T0.toISOString() } };
const scheduled = (start = START, end = END): LotEvent => ({
  type: 'LotScheduled',
  data: { scheduledStart: start.toISOString(), scheduledEnd: end.toISOString(), finalEnd: end.toISOString(), scheduledBy: STAFF },
});
const shared: LotEvent = { type: 'LotShared', data: { sharedBy: STAFF, sharedAt: T0.toISOString() } };
const hostAccepted = (hostBrand: string): LotEvent => ({
  type: 'LotHostAccepted',
  data: { hostBrand, acceptedBy: HOST_STAFF, acceptedAt: T0.toISOString() },
});
const hostDeclined = (hostBrand: string): LotEvent => ({
  type: 'LotHostDeclined',
  data: { hostBrand, declinedBy: HOST_STAFF, declinedAt: T0.toISOString() },
});
const wentLive = (when = START): LotEvent => ({ type: 'LotWentLive', data: { wentLiveAt: when.toISOString() } });
const acceptedBid = (bidId: string, bidderId: string, amountCents: number, isFirstBid = false, placedAt = DURING): AcceptedBid => ({
  bidId,
  bidderId,
  amountCents,
  isFirstBid,
  placedAt: placedAt.toISOString(),
});
const bidPlaced = (bidId: string, bidderId: string, amountCents: number, isFirstBid = false, placedAt = DURING): LotEvent => ({
  type: 'BidPlaced',
  data: acceptedBid(bidId, bidderId, amountCents, isFirstBid, placedAt),
});
const endExtended = (previousEnd: Date, newEnd: Date, bidId: string): LotEvent => ({
  type: 'LotEndExtended',
  data: { previousEnd: previousEnd.toISOString(), newEnd: newEnd.toISOString(), bidId },
});
const canceled: LotEvent = {
  type: 'LotCanceled',
  data: { reason: 'Seller withdrew the car', canceledBy: STAFF, canceledAt: DURING.toISOString(), previousStatus: 'LIVE' },
};
const ended = (status: 'SOLD' | 'RESERVE_NOT_MET', finalPriceCents: number | null = null, winnerId: string | null = null): LotEvent => ({
  type: 'LotEnded',
  data: { status, finalPriceCents, winnerId, endedAt: END.toISOString() },
});

const given = (...events: LotEvent[]): LotState => events.reduce(evolve, initialLotState());
const existing = (...events: LotEvent[]): ExistingLot => {
  const state = given(...events);
  if (state.status === 'Empty') throw new Error('no LotCreated in the given events');
  return state;
};

const STATUSES: readonly LotStatus[] = ['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE', 'SOLD', 'RESERVE_NOT_MET', 'CANCELED'];
const ENDED: readonly LotStatus[] = ['SOLD', 'RESERVE_NOT_MET'];
const LIVE_LOT: LotEvent[] = [created(), approved, scheduled(), wentLive()];

/** The events that bring a lot to `status`, optionally shared to the network before it was scheduled. */
function historyOf(status: LotStatus, options: { shared?: boolean } = {}): LotEvent[] {
  const head = options.shared ? [created(), shared] : [created()];
  switch (status) {
    case 'PENDING':
      return head;
    case 'APPROVED':
      return [...head, approved];
    case 'SCHEDULED':
      return [...head, approved, scheduled()];
    case 'LIVE':
      return [...head, approved, scheduled(), wentLive()];
    case 'SOLD':
      return [...head, approved, scheduled(), wentLive(), bidPlaced('b0', BOB, 10_000, true), ended('SOLD', 10_000, BOB)];
    case 'RESERVE_NOT_MET':
      return [...head, approved, scheduled(), wentLive(), ended('RESERVE_NOT_MET')];
    case 'CANCELED':
      return [...head, approved, scheduled(), wentLive(), canceled];
  }
}
const lotIn = (status: LotStatus, options: { shared?: boolean } = {}): LotState => given(...historyOf(status, options));

// ---------------------------------------------------------------------------------------------
// When: commands

const approve = (now = T0, confirmUnpaid?: boolean): LotCommand => ({ type: 'ApproveLot', actorId: STAFF, now, confirmUnpaid });
const disapprove = (reason: string | null = 'Photos missing', now = T0): LotCommand => ({
  type: 'DisapproveLot',
  actorId: STAFF,
  now,
  reason,
});
const schedule = (start: Date | null = START, end: Date | null = END, now = T0, dateRangeLimitDays = 7): LotCommand => ({
  type: 'ScheduleLot',
  actorId: STAFF,
  now,
  start,
  end,
  dateRangeLimitDays,
});
const share = (now = T0): LotCommand => ({ type: 'ShareLot', actorId: STAFF, now });
const unshare = (now = T0): LotCommand => ({ type: 'UnshareLot', actorId: STAFF, now });
const acceptLot = (hostBrand = HOST, now = T0): LotCommand => ({ type: 'AcceptNetworkLot', actorId: HOST_STAFF, now, hostBrand });
const declineLot = (hostBrand = HOST, now = T0): LotCommand => ({ type: 'DeclineNetworkLot', actorId: HOST_STAFF, now, hostBrand });
const startLot = (now = START): LotCommand => ({ type: 'StartLot', now });
const endLot = (now = END): LotCommand => ({ type: 'EndLot', now });
const update = (changes: LotInput, actorId = SELLER, now = T0): LotCommand => ({ type: 'UpdateLot', actorId, now, changes });

type PlaceBid = Extract<LotCommand, { type: 'PlaceBid' }>;
const placeBid = (overrides: Partial<PlaceBid> = {}): PlaceBid => ({
  type: 'PlaceBid',
  bidId: 'bid-1',
  bidderId: ALICE,
  amount: '150.00',
  now: DURING,
  sniperProtectionSeconds: 120, // brand default (spec 001 section 9)
  defaultMinimumIncrementCents: 100, // brand default bidMinimumIncrement 1
  ...overrides,
});

type CreateLot = Extract<LotCommand, { type: 'CreateLot' }>;
const createLot = (overrides: Partial<CreateLot> = {}): CreateLot => ({
  type: 'CreateLot',
  lotId: 'lot-9',
  brand: OWNER_BRAND,
  sellerId: SELLER,
  now: T0,
  title: 'Ford GT40 Mk I',
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
});

/** Then: the events of an accepted decision (fails the test with the code otherwise). */
function eventsOf(decision: Decision): LotEvent[] {
  if (!decision.ok) throw new Error(`expected acceptance, got ${decision.code}: ${decision.message}`);
  return decision.events;
}

// =============================================================================================

describe('error messages', () => {
  it.each(Object.entries(SPEC_MESSAGES))('%s carries the spec 001 wording', (code, message) => {
    expect(messageFor(code)).toBe(message);
  });
});

describe('a lot that does not exist', () => {
  const empty = initialLotState();

  it.each<[string, LotCommand]>([
    ['UpdateLot', update({ title: 'x' })],
    ['ApproveLot', approve()],
    ['DisapproveLot', disapprove()],
    ['ScheduleLot', schedule()],
    ['ShareLot', share()],
    ['UnshareLot', unshare()],
    ['AcceptNetworkLot', acceptLot()],
    ['DeclineNetworkLot', declineLot()],
    ['StartLot', startLot()],
    ['EndLot', endLot()],
  ])('%s is refused with auction.notFound', (_name, command) => {
    expect(decide(command, empty)).toEqual(refused('auction.notFound'));
  });

  it('a bid is refused with bid.invalid.no.auction', () => {
    expect(decide(placeBid(), empty)).toEqual(refused('bid.invalid.no.auction'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('createAuction (CreateLot)', () => {
  it('records a PENDING lot with start price and increment 0, the package, the payment type and a slug', () => {
    expect(decide(createLot({ title: '  Ford GT40 Mk I ' }), initialLotState())).toEqual(
      accepted({
        type: 'LotCreated',
        data: {
          title: 'Ford GT40 Mk I',
          sellerType: 'Dealer',
          reserveCents: 150_050,
          currency: 'USD',
          address: { country: 'GB' },
          userDescription: 'Le Mans history',
          contactInfo: { name: 'Dana', email: 'dana@example.test', phone: null },
          hasAgreedToTerms: true,
          description: null,
          excerpt: null,
          dataFields: {},
          serviceSnappr: false,
          images: {},
          lotId: 'lot-9',
          brand: OWNER_BRAND,
          sellerId: SELLER,
          slug: `ford-gt40-mk-i-${T0.getTime()}`,
          status: 'PENDING',
          startPriceCents: 0,
          minIncrementCents: 0,
          paymentStatus: 'UNPAID',
          paymentType: 'HOLD',
          packageId: 'premium',
          templateType: null,
          reserveMeterEnabled: true,
          createdAt: T0.toISOString(),
        },
      }),
    );
  });

  it('keeps the optional details it is given', () => {
    const images = { exterior: ['img-1', 'img-2'], coverImage: 'img-1' };
    const dataFields = { make: { label: 'Make', value: 'Ford', order: 1 }, year: { label: 'Year', value: 1966 } };
    const [event] = eventsOf(
      decide(
        createLot({
          description: 'Long text',
          excerpt: 'Short',
          dataFields,
          images,
          serviceSnappr: true,
          contactInfo: { name: ' Dana ', email: ' dana@example.test ', phone: ' +44 1 ' },
          address: { country: ' GB ', city: 'Leeds' },
          templateType: 'racing',
          paymentStatus: 'PAID',
        }),
        initialLotState(),
      ),
    );
    expect(event).toMatchObject({
      type: 'LotCreated',
      data: {
        description: 'Long text',
        excerpt: 'Short',
        dataFields,
        images,
        serviceSnappr: true,
        contactInfo: { name: 'Dana', email: 'dana@example.test', phone: '+44 1' },
        address: { country: 'GB', city: 'Leeds' },
        templateType: 'racing',
        paymentStatus: 'PAID',
      },
    });
  });

  it.each<PaymentType>(['HOLD', 'ONE_TIME', 'MONTHLY', 'YEARLY'])('records payment type %s', (paymentType) => {
    expect(eventsOf(decide(createLot({ paymentType }), initialLotState()))).toMatchObject([{ data: { paymentType } }]);
  });

  it('records no payment type when none is given, and a trimmed package id', () => {
    expect(eventsOf(decide(createLot({ paymentType: undefined, packageId: ' gold ' }), initialLotState()))).toMatchObject([
      { data: { paymentType: null, packageId: 'gold' } },
    ]);
  });

  it.each<[string, string | number, number]>([
    ['a decimal string', '1500.50', 150_050],
    ['a number', 1500.5, 150_050],
    ['0 (no reserve)', 0, 0],
    ['"0.00" (no reserve)', '0.00', 0],
    ['the maximum', '999999999.00', MAX_BID_CENTS],
  ])('parses the reserve from %s', (_name, reserve, reserveCents) => {
    expect(eventsOf(decide(createLot({ reserve }), initialLotState()))).toMatchObject([{ data: { reserveCents } }]);
  });

  it('defaults the currency to USD', () => {
    expect(eventsOf(decide(createLot({ currency: null }), initialLotState()))).toMatchObject([{ data: { currency: 'USD' } }]);
    expect(eventsOf(decide(createLot({ currency: undefined }), initialLotState()))).toMatchObject([{ data: { currency: 'USD' } }]);
  });

  it.each<[string, Partial<CreateLot>, string]>([
    ['a missing title', { title: undefined }, 'Please enter in a title'],
    ['a blank title', { title: '   ' }, 'Please enter in a title'],
    ['a missing seller type', { sellerType: null }, 'Please select a type'],
    ['an empty seller type', { sellerType: '' }, 'Please select a type'],
    ['a missing reserve', { reserve: undefined }, 'Please enter in a reserve'],
    ['a null reserve', { reserve: null }, 'Please enter in a reserve'],
    ['an empty reserve', { reserve: '' }, 'Please enter in a reserve'],
    ['a reserve with three decimals', { reserve: '10.123' }, 'The reserve must be a non-negative amount with at most two decimals.'],
    ['a negative reserve', { reserve: -1 }, 'The reserve must be a non-negative amount with at most two decimals.'],
    ['a non-numeric reserve', { reserve: 'lots' }, 'The reserve must be a non-negative amount with at most two decimals.'],
    ['a reserve over the maximum', { reserve: '999999999.01' }, 'The reserve cannot exceed 999,999,999.00.'],
    ['a reserve far over the maximum', { reserve: 1e15 }, 'The reserve cannot exceed 999,999,999.00.'],
    ['a currency that is not a code', { currency: 'dollars' }, 'Please select a currency'],
    ['a lower-case currency', { currency: 'usd' }, 'Please select a currency'],
    ['no address', { address: undefined }, 'Please select a country'],
    ['a blank country', { address: { country: ' ', city: 'Leeds' } }, 'Please select a country'],
    ['a missing vehicle description', { userDescription: undefined }, 'Please tell us about your vehicle'],
    ['a blank vehicle description', { userDescription: ' ' }, 'Please tell us about your vehicle'],
    ['no contact info', { contactInfo: undefined }, 'Please enter in your name'],
    ['a blank contact name', { contactInfo: { name: ' ', email: 'a@b.co' } }, 'Please enter in your name'],
    ['a missing email', { contactInfo: { name: 'A' } }, 'Please enter in your email'],
    ['an invalid email', { contactInfo: { name: 'A', email: 'not-an-email' } }, 'Please enter in a valid email'],
    ['terms not agreed', { hasAgreedToTerms: false }, 'You must agree to the terms to continue'],
    ['terms missing', { hasAgreedToTerms: undefined }, 'You must agree to the terms to continue'],
    ['no package', { packageId: null }, 'No package was selected. Please select the auction package before submitting.'],
    ['a blank package', { packageId: ' ' }, 'No package was selected. Please select the auction package before submitting.'],
  ])('refuses %s', (_name, overrides, message) => {
    expect(decide(createLot(overrides), initialLotState())).toEqual(invalid(message));
  });

  it('reports the first broken field in wizard order: title, type, reserve, currency, country, description, contact, terms, package', () => {
    const valid = createLot();
    const steps: [fix: Partial<CreateLot>, message: string][] = [
      [{ title: valid.title }, 'Please enter in a title'],
      [{ sellerType: valid.sellerType }, 'Please select a type'],
      [{ reserve: valid.reserve }, 'Please enter in a reserve'],
      [{ currency: valid.currency }, 'Please select a currency'],
      [{ address: valid.address }, 'Please select a country'],
      [{ userDescription: valid.userDescription }, 'Please tell us about your vehicle'],
      [{ contactInfo: valid.contactInfo }, 'Please enter in your name'],
      [{ hasAgreedToTerms: true }, 'You must agree to the terms to continue'],
      [{ packageId: valid.packageId }, 'No package was selected. Please select the auction package before submitting.'],
    ];
    // Everything broken at once, then fixed one field at a time: each time the next message is reported.
    let command = createLot({
      title: '',
      sellerType: '',
      reserve: '',
      currency: 'x',
      address: {},
      userDescription: '',
      contactInfo: {},
      hasAgreedToTerms: false,
      packageId: null,
    });
    for (const [fix, message] of steps) {
      expect(decide(command, initialLotState())).toEqual(invalid(message));
      command = { ...command, ...fix };
    }
    expect(decide(command, initialLotState()).ok).toBe(true);
  });

  it('refuses to create a lot that already exists', () => {
    expect(decide(createLot(), given(created()))).toEqual(refused('auction.exists'));
  });

  it('folds into a PENDING lot with no dates, bids or hosts', () => {
    const events = eventsOf(decide(createLot(), initialLotState()));
    expect(given(...events)).toEqual({
      lotId: 'lot-9',
      brand: OWNER_BRAND,
      sellerId: SELLER,
      slug: `ford-gt40-mk-i-${T0.getTime()}`,
      status: 'PENDING',
      title: 'Ford GT40 Mk I',
      sellerType: 'Dealer',
      description: null,
      userDescription: 'Le Mans history',
      excerpt: null,
      reserveCents: 150_050,
      currency: 'USD',
      dataFields: {},
      address: { country: 'GB' },
      contactInfo: { name: 'Dana', email: 'dana@example.test', phone: null },
      hasAgreedToTerms: true,
      serviceSnappr: false,
      images: {},
      startPriceCents: 0,
      minIncrementCents: 0,
      paymentStatus: 'UNPAID',
      paymentType: 'HOLD',
      packageId: 'premium',
      templateType: null,
      scheduledStart: null,
      scheduledEnd: null,
      finalEnd: null,
      bids: EMPTY_BID_LOG,
      topBid: null,
      bidCount: 0,
      voidedBidIds: [],
      round: 1,
      previousRoundBids: EMPTY_BID_LOG,
      shared: false,
      hosts: [],
      hostsDeclined: [],
      winnerId: null,
      finalPriceCents: null,
    });
  });
});

describe('slugify', () => {
  it.each([
    ['Porsche 911', 'porsche-911'],
    ['  Ford GT40 Mk I ', 'ford-gt40-mk-i'],
    ['Citroën DS 21 — Pallas!', 'citroen-ds-21-pallas'],
    ['ALFA   ROMEO__Giulia', 'alfa-romeo-giulia'],
    ['--McLaren F1--', 'mclaren-f1'],
    ['!!!', 'lot'],
    ['日本車', 'lot'],
  ])('%j → %s-<timestamp>', (title, base) => {
    expect(slugify(title, T0)).toBe(`${base}-${T0.getTime()}`);
  });

  it('differs for the same title created at another millisecond', () => {
    expect(slugify('Porsche 911', T0)).not.toBe(slugify('Porsche 911', at(1)));
  });
});

// ---------------------------------------------------------------------------------------------

describe('updateAuction (UpdateLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED'])('lets the owner edit a %s lot', (status) => {
    expect(decide(update({ title: ' Porsche 911 S ', reserve: '5000' }, SELLER, at(5)), lotIn(status))).toEqual(
      accepted({
        type: 'LotUpdated',
        data: { changes: { title: 'Porsche 911 S', reserveCents: 500_000 }, updatedBy: SELLER, updatedAt: at(5).toISOString() },
      }),
    );
  });

  it.each<LotStatus>(['LIVE', 'SOLD', 'RESERVE_NOT_MET'])('refuses the owner once the lot is %s', (status) => {
    expect(decide(update({ title: 'Late change' }), lotIn(status))).toEqual(refused('auction.update.notAllowed'));
  });

  it.each<[string, LotStatus]>([
    [ALICE, 'PENDING'],
    [STAFF, 'APPROVED'],
    [BOB, 'LIVE'],
  ])('refuses %s (not the owner) with the access-denied message, whatever the status (%s)', (actorId, status) => {
    expect(decide(update({ title: 'Mine now' }, actorId), lotIn(status))).toEqual({
      ok: false,
      code: 'auction.access.denied',
      message: 'Access denied. You do not have the correct permissions to view this auction.',
    });
  });

  it('keeps the slug when the title changes, and changes only what was sent', () => {
    const before = existing(created(), approved);
    const events = eventsOf(decide(update({ title: 'Porsche 911 Carrera RS', address: { country: 'DE' } }), before));
    const after = existing(created(), approved, ...events);
    expect(after).toEqual({ ...before, title: 'Porsche 911 Carrera RS', address: { country: 'DE' } });
    expect(after.slug).toBe(`porsche-911-${T0.getTime()}`);
  });

  it('treats null fields as unchanged; an update with nothing to change appends nothing', () => {
    expect(decide(update({}), lotIn('PENDING'))).toEqual(accepted());
    expect(decide(update({ title: null, reserve: null, sellerType: null }), lotIn('PENDING'))).toEqual(accepted());
  });

  it.each<[string, LotInput, string]>([
    ['a blank title', { title: ' ' }, 'Please enter in a title'],
    ['a blank seller type', { sellerType: '' }, 'Please select a type'],
    ['an empty reserve', { reserve: '' }, 'Please enter in a reserve'],
    ['a reserve with three decimals', { reserve: '1.999' }, 'The reserve must be a non-negative amount with at most two decimals.'],
    ['a reserve over the maximum', { reserve: 1_000_000_000 }, 'The reserve cannot exceed 999,999,999.00.'],
    ['a blank country', { address: { country: '' } }, 'Please select a country'],
    ['a blank vehicle description', { userDescription: '' }, 'Please tell us about your vehicle'],
    ['an invalid email', { contactInfo: { name: 'Sam', email: 'sam@' } }, 'Please enter in a valid email'],
    ['withdrawn terms', { hasAgreedToTerms: false }, 'You must agree to the terms to continue'],
  ])('refuses %s with the wizard message', (_name, changes, message) => {
    expect(decide(update(changes), lotIn('APPROVED'))).toEqual(invalid(message));
  });

  it('checks the owner before the status, and the status before the values', () => {
    expect(decide(update({ title: '' }, ALICE), lotIn('LIVE'))).toEqual(refused('auction.access.denied'));
    expect(decide(update({ title: '' }), lotIn('LIVE'))).toEqual(refused('auction.update.notAllowed'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: approve (ApproveLot)', () => {
  it('approves a PENDING lot', () => {
    // A paid package: nothing to confirm (an UNPAID one needs confirmUnpaid, lot.decider.remedies.spec.ts).
    expect(decide(approve(at(5)), given(created({ paymentStatus: 'PAID' })))).toEqual(
      accepted({ type: 'LotApproved', data: { approvedBy: STAFF, approvedAt: at(5).toISOString() } }),
    );
    expect(existing(created(), approved).status).toBe('APPROVED');
  });

  it.each(STATUSES.filter((status) => status !== 'PENDING'))('refuses a %s lot with auction.invalid.status', (status) => {
    expect(decide(approve(), lotIn(status))).toEqual(refused('auction.invalid.status'));
  });
});

describe('staff: disapprove (DisapproveLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED'])('sends a %s lot back to PENDING with the reason', (status) => {
    const decision = decide(disapprove('Photos missing', at(5)), lotIn(status));
    expect(decision).toEqual(
      accepted({ type: 'LotDisapproved', data: { disapprovedBy: STAFF, reason: 'Photos missing', disapprovedAt: at(5).toISOString() } }),
    );
    expect(existing(...historyOf(status), ...eventsOf(decision))).toMatchObject({
      status: 'PENDING',
      scheduledStart: null,
      scheduledEnd: null,
      finalEnd: null,
    });
  });

  it('records a disapproval without a reason', () => {
    expect(eventsOf(decide(disapprove(null), lotIn('APPROVED')))).toMatchObject([{ data: { reason: null } }]);
  });

  it.each<LotStatus>(['LIVE', 'SOLD', 'RESERVE_NOT_MET'])('refuses a %s lot with auction.invalid.status', (status) => {
    expect(decide(disapprove(), lotIn(status))).toEqual(refused('auction.invalid.status'));
  });

  it('a disapproved lot can be approved and scheduled again', () => {
    const history = historyOf('SCHEDULED');
    history.push(...eventsOf(decide(disapprove(), given(...history))));
    history.push(...eventsOf(decide(approve(T0, true), given(...history))));
    expect(decide(schedule(), given(...history))).toEqual(accepted(scheduled()));
  });
});

// ---------------------------------------------------------------------------------------------

describe('staff: schedule (ScheduleLot)', () => {
  const approvedLot = lotIn('APPROVED');
  const scheduledEvent = (start: Date, end: Date): LotEvent => ({
    type: 'LotScheduled',
    data: { scheduledStart: start.toISOString(), scheduledEnd: end.toISOString(), finalEnd: end.toISOString(), scheduledBy: STAFF },
  });

  it('schedules an APPROVED lot for exactly dateRangeLimit days; the final end starts as the scheduled end', () => {
    const decision = decide(schedule(START, END), approvedLot);
    expect(decision).toEqual(accepted(scheduledEvent(START, END)));
    expect(existing(...historyOf('APPROVED'), ...eventsOf(decision))).toMatchObject({
      status: 'SCHEDULED',
      scheduledStart: START.toISOString(),
      scheduledEnd: END.toISOString(),
      finalEnd: END.toISOString(),
    });
  });

  it('re-schedules a SCHEDULED lot', () => {
    const start = at(2 * DAY);
    const end = at(9 * DAY);
    const decision = decide(schedule(start, end), lotIn('SCHEDULED'));
    expect(decision).toEqual(accepted(scheduledEvent(start, end)));
    expect(existing(...historyOf('SCHEDULED'), ...eventsOf(decision))).toMatchObject({
      status: 'SCHEDULED',
      scheduledStart: start.toISOString(),
      finalEnd: end.toISOString(),
    });
  });

  it.each<LotStatus>(['PENDING', 'LIVE', 'SOLD', 'RESERVE_NOT_MET'])(
    'refuses a %s lot with auction.network.schedule.error.invalid.status',
    (status) => {
      expect(decide(schedule(), lotIn(status))).toEqual(refused('auction.network.schedule.error.invalid.status'));
    },
  );

  it.each<[string, Date | null, Date | null, AuctionErrorCode]>([
    ['no start date', null, END, 'auction.network.schedule.error.dates.missing'],
    ['no end date', START, null, 'auction.network.schedule.error.dates.missing'],
    ['no dates at all', null, null, 'auction.network.schedule.error.dates.missing'],
    ['an invalid start date', new Date('not a date'), END, 'auction.network.schedule.error.dates.missing'],
    ['an invalid end date', START, new Date(Number.NaN), 'auction.network.schedule.error.dates.missing'],
    ['equal dates', START, START, 'auction.network.schedule.error.dates.same'],
    ['an end before the start', END, START, 'auction.network.schedule.error.dates.end.before.start'],
    ['a start in the past', at(-1), at(7 * DAY - 1), 'auction.network.schedule.error.startDate.inPast'],
    ['an end in the past', START, at(-1), 'auction.network.schedule.error.endDate.inPast'],
    ['a range a day too short', START, at(7 * DAY), 'auction.network.schedule.error.rangeOutOfBounds'],
    ['a range a day too long', START, at(9 * DAY), 'auction.network.schedule.error.rangeOutOfBounds'],
  ])('refuses %s', (_name, start, end, code) => {
    expect(decide(schedule(start, end), approvedLot)).toEqual(refused(code));
  });

  it('accepts a start at exactly now; a millisecond earlier is in the past', () => {
    expect(decide(schedule(T0, at(7 * DAY)), approvedLot).ok).toBe(true);
    expect(decide(schedule(at(-1), at(7 * DAY - 1)), approvedLot)).toEqual(refused('auction.network.schedule.error.startDate.inPast'));
  });

  it('tolerates a length off by less than SCHEDULE_TOLERANCE_MS either way, not by exactly that', () => {
    expect(SCHEDULE_TOLERANCE_MS).toBe(60_000);
    expect(decide(schedule(START, plus(END, SCHEDULE_TOLERANCE_MS - 1)), approvedLot).ok).toBe(true);
    expect(decide(schedule(START, plus(END, -(SCHEDULE_TOLERANCE_MS - 1))), approvedLot).ok).toBe(true);
    expect(decide(schedule(START, plus(END, SCHEDULE_TOLERANCE_MS)), approvedLot)).toEqual(
      refused('auction.network.schedule.error.rangeOutOfBounds'),
    );
    expect(decide(schedule(START, plus(END, -SCHEDULE_TOLERANCE_MS)), approvedLot)).toEqual(
      refused('auction.network.schedule.error.rangeOutOfBounds'),
    );
  });

  it('uses the brand’s dateRangeLimit in days', () => {
    expect(decide(schedule(START, at(4 * DAY), T0, 3), approvedLot).ok).toBe(true);
    expect(decide(schedule(START, END, T0, 3), approvedLot)).toEqual(refused('auction.network.schedule.error.rangeOutOfBounds'));
    expect(decide(schedule(START, at(15 * DAY), T0, 14), approvedLot).ok).toBe(true);
  });

  describe('check order: status, missing, same, start in the past, end in the past, end before start, range', () => {
    it.each<[string, LotState, LotCommand, AuctionErrorCode]>([
      ['status beats missing dates', lotIn('LIVE'), schedule(null, null), 'auction.network.schedule.error.invalid.status'],
      [
        'missing beats same (both invalid)',
        approvedLot,
        schedule(new Date(Number.NaN), new Date(Number.NaN)),
        'auction.network.schedule.error.dates.missing',
      ],
      ['missing beats in the past', approvedLot, schedule(at(-DAY), null), 'auction.network.schedule.error.dates.missing'],
      ['same beats in the past', approvedLot, schedule(at(-DAY), at(-DAY)), 'auction.network.schedule.error.dates.same'],
      ['same beats range', approvedLot, schedule(START, START), 'auction.network.schedule.error.dates.same'],
      [
        'start in the past beats end in the past',
        approvedLot,
        schedule(at(-2 * DAY), at(-DAY)),
        'auction.network.schedule.error.startDate.inPast',
      ],
      [
        'start in the past beats end before start',
        approvedLot,
        schedule(at(-DAY), at(-2 * DAY)),
        'auction.network.schedule.error.startDate.inPast',
      ],
      ['end in the past beats end before start', approvedLot, schedule(START, at(-DAY)), 'auction.network.schedule.error.endDate.inPast'],
      ['end before start beats range', approvedLot, schedule(at(2 * DAY), START), 'auction.network.schedule.error.dates.end.before.start'],
      ['in the past beats range', approvedLot, schedule(at(-DAY), at(DAY)), 'auction.network.schedule.error.startDate.inPast'],
    ])('%s', (_name, state, command, code) => {
      expect(decide(command, state)).toEqual(refused(code));
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('network: send to the network (ShareLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED'])('shares a %s lot', (status) => {
    const decision = decide(share(at(5)), lotIn(status));
    expect(decision).toEqual(accepted({ type: 'LotShared', data: { sharedBy: STAFF, sharedAt: at(5).toISOString() } }));
    expect(existing(...historyOf(status), ...eventsOf(decision)).shared).toBe(true);
  });

  it('sharing a shared lot again appends nothing', () => {
    expect(decide(share(), lotIn('APPROVED', { shared: true }))).toEqual(accepted());
  });

  it('refuses a LIVE lot with .auctionLive', () => {
    expect(decide(share(), lotIn('LIVE'))).toEqual(refused('auction.network.share.error.auctionLive'));
    expect(decide(share(), lotIn('LIVE', { shared: true }))).toEqual(refused('auction.network.share.error.auctionLive'));
  });

  it.each(ENDED)('refuses a %s lot with .auctionEnded', (status) => {
    expect(decide(share(), lotIn(status))).toEqual(refused('auction.network.share.error.auctionEnded'));
  });
});

describe('network: remove from the network (UnshareLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED', 'SOLD', 'RESERVE_NOT_MET'])(
    'withdraws a shared %s lot no host accepted',
    (status) => {
      const decision = decide(unshare(at(5)), lotIn(status, { shared: true }));
      expect(decision).toEqual(accepted({ type: 'LotUnshared', data: { unsharedBy: STAFF, unsharedAt: at(5).toISOString() } }));
      expect(existing(...historyOf(status, { shared: true }), ...eventsOf(decision)).shared).toBe(false);
    },
  );

  it('withdrawing a lot that is not shared appends nothing', () => {
    expect(decide(unshare(), lotIn('APPROVED'))).toEqual(accepted());
  });

  it('is refused once another host accepted the lot (.hasHosts)', () => {
    expect(decide(unshare(), given(created(), shared, hostAccepted(HOST)))).toEqual(refused('auction.network.share.error.hasHosts'));
    expect(decide(unshare(), given(...historyOf('SOLD', { shared: true }), hostAccepted(HOST)))).toEqual(
      refused('auction.network.share.error.hasHosts'),
    );
  });

  it('is allowed again once that host declined; hosts that only declined do not block it', () => {
    expect(decide(unshare(), given(created(), shared, hostAccepted(HOST), hostDeclined(HOST))).ok).toBe(true);
    expect(decide(unshare(), given(created(), shared, hostDeclined(HOST))).ok).toBe(true);
  });

  it('is refused while LIVE (.auctionLive); hosts are reported first', () => {
    expect(decide(unshare(), lotIn('LIVE', { shared: true }))).toEqual(refused('auction.network.share.error.auctionLive'));
    expect(decide(unshare(), given(...historyOf('LIVE', { shared: true }), hostAccepted(HOST)))).toEqual(
      refused('auction.network.share.error.hasHosts'),
    );
  });
});

describe('network: a host accepts (AcceptNetworkLot)', () => {
  it.each<LotStatus>(['PENDING', 'APPROVED', 'SCHEDULED', 'LIVE'])('a host brand accepts a shared %s lot', (status) => {
    const decision = decide(acceptLot(HOST, at(5)), lotIn(status, { shared: true }));
    expect(decision).toEqual(
      accepted({ type: 'LotHostAccepted', data: { hostBrand: HOST, acceptedBy: HOST_STAFF, acceptedAt: at(5).toISOString() } }),
    );
    expect(existing(...historyOf(status, { shared: true }), ...eventsOf(decision)).hosts).toEqual([HOST]);
  });

  it('several hosts can accept; accepting twice appends nothing', () => {
    const state = given(created(), shared, hostAccepted(HOST));
    expect(decide(acceptLot(HOST), state)).toEqual(accepted());
    const events = eventsOf(decide(acceptLot(OTHER_HOST), state));
    expect(existing(created(), shared, hostAccepted(HOST), ...events).hosts).toEqual([HOST, OTHER_HOST]);
  });

  it('a host that declined can change its mind', () => {
    const state = given(created(), shared, hostDeclined(HOST));
    const events = eventsOf(decide(acceptLot(HOST), state));
    expect(existing(created(), shared, hostDeclined(HOST), ...events)).toMatchObject({ hosts: [HOST], hostsDeclined: [] });
  });

  it('the owner brand cannot host its own lot (.invalid.host), shared or not', () => {
    expect(decide(acceptLot(OWNER_BRAND), lotIn('APPROVED', { shared: true }))).toEqual(refused('auction.network.invalid.host'));
    expect(decide(acceptLot(OWNER_BRAND), lotIn('APPROVED'))).toEqual(refused('auction.network.invalid.host'));
  });

  it('a lot that is not shared cannot be accepted (.notShared), including after it was withdrawn', () => {
    expect(decide(acceptLot(), lotIn('APPROVED'))).toEqual(refused('auction.network.notShared'));
    const withdrawn: LotEvent = { type: 'LotUnshared', data: { unsharedBy: STAFF, unsharedAt: T0.toISOString() } };
    expect(decide(acceptLot(), given(created(), shared, withdrawn))).toEqual(refused('auction.network.notShared'));
    // Not shared is reported before ended.
    expect(decide(acceptLot(), lotIn('SOLD'))).toEqual(refused('auction.network.notShared'));
  });

  it.each(ENDED)('an ended (%s) lot cannot be accepted (.auctionEnded)', (status) => {
    expect(decide(acceptLot(), lotIn(status, { shared: true }))).toEqual(refused('auction.network.share.error.auctionEnded'));
  });
});

describe('network: a host declines (DeclineNetworkLot)', () => {
  it.each(STATUSES)('a host brand declines a shared %s lot it does not host', (status) => {
    const decision = decide(declineLot(HOST, at(5)), lotIn(status, { shared: true }));
    expect(decision).toEqual(
      accepted({ type: 'LotHostDeclined', data: { hostBrand: HOST, declinedBy: HOST_STAFF, declinedAt: at(5).toISOString() } }),
    );
    expect(existing(...historyOf(status, { shared: true }), ...eventsOf(decision)).hostsDeclined).toEqual([HOST]);
  });

  it('declining twice appends nothing', () => {
    expect(decide(declineLot(), given(created(), shared, hostDeclined(HOST)))).toEqual(accepted());
  });

  it('a host that accepted can withdraw before the lot is live, leaving the hosts list', () => {
    const history = [created(), shared, hostAccepted(HOST), hostAccepted(OTHER_HOST)];
    const events = eventsOf(decide(declineLot(HOST), given(...history)));
    expect(events).toMatchObject([{ type: 'LotHostDeclined', data: { hostBrand: HOST } }]);
    expect(existing(...history, ...events)).toMatchObject({ hosts: [OTHER_HOST], hostsDeclined: [HOST] });
  });

  it('a host that accepted cannot withdraw while the lot is LIVE (.auctionLive)', () => {
    expect(decide(declineLot(HOST), given(...historyOf('LIVE', { shared: true }), hostAccepted(HOST)))).toEqual(
      refused('auction.network.share.error.auctionLive'),
    );
  });

  it('the owner brand cannot decline its own lot; a lot that is not shared cannot be declined', () => {
    expect(decide(declineLot(OWNER_BRAND), lotIn('APPROVED', { shared: true }))).toEqual(refused('auction.network.invalid.host'));
    expect(decide(declineLot(), lotIn('APPROVED'))).toEqual(refused('auction.network.notShared'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('scheduler: StartLot', () => {
  it('opens a SCHEDULED lot at its scheduled start', () => {
    const decision = decide(startLot(START), lotIn('SCHEDULED'));
    expect(decision).toEqual(accepted({ type: 'LotWentLive', data: { wentLiveAt: START.toISOString() } }));
    expect(existing(...historyOf('SCHEDULED'), ...eventsOf(decision)).status).toBe('LIVE');
  });

  it('opens an overdue lot late', () => {
    expect(decide(startLot(plus(START, 3_600_000)), lotIn('SCHEDULED')).ok).toBe(true);
  });

  it('refuses a millisecond before the start (auction.start.notDue), also after a re-schedule', () => {
    expect(decide(startLot(plus(START, -1)), lotIn('SCHEDULED'))).toEqual(refused('auction.start.notDue'));
    const later = given(...historyOf('SCHEDULED'), scheduled(at(2 * DAY), at(9 * DAY)));
    expect(decide(startLot(START), later)).toEqual(refused('auction.start.notDue'));
    expect(decide(startLot(at(2 * DAY)), later).ok).toBe(true);
  });

  it.each(STATUSES.filter((status) => status !== 'SCHEDULED'))('refuses a %s lot with auction.invalid.status', (status) => {
    expect(decide(startLot(START), lotIn(status))).toEqual(refused('auction.invalid.status'));
  });
});

describe('scheduler: EndLot', () => {
  it('ends a LIVE lot at its final end date; a millisecond before is not due', () => {
    expect(decide(endLot(plus(END, -1)), lotIn('LIVE'))).toEqual(refused('auction.end.notDue'));
    expect(decide(endLot(END), lotIn('LIVE'))).toEqual(
      accepted({
        type: 'LotEnded',
        data: { status: 'RESERVE_NOT_MET', finalPriceCents: null, winnerId: null, endedAt: END.toISOString() },
      }),
    );
  });

  it('respects an extended final end', () => {
    const newEnd = plus(END, 90 * SECOND);
    const state = given(...LIVE_LOT, bidPlaced('b1', ALICE, 100, true, plus(END, -30 * SECOND)), endExtended(END, newEnd, 'b1'));
    expect(decide(endLot(END), state)).toEqual(refused('auction.end.notDue'));
    expect(decide(endLot(plus(newEnd, -1)), state)).toEqual(refused('auction.end.notDue'));
    expect(decide(endLot(newEnd), state)).toEqual(
      accepted({ type: 'LotEnded', data: { status: 'SOLD', finalPriceCents: 100, winnerId: ALICE, endedAt: newEnd.toISOString() } }),
    );
  });

  it.each(STATUSES.filter((status) => status !== 'LIVE'))('refuses a %s lot with auction.invalid.status', (status) => {
    expect(decide(endLot(END), lotIn(status))).toEqual(refused('auction.invalid.status'));
  });

  it('a second EndLot is refused (auction.invalid.status) and appends nothing', () => {
    const first = eventsOf(decide(endLot(END), lotIn('LIVE')));
    expect(decide(endLot(plus(END, 1)), given(...LIVE_LOT, ...first))).toEqual(refused('auction.invalid.status'));
  });

  it.each<[string, number, LotEvent[], 'SOLD' | 'RESERVE_NOT_MET', number | null, string | null]>([
    ['a positive reserve met exactly', 50_000, [bidPlaced('b1', ALICE, 50_000, true)], 'SOLD', 50_000, ALICE],
    ['a positive reserve exceeded', 50_000, [bidPlaced('b1', ALICE, 40_000, true), bidPlaced('b2', BOB, 60_000)], 'SOLD', 60_000, BOB],
    ['no reserve and one bid', 0, [bidPlaced('b1', ALICE, 1, true)], 'SOLD', 1, ALICE],
    ['no reserve and several bids', 0, [bidPlaced('b1', ALICE, 100, true), bidPlaced('b2', BOB, 200)], 'SOLD', 200, BOB],
    ['a reserve missed by a cent', 50_000, [bidPlaced('b1', ALICE, 49_999, true)], 'RESERVE_NOT_MET', 49_999, null],
    ['a reserve and no bids', 50_000, [], 'RESERVE_NOT_MET', null, null],
    ['no reserve and no bids', 0, [], 'RESERVE_NOT_MET', null, null],
  ])('ends with %s → %s', (_name, reserveCents, bids, status, finalPriceCents, winnerId) => {
    const history = [created({ reserveCents }), approved, scheduled(), wentLive(), ...bids];
    const decision = decide(endLot(END), given(...history));
    expect(decision).toEqual(accepted({ type: 'LotEnded', data: { status, finalPriceCents, winnerId, endedAt: END.toISOString() } }));
    expect(endOutcome(existing(...history))).toBe(status);
    expect(existing(...history, ...eventsOf(decision))).toMatchObject({ status, finalPriceCents, winnerId });
  });
});

// ---------------------------------------------------------------------------------------------

describe('createBid (PlaceBid)', () => {
  const liveLot = given(...LIVE_LOT);
  const withTop = (cents = 10_000, ...more: LotEvent[]): LotState => given(...LIVE_LOT, bidPlaced('b0', BOB, cents, true), ...more);

  it('accepts a first bid on a LIVE lot', () => {
    const bid = acceptedBid('bid-1', ALICE, 15_000, true, DURING);
    expect(decide(placeBid(), liveLot)).toEqual({ ok: true, events: [{ type: 'BidPlaced', data: bid }], result: { ...bid, newEnd: null } });
  });

  it.each<number | string>([150, 150.0, '150', '150.00', '150.0', ' 150.00 ', '+150'])('reads %j as 150.00', (amount) => {
    expect(eventsOf(decide(placeBid({ amount }), liveLot))).toEqual([bidPlaced('bid-1', ALICE, 15_000, true)]);
  });

  it('marks only the first accepted bid as the first bid', () => {
    expect(eventsOf(decide(placeBid({ amount: 101 }), withTop()))).toEqual([bidPlaced('bid-1', ALICE, 10_100, false)]);
  });

  describe('the lot', () => {
    it('bid.invalid.no.auction when the lot does not exist', () => {
      expect(decide(placeBid(), initialLotState())).toEqual(refused('bid.invalid.no.auction'));
    });

    it('bid.invalid.own.auction when the seller bids', () => {
      expect(decide(placeBid({ bidderId: SELLER }), liveLot)).toEqual(refused('bid.invalid.own.auction'));
    });

    it.each<[LotStatus, AuctionErrorCode]>([
      ['PENDING', 'bid.invalid.auction.status.pending'],
      ['APPROVED', 'bid.invalid.auction.status.pending'],
      ['SCHEDULED', 'bid.invalid.auction.status.scheduled'],
      ['SOLD', 'bid.invalid.auction.status.sold'],
      ['RESERVE_NOT_MET', 'bid.invalid.auction.status.reserve_not_met'],
    ])('a %s lot → %s', (status, code) => {
      expect(decide(placeBid(), lotIn(status))).toEqual(refused(code));
    });
  });

  describe('the dates: from the scheduled start (inclusive) to the final end (exclusive)', () => {
    it.each<[string, Date, AuctionErrorCode | null]>([
      ['a day before the start', plus(START, -DAY), 'bid.invalid.date.start.before'],
      ['1 ms before the start', plus(START, -1), 'bid.invalid.date.start.before'],
      ['exactly at the start', START, null],
      ['1 ms before the final end', plus(END, -1), null],
      ['exactly at the final end', END, 'bid.invalid.date.end.after'],
      ['1 ms after the final end', plus(END, 1), 'bid.invalid.date.end.after'],
      ['a day after the final end', plus(END, DAY), 'bid.invalid.date.end.after'],
    ])('%s', (_name, now, code) => {
      const decision = decide(placeBid({ now, sniperProtectionSeconds: 0 }), liveLot);
      if (code) expect(decision).toEqual(refused(code));
      else expect(eventsOf(decision)).toEqual([bidPlaced('bid-1', ALICE, 15_000, true, now)]);
    });

    it('an extended final end moves the cut-off', () => {
      const newEnd = plus(END, 100 * SECOND);
      const state = given(...LIVE_LOT, bidPlaced('b0', BOB, 10_000, true, plus(END, -20 * SECOND)), endExtended(END, newEnd, 'b0'));
      expect(decide(placeBid({ amount: 200, now: END, sniperProtectionSeconds: 0 }), state).ok).toBe(true);
      expect(decide(placeBid({ amount: 200, now: plus(newEnd, -1), sniperProtectionSeconds: 0 }), state).ok).toBe(true);
      expect(decide(placeBid({ amount: 200, now: newEnd }), state)).toEqual(refused('bid.invalid.date.end.after'));
    });
  });

  describe('the first bid must exceed the start price', () => {
    it('start price 0: 0 is refused, 0.01 is accepted', () => {
      expect(decide(placeBid({ amount: 0 }), liveLot)).toEqual(refused('bid.invalid.firstBid.tooLow'));
      expect(decide(placeBid({ amount: '0.00' }), liveLot)).toEqual(refused('bid.invalid.firstBid.tooLow'));
      expect(eventsOf(decide(placeBid({ amount: 0.01 }), liveLot))).toEqual([bidPlaced('bid-1', ALICE, 1, true)]);
    });

    it('start price 50.00: below or equal is refused, a cent above is accepted (no increment on the first bid)', () => {
      const state = given(created({ startPriceCents: 5_000, minIncrementCents: 1_000 }), approved, scheduled(), wentLive());
      expect(decide(placeBid({ amount: 49.99 }), state)).toEqual(refused('bid.invalid.firstBid.tooLow'));
      expect(decide(placeBid({ amount: 50 }), state)).toEqual(refused('bid.invalid.firstBid.tooLow'));
      expect(eventsOf(decide(placeBid({ amount: 50.01 }), state))).toEqual([bidPlaced('bid-1', ALICE, 5_001, true)]);
    });
  });

  describe('later bids must exceed the top bid and meet the minimum increment', () => {
    it.each<[number | string, AuctionErrorCode | null]>([
      [0.01, 'bid.invalid.amount.tooLow'],
      [99.99, 'bid.invalid.amount.tooLow'],
      [100, 'bid.invalid.amount.tooLow'],
      ['100.00', 'bid.invalid.amount.tooLow'],
      [100.01, 'bid.invalid.increment.notMet'],
      [100.99, 'bid.invalid.increment.notMet'],
      [101, null],
      [5_000, null],
    ])('top 100.00, brand increment 1.00: %j → %s', (amount, code) => {
      const decision = decide(placeBid({ amount }), withTop(10_000));
      if (code) expect(decision).toEqual(refused(code));
      else expect(decision.ok).toBe(true);
    });

    it('with no increment on the lot, the brand increment on the command applies', () => {
      const state = withTop(10_000);
      expect(decide(placeBid({ amount: 102.49, defaultMinimumIncrementCents: 250 }), state)).toEqual(
        refused('bid.invalid.increment.notMet'),
      );
      expect(decide(placeBid({ amount: 102.5, defaultMinimumIncrementCents: 250 }), state).ok).toBe(true);
    });

    it('with no increment on the lot nor the brand, it is "plus 1" (1.00)', () => {
      const state = withTop(10_000);
      expect(decide(placeBid({ amount: 100.99, defaultMinimumIncrementCents: 0 }), state)).toEqual(refused('bid.invalid.increment.notMet'));
      expect(decide(placeBid({ amount: 101, defaultMinimumIncrementCents: 0 }), state).ok).toBe(true);
    });

    it('the lot’s own increment wins over the brand’s', () => {
      const state = given(created({ minIncrementCents: 2_500 }), approved, scheduled(), wentLive(), bidPlaced('b0', BOB, 10_000, true));
      expect(decide(placeBid({ amount: 124.99, defaultMinimumIncrementCents: 5_000 }), state)).toEqual(
        refused('bid.invalid.increment.notMet'),
      );
      expect(decide(placeBid({ amount: 125, defaultMinimumIncrementCents: 5_000 }), state).ok).toBe(true);
    });

    it('is measured from the latest top bid', () => {
      const state = withTop(10_000, bidPlaced('b1', CAROL, 20_000));
      expect(decide(placeBid({ amount: 200 }), state)).toEqual(refused('bid.invalid.amount.tooLow'));
      expect(decide(placeBid({ amount: 200.5 }), state)).toEqual(refused('bid.invalid.increment.notMet'));
      expect(eventsOf(decide(placeBid({ amount: 201 }), state))).toEqual([bidPlaced('bid-1', ALICE, 20_100, false)]);
    });

    it('minimumIncrementCents and minimumNextBidCents agree with the decider', () => {
      const plain = existing(...LIVE_LOT);
      const stepped = existing(created({ minIncrementCents: 2_500, startPriceCents: 700 }), approved, scheduled(), wentLive());
      const steppedWithTop = existing(
        created({ minIncrementCents: 2_500 }),
        approved,
        scheduled(),
        wentLive(),
        bidPlaced('b0', BOB, 10_000, true),
      );
      expect(minimumIncrementCents(plain, 250)).toBe(250);
      expect(minimumIncrementCents(plain, 0)).toBe(100);
      expect(minimumIncrementCents(plain, -5)).toBe(100);
      expect(minimumIncrementCents(stepped, 250)).toBe(2_500);
      expect(minimumNextBidCents(plain, 100)).toBe(1);
      expect(minimumNextBidCents(stepped, 100)).toBe(701);
      expect(minimumNextBidCents(steppedWithTop, 100)).toBe(12_500);
      expect(minimumNextBidCents(existing(...LIVE_LOT, bidPlaced('b0', BOB, 10_000, true)), 0)).toBe(10_100);
    });
  });

  describe('bids stay below 999,999,999.00 (the limit is exclusive, as the spec message says)', () => {
    it.each<number | string>([999_999_998.99, '999999998.99'])('accepts %j', (amount) => {
      expect(eventsOf(decide(placeBid({ amount }), liveLot))).toEqual([bidPlaced('bid-1', ALICE, MAX_BID_CENTS - 1, true)]);
    });

    it.each<number | string>([
      999_999_999,
      '999999999',
      '999999999.00',
      999_999_999.01,
      '999999999.01',
      1_000_000_000,
      '1000000000.00',
      1e15,
      2 ** 53,
      1e21,
      1e300,
      '9999999999999',
      '123456789012345678901234567890',
    ])('refuses %j with bid.invalid.maxValue.exceeded', (amount) => {
      expect(decide(placeBid({ amount }), liveLot)).toEqual(refused('bid.invalid.maxValue.exceeded'));
    });

    it('accepts the highest amount below the limit over a lower top bid; the limit itself is refused whatever the top bid', () => {
      expect(decide(placeBid({ amount: '999999998.99' }), withTop(MAX_BID_CENTS - 200)).ok).toBe(true);
      expect(decide(placeBid({ amount: '999999999.00' }), withTop(MAX_BID_CENTS - 100))).toEqual(refused('bid.invalid.maxValue.exceeded'));
      expect(decide(placeBid({ amount: '999999999.01' }), withTop(MAX_BID_CENTS - 1))).toEqual(refused('bid.invalid.maxValue.exceeded'));
    });
  });

  describe('malformed amounts are bid.invalid', () => {
    it.each<number | string>([
      10.005,
      '10.001',
      '0.001',
      0.1 + 0.2,
      -5,
      -0.01,
      '-1',
      '-0.01',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      'ten',
      '',
      '   ',
      '1e3',
      '12,50',
      '0x10',
      '1.2.3',
      '--1',
    ])('%j', (amount) => {
      expect(decide(placeBid({ amount }), liveLot)).toEqual(refused('bid.invalid'));
    });

    it('refuses values that are neither numbers nor text', () => {
      expect(decide(placeBid({ amount: null as unknown as number }), liveLot)).toEqual(refused('bid.invalid'));
      expect(decide(placeBid({ amount: { cents: 100 } as unknown as number }), liveLot)).toEqual(refused('bid.invalid'));
    });
  });

  describe('idempotent bid ids', () => {
    it('a retry with the same id, bidder and amount appends nothing and answers the original result', () => {
      const first = decide(placeBid({ bidId: 'b-1', amount: 50 }), liveLot);
      const state = given(...LIVE_LOT, ...eventsOf(first));
      const retry = decide(placeBid({ bidId: 'b-1', amount: '50.00', now: plus(DURING, 5 * SECOND) }), state);
      expect(retry).toEqual({ ok: true, events: [], result: first.ok ? first.result : undefined });
      expect(existing(...LIVE_LOT, ...eventsOf(first)).bidCount).toBe(1);
    });

    it('answers a retry even after the lot was outbid or ended (the original was accepted)', () => {
      const history = [...LIVE_LOT, bidPlaced('b-1', ALICE, 5_000, true), bidPlaced('b-2', BOB, 6_000)];
      expect(decide(placeBid({ bidId: 'b-1', amount: 50 }), given(...history))).toEqual({
        ok: true,
        events: [],
        result: { ...acceptedBid('b-1', ALICE, 5_000, true), newEnd: null },
      });
      expect(
        decide(placeBid({ bidId: 'b-2', bidderId: BOB, amount: 60, now: plus(END, DAY) }), given(...history, ended('SOLD', 6_000, BOB))),
      ).toEqual({
        ok: true,
        events: [],
        result: { ...acceptedBid('b-2', BOB, 6_000, false), newEnd: null },
      });
    });

    it('a retry of a bid that extended the end appends nothing again', () => {
      const now = plus(END, -10 * SECOND);
      const first = decide(placeBid({ bidId: 'b-1', now }), liveLot);
      expect(eventsOf(first)).toHaveLength(2);
      const retry = decide(placeBid({ bidId: 'b-1', now: plus(now, SECOND) }), given(...LIVE_LOT, ...eventsOf(first)));
      expect(retry).toMatchObject({ ok: true, events: [], result: acceptedBid('b-1', ALICE, 15_000, true, now) });
    });

    it.each<[string, Partial<PlaceBid>]>([
      ['another amount', { amount: 60 }],
      ['another bidder', { bidderId: BOB }],
      ['a malformed amount', { amount: 'fifty' }],
    ])('the same id with %s is bid.invalid', (_name, overrides) => {
      const state = given(...LIVE_LOT, bidPlaced('b-1', ALICE, 5_000, true));
      expect(decide(placeBid({ bidId: 'b-1', amount: 50, ...overrides }), state)).toEqual(refused('bid.invalid'));
    });
  });

  // docs/decisions.md "Bid validation order" and the comment above placeBid: the lot exists; a known
  // bid id; well-formed amount; maximum; own auction; status; dates; first bid; top bid; increment.
  describe('check order: the first failing check wins', () => {
    const pending = lotIn('PENDING');
    const scheduledLot = lotIn('SCHEDULED');
    const sold = lotIn('SOLD');
    const known = given(...LIVE_LOT, bidPlaced('b-1', ALICE, 5_000, true));
    it.each<[string, LotState, Partial<PlaceBid>, AuctionErrorCode]>([
      // 1. the lot exists
      ['missing lot beats a malformed amount', initialLotState(), { amount: 'abc' }, 'bid.invalid.no.auction'],
      ['missing lot beats the maximum', initialLotState(), { amount: 1e15 }, 'bid.invalid.no.auction'],
      ['missing lot beats own auction', initialLotState(), { bidderId: SELLER }, 'bid.invalid.no.auction'],
      // 2. a known bid id
      ['known bid id with another amount beats the maximum', known, { bidId: 'b-1', amount: 1e15 }, 'bid.invalid'],
      ['known bid id with another amount beats the increment', known, { bidId: 'b-1', amount: 50.5 }, 'bid.invalid'],
      // 3. well-formed
      ['three decimals beat the maximum', liveLot, { amount: '1000000000.001' }, 'bid.invalid'],
      ['three decimals beat own auction', liveLot, { amount: 10.005, bidderId: SELLER }, 'bid.invalid'],
      ['a negative amount beats not live', pending, { amount: -1 }, 'bid.invalid'],
      ['NaN beats the dates', liveLot, { amount: Number.NaN, now: plus(END, 1) }, 'bid.invalid'],
      // 4. maximum
      ['over the maximum beats own auction', liveLot, { amount: 1_000_000_000, bidderId: SELLER }, 'bid.invalid.maxValue.exceeded'],
      ['over the maximum beats not live', pending, { amount: '999999999.01' }, 'bid.invalid.maxValue.exceeded'],
      ['over the maximum beats ended', sold, { amount: 1e21 }, 'bid.invalid.maxValue.exceeded'],
      // 5. own auction
      ['own auction beats not live (pending)', pending, { bidderId: SELLER }, 'bid.invalid.own.auction'],
      ['own auction beats ended (sold)', sold, { bidderId: SELLER }, 'bid.invalid.own.auction'],
      ['own auction beats the dates', liveLot, { bidderId: SELLER, now: plus(END, 1) }, 'bid.invalid.own.auction'],
      ['own auction beats a too-low amount', liveLot, { bidderId: SELLER, amount: 0 }, 'bid.invalid.own.auction'],
      // 6. status
      ['scheduled beats before the start', scheduledLot, { now: plus(START, -1) }, 'bid.invalid.auction.status.scheduled'],
      ['sold beats after the end', sold, { now: plus(END, 1) }, 'bid.invalid.auction.status.sold'],
      ['reserve not met beats a too-low amount', lotIn('RESERVE_NOT_MET'), { amount: 0 }, 'bid.invalid.auction.status.reserve_not_met'],
      // 7. dates
      ['after the end beats a first bid too low', liveLot, { now: END, amount: 0 }, 'bid.invalid.date.end.after'],
      ['before the start beats a first bid too low', liveLot, { now: plus(START, -1), amount: 0 }, 'bid.invalid.date.start.before'],
      ['after the end beats a bid under the top', withTop(10_000), { now: END, amount: 50 }, 'bid.invalid.date.end.after'],
      // 9. top bid, then increment
      ['not above the top beats the increment (equal)', withTop(10_000), { amount: 100 }, 'bid.invalid.amount.tooLow'],
      ['not above the top beats the increment (below)', withTop(10_000), { amount: 1 }, 'bid.invalid.amount.tooLow'],
    ])('%s', (_name, state, overrides, code) => {
      expect(decide(placeBid(overrides), state)).toEqual(refused(code));
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('sniper protection', () => {
  const liveLot = given(...LIVE_LOT);

  it('a bid within the window moves the final end to bid time + window', () => {
    const now = plus(END, -30 * SECOND);
    const newEnd = plus(now, 120 * SECOND);
    const bid = acceptedBid('bid-1', ALICE, 15_000, true, now);
    const decision = decide(placeBid({ now }), liveLot);
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'BidPlaced', data: bid }, endExtended(END, newEnd, 'bid-1')],
      result: { ...bid, newEnd: newEnd.toISOString() },
    });
    expect(existing(...LIVE_LOT, ...eventsOf(decision))).toMatchObject({ finalEnd: newEnd.toISOString(), scheduledEnd: END.toISOString() });
  });

  it('a bid exactly one window before the end does not extend; a millisecond later it does', () => {
    expect(decide(placeBid({ now: plus(END, -120 * SECOND) }), liveLot)).toMatchObject({
      ok: true,
      events: [{ type: 'BidPlaced' }],
      result: { newEnd: null },
    });
    const now = plus(END, -120 * SECOND + 1);
    expect(eventsOf(decide(placeBid({ now }), liveLot))).toEqual([
      bidPlaced('bid-1', ALICE, 15_000, true, now),
      endExtended(END, plus(END, 1), 'bid-1'),
    ]);
  });

  it('a bid 1 ms before the end extends to that time + window', () => {
    const now = plus(END, -1);
    expect(eventsOf(decide(placeBid({ now }), liveLot))[1]).toEqual(endExtended(END, plus(now, 120 * SECOND), 'bid-1'));
  });

  it('bids well before the end do not extend', () => {
    expect(eventsOf(decide(placeBid({ now: DURING }), liveLot))).toHaveLength(1);
  });

  it('uses the window on the command (brand sniperProtectionTime)', () => {
    const now = plus(END, -200 * SECOND);
    expect(eventsOf(decide(placeBid({ now, sniperProtectionSeconds: 300 }), liveLot))).toEqual([
      bidPlaced('bid-1', ALICE, 15_000, true, now),
      endExtended(END, plus(now, 300 * SECOND), 'bid-1'),
    ]);
    expect(eventsOf(decide(placeBid({ now, sniperProtectionSeconds: 120 }), liveLot))).toHaveLength(1);
  });

  it.each([0, -30])('a window of %i disables protection', (sniperProtectionSeconds) => {
    expect(decide(placeBid({ now: plus(END, -1), sniperProtectionSeconds }), liveLot)).toMatchObject({
      ok: true,
      events: [{ type: 'BidPlaced' }],
      result: { newEnd: null },
    });
  });

  it('a refused bid inside the window does not extend', () => {
    const state = given(...LIVE_LOT, bidPlaced('b0', BOB, 10_000, true));
    expect(decide(placeBid({ amount: 100.5, now: plus(END, -SECOND) }), state)).toEqual(refused('bid.invalid.increment.notMet'));
  });

  it('extensions chain: each late bid extends from its own time, past the original end', () => {
    const first = decide(placeBid({ bidId: 'a', amount: 10, now: plus(END, -10 * SECOND) }), liveLot);
    const end1 = plus(END, 110 * SECOND);
    expect(eventsOf(first)[1]).toEqual(endExtended(END, end1, 'a'));
    const afterFirst = [...LIVE_LOT, ...eventsOf(first)];

    const late = plus(END, 60 * SECOND); // after the original end, before the extended one
    const second = decide(placeBid({ bidId: 'b', bidderId: BOB, amount: 20, now: late }), given(...afterFirst));
    const end2 = plus(late, 120 * SECOND);
    expect(eventsOf(second)).toEqual([bidPlaced('b', BOB, 2_000, false, late), endExtended(end1, end2, 'b')]);
    const afterSecond = [...afterFirst, ...eventsOf(second)];

    expect(existing(...afterSecond)).toMatchObject({ finalEnd: end2.toISOString(), bidCount: 2, topBid: { bidId: 'b' } });
    expect(decide(placeBid({ bidId: 'c', bidderId: CAROL, amount: 30, now: end2 }), given(...afterSecond))).toEqual(
      refused('bid.invalid.date.end.after'),
    );
    expect(decide(endLot(end1), given(...afterSecond))).toEqual(refused('auction.end.notDue'));
    expect(eventsOf(decide(endLot(end2), given(...afterSecond)))).toEqual([
      { type: 'LotEnded', data: { status: 'SOLD', finalPriceCents: 2_000, winnerId: BOB, endedAt: end2.toISOString() } },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('evolve', () => {
  it('folds a whole lifecycle into the expected state', () => {
    const newEnd = plus(END, 60 * SECOND);
    const state = given(
      created({ reserveCents: 25_000 }),
      approved,
      shared,
      hostAccepted(HOST),
      hostDeclined(OTHER_HOST),
      scheduled(),
      wentLive(),
      bidPlaced('b1', ALICE, 10_000, true),
      bidPlaced('b2', BOB, 20_000),
      bidPlaced('b3', ALICE, 30_000, false, plus(END, -60 * SECOND)),
      endExtended(END, newEnd, 'b3'),
      {
        type: 'LotEnded',
        data: { status: 'SOLD', finalPriceCents: 30_000, winnerId: ALICE, endedAt: newEnd.toISOString() },
      },
    );
    const {
      createdAt: _createdAt,
      reserveMeterEnabled: _meter,
      ...details
    } = (created({ reserveCents: 25_000 }) as Extract<LotEvent, { type: 'LotCreated' }>).data;
    const lot = state as ExistingLot;
    expect({ ...lot, bids: bidsRecord(lot.bids) }).toEqual({
      ...details,
      status: 'SOLD',
      scheduledStart: START.toISOString(),
      scheduledEnd: END.toISOString(),
      finalEnd: newEnd.toISOString(),
      bids: {
        b1: acceptedBid('b1', ALICE, 10_000, true),
        b2: acceptedBid('b2', BOB, 20_000),
        b3: acceptedBid('b3', ALICE, 30_000, false, plus(END, -60 * SECOND)),
      },
      topBid: acceptedBid('b3', ALICE, 30_000, false, plus(END, -60 * SECOND)),
      bidCount: 3,
      voidedBidIds: [],
      round: 1,
      previousRoundBids: EMPTY_BID_LOG,
      shared: true,
      hosts: [HOST],
      hostsDeclined: [OTHER_HOST],
      winnerId: ALICE,
      finalPriceCents: 30_000,
    });
  });

  it('reproduces what decide decided, command after command', () => {
    const commands: LotCommand[] = [
      createLot({ lotId: 'lot-1', reserve: '300' }),
      approve(T0, true),
      share(),
      acceptLot(HOST),
      schedule(),
      startLot(),
      placeBid({ bidId: 'x1', bidderId: ALICE, amount: 100, now: DURING }),
      placeBid({ bidId: 'x2', bidderId: BOB, amount: 250, now: plus(DURING, SECOND) }),
      placeBid({ bidId: 'x3', bidderId: ALICE, amount: '300.00', now: plus(END, -SECOND) }),
      endLot(plus(END, 119 * SECOND)),
    ];
    let state = initialLotState();
    for (const command of commands) state = eventsOf(decide(command, state)).reduce(evolve, state);
    expect(state).toMatchObject({
      status: 'SOLD',
      bidCount: 3,
      topBid: { bidId: 'x3', bidderId: ALICE, amountCents: 30_000 },
      finalEnd: plus(END, 119 * SECOND).toISOString(),
      hosts: [HOST],
      shared: true,
      winnerId: ALICE,
      finalPriceCents: 30_000,
    });
    expect(reservePercentage(state as ExistingLot)).toBe(100);
  });

  it('ignores events other than LotCreated on an empty state', () => {
    expect(given(approved, scheduled(), wentLive(), bidPlaced('b1', ALICE, 100, true))).toEqual({ status: 'Empty' });
  });

  it('an accepted host accepting again and a declined host declining again are not duplicated', () => {
    expect(existing(created(), shared, hostAccepted(HOST), hostAccepted(HOST)).hosts).toEqual([HOST]);
    expect(existing(created(), shared, hostDeclined(HOST), hostDeclined(HOST)).hostsDeclined).toEqual([HOST]);
  });

  it('decide never mutates the state it is given', () => {
    const state = given(...LIVE_LOT, bidPlaced('b0', BOB, 10_000, true));
    const snapshot = structuredClone(state);
    decide(placeBid({ amount: 200, now: plus(END, -SECOND) }), state);
    decide(endLot(END), state);
    decide(update({ title: 'x' }), state);
    expect(state).toEqual(snapshot);
  });
});

// ---------------------------------------------------------------------------------------------

describe('reserve meter: reservePercentage, isReserveMet, hasReserve', () => {
  const withReserve = (reserveCents: number, ...bids: number[]): ExistingLot =>
    existing(
      created({ reserveCents }),
      approved,
      scheduled(),
      wentLive(),
      ...bids.map((cents, index) => bidPlaced(`b${index}`, index % 2 ? BOB : ALICE, cents, index === 0)),
    );

  it.each<[number, number[], number, boolean]>([
    [30_000, [], 0, false],
    [30_000, [1], 0, false], // 0.0033 % floors to 0
    [30_000, [10_000], 33.33, false],
    [30_000, [20_000], 66.66, false], // 66.666… floors, never rounds up
    [30_000, [29_999], 99.99, false], // 99.9966… must not show 100 before the reserve is met
    [30_000, [30_000], 100, true],
    [30_000, [10_000, 90_000], 100, true], // capped at 100
    [300, [1], 0.33, false],
    [1, [1], 100, true],
    [0, [], 0, false], // no reserve, no bids
    [0, [1], 100, true], // no reserve: met with any bid
  ])('reserve %i, bids %j → %f %%, met: %s', (reserveCents, bids, percentage, met) => {
    const lot = withReserve(reserveCents, ...bids);
    expect(reservePercentage(lot)).toBe(percentage);
    expect(isReserveMet(lot)).toBe(met);
    expect(hasReserve(lot)).toBe(reserveCents > 0);
  });
});

describe('the bid log', () => {
  const bidsOf = (count: number): AcceptedBid[] =>
    Array.from({ length: count }, (_, index) => ({
      bidId: `b${index}`,
      bidderId: index % 2 ? BOB : ALICE,
      amountCents: 10_000 + index * 100,
      isFirstBid: index === 0,
      placedAt: T0.toISOString(),
    }));

  it('keeps every bid across chunk boundaries, in order, findable by id for idempotent retries', () => {
    const bids = bidsOf(300);
    const lot = given(
      created(),
      approved,
      scheduled(),
      wentLive(),
      ...bids.map((bid) => ({ type: 'BidPlaced', data: bid }) as LotEvent),
    ) as ExistingLot;
    expect(listBids(lot.bids)).toEqual(bids);
    expect(lot.bidCount).toBe(300);
    expect(lot.topBid).toEqual(bids[299]);
    // A retry of a bid from the first (sealed) chunk answers as before, with no new event.
    const retry = decide({ ...placeBid(), bidId: 'b3', bidderId: BOB, amount: '103.00' }, lot);
    expect(retry).toMatchObject({ ok: true, events: [] });
    // The same id with another amount is refused.
    expect(decide({ ...placeBid(), bidId: 'b3', bidderId: BOB, amount: '103.01' }, lot)).toMatchObject({ ok: false, code: 'bid.invalid' });
  });

  it('never changes an earlier state when a later bid is added (states share chunks safely)', () => {
    const bids = bidsOf(130);
    let lot = given(created(), approved, scheduled(), wentLive()) as ExistingLot;
    const states: ExistingLot[] = [];
    for (const bid of bids) {
      lot = evolve(lot, { type: 'BidPlaced', data: bid }) as ExistingLot;
      states.push(lot);
    }
    // Branch from an old state: the sibling must not leak into the original history.
    const branch = evolve(states[63]!, { type: 'BidPlaced', data: { ...bids[64]!, bidId: 'other' } }) as ExistingLot;
    expect(listBids(branch.bids).map((bid) => bid.bidId)).toEqual([...bids.slice(0, 64).map((bid) => bid.bidId), 'other']);
    states.forEach((state, index) => expect(listBids(state.bids)).toEqual(bids.slice(0, index + 1)));
  });
});
