import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RejectedBidAudit } from '../../src/replay/rejected-bid-audit';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const HOME = 'trackside';
const HOST = 'jewelry';
const DAY = 86_400_000;

const BID = `mutation($auction: ID!, $amount: Float!, $id: ID) { createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) { bid { id } } }`;
const HISTORY = `query($id: ID!, $v: Int, $at: DateTime) { lotHistory(id: $id, asOfVersion: $v, asOf: $at) {
  lotId title currency brand status streamVersion asOfVersion
  asOfState { version status topBidAmount topBidId topBidder { id } bidCount finalEndDate scheduledStartDate reserveMet minimumBid }
  events { version type occurredAt actorId actor { id } channel correlationId causationId amount bidId bidder { id } summary }
  rejectedAttempts { attemptedAt actorId actor { id } code message channel correlationId bidId amount suppressedCount }
} }`;

interface AsOfState {
  version: number;
  status: string | null;
  topBidAmount: number | null;
  topBidId: string | null;
  topBidder: { id: string } | null;
  bidCount: number;
  reserveMet: boolean | null;
  minimumBid: number | null;
}
interface HistoryEvent {
  version: number;
  type: string;
  occurredAt: string;
  actor: { id: string } | null;
  channel: string | null;
  correlationId: string | null;
  amount: number | null;
  bidId: string | null;
  bidder: { id: string } | null;
  summary: string;
}
interface Attempt {
  actor: { id: string } | null;
  code: string;
  message: string;
  channel: string | null;
  correlationId: string | null;
  bidId: string | null;
  amount: string | null;
  suppressedCount: number | null;
}
interface History {
  title: string;
  currency: string;
  brand: string;
  status: string;
  streamVersion: number;
  asOfVersion: number;
  asOfState: AsOfState;
  events: HistoryEvent[];
  rejectedAttempts: Attempt[];
}

describe('lotHistory for the dispute desk (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let hostStaff: TestUser;
  let bidders: TestUser[];
  let lotId: string;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(HOME, { name: 'seller' });
    staff = makeUser(HOME, { name: 'staff', staff: true });
    hostStaff = makeUser(HOST, { name: 'host-staff', staff: true });
    bidders = ['alice', 'bob', 'carol'].map((name) => makeUser(HOME, { name }));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  const history = (variables: Record<string, unknown>, user: TestUser = staff) =>
    app.gql<{ lotHistory: History | null }>(HISTORY, { id: lotId, ...variables }, { token: user.token, brand: user.brand });

  async function staffCall(mutation: string, id: string, user = staff, extra = ''): Promise<void> {
    await ok(app.gql(`mutation($id: ID!) { ${mutation}(id: $id${extra}) { id } }`, { id }, { token: user.token, brand: user.brand }));
  }

  it('builds a live network lot with a burst of bids from several bidders', async () => {
    const created = await ok(
      app.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: 'Ferrari 250 GT SWB',
            sellerType: 'Dealer',
            userDescription: 'Matching numbers.',
            reserve: 300,
            currency: 'EUR',
            address: { country: 'IT' },
            contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: seller.token },
      ),
    );
    lotId = created.createAuction.auction.id;
    await staffCall('approveAuction', lotId, staff, ', confirmUnpaid: true');
    await staffCall('sendAuctionToNetwork', lotId);
    await staffCall('acceptAuction', lotId, hostStaff);
    const start = new Date(app.clock.now().getTime() + 1000);
    await ok(
      app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { id } }`,
        { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
        { token: staff.token },
      ),
    );
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } | null }>(`query($id: ID!) { auction(id: $id) { status } }`, { id: lotId }),
      (result) => result.data?.auction?.status === 'LIVE',
    );
    const [alice, bob, carol] = bidders as [TestUser, TestUser, TestUser];
    const bid = (user: TestUser, amount: number, id: string | null = randomUUID()) =>
      app.gql(BID, { auction: lotId, amount, id }, { token: user.token });
    await ok(bid(alice, 100));
    await ok(bid(bob, 200));
    expect(errorCode(await bid(alice, 150))).toBe('bid.invalid.amount.tooLow');
    expect(errorCode(await bid(bob, 250, 'not-a-uuid'))).toBe('bid.invalid');
    await ok(bid(carol, 250));
    await ok(bid(alice, 400));
  });

  it('answers title, currency, brands, and each event with actor, channel, money, bid id, bidder and a line', async () => {
    const full = (await ok(history({}))).lotHistory!;
    expect(full).toMatchObject({ title: 'Ferrari 250 GT SWB', currency: 'EUR', brand: HOME, status: 'LIVE' });
    expect(full.streamVersion).toBe(full.events.length);
    const [alice, bob] = bidders as [TestUser, TestUser];
    const bids = full.events.filter((event) => event.type === 'BidPlaced');
    expect(bids.map((event) => [event.amount, event.bidder?.id, event.actor?.id, event.channel])).toEqual([
      [100, alice.id, alice.id, 'graphql'],
      [200, bob.id, bob.id, 'graphql'],
      [250, bidders[2]!.id, bidders[2]!.id, 'graphql'],
      [400, alice.id, alice.id, 'graphql'],
    ]);
    expect(bids[0]!.summary).toBe('Bid 100.00 EUR (first bid)');
    expect(bids.every((event) => event.bidId && event.correlationId)).toBe(true);
    const live = full.events.find((event) => event.type === 'LotWentLive')!;
    expect(live).toMatchObject({ actor: null, channel: 'scheduler', summary: 'Went live', amount: null, bidder: null });
    expect(full.events.find((event) => event.type === 'LotHostAccepted')).toMatchObject({
      actor: { id: hostStaff.id },
      summary: `Accepted by ${HOST}`,
    });
    expect(full.events.find((event) => event.type === 'LotApproved')!.summary).toBe('Approved (package unpaid, confirmed)');

    expect(full.rejectedAttempts).toEqual([
      expect.objectContaining({
        actor: { id: alice.id },
        code: 'bid.invalid.amount.tooLow',
        message: 'Bid does not exceed the highest current bid.',
        channel: 'graphql',
        amount: '150',
        suppressedCount: null,
      }),
      // A malformed client bid id on an existing lot is recorded too, as received.
      expect.objectContaining({
        actor: { id: bob.id },
        code: 'bid.invalid',
        message: 'The bid id must be a UUID.',
        bidId: 'not-a-uuid',
        amount: '250',
      }),
    ]);
  });

  it('answers the state as of a middle version and as of an instant, with the brand increment', async () => {
    const full = (await ok(history({}))).lotHistory!;
    const bobsBid = full.events.find((event) => event.type === 'BidPlaced' && event.amount === 200)!;
    const middle = (await ok(history({ v: bobsBid.version }))).lotHistory!;
    expect(middle.asOfVersion).toBe(bobsBid.version);
    expect(middle.asOfState).toEqual({
      version: bobsBid.version,
      status: 'LIVE',
      topBidAmount: 200,
      topBidId: bobsBid.bidId,
      topBidder: { id: bidders[1]!.id },
      bidCount: 2,
      finalEndDate: expect.any(String),
      scheduledStartDate: expect.any(String),
      reserveMet: false,
      // 200.00 plus the brand's default increment of 1.00 (the lot sets none).
      minimumBid: 201,
    });
    const atCarol = full.events.find((event) => event.type === 'BidPlaced' && event.amount === 250)!;
    const instant = (await ok(history({ at: atCarol.occurredAt }))).lotHistory!;
    expect(instant.asOfState).toMatchObject({ version: atCarol.version, topBidAmount: 250, bidCount: 3, reserveMet: false });
    const now = (await ok(history({}))).lotHistory!;
    expect(now.asOfState).toMatchObject({
      topBidAmount: 400,
      topBidder: { id: bidders[0]!.id },
      bidCount: 4,
      reserveMet: true,
      minimumBid: 401,
    });
    const before = (await ok(history({ v: 0 }))).lotHistory!;
    expect(before.asOfState).toMatchObject({ version: 0, status: null, topBidAmount: null, reserveMet: null, minimumBid: null });
  });

  it('is readable by staff of a brand hosting the lot, refused to other brands and to non-staff', async () => {
    const hosted = await history({}, hostStaff);
    expect(hosted.errors).toBeUndefined();
    expect(hosted.data!.lotHistory!.events.length).toBeGreaterThan(0);
    // A lot the other brand does not host does not exist for its staff.
    const foreign = await app.gql(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: 'Not shared',
          sellerType: 'Dealer',
          userDescription: 'x',
          reserve: 0,
          currency: 'USD',
          address: { country: 'US' },
          contactInfo: { name: 'S', email: 's@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
        },
      },
      { token: seller.token },
    );
    const unshared = (foreign.data as { createAuction: { auction: { id: string } } }).createAuction.auction.id;
    const refused = await app.gql(HISTORY, { id: unshared }, { token: hostStaff.token, brand: HOST });
    expect(errorCode(refused)).toBe('auction.notFound');
    expect(errorCode(await history({}, bidders[0]!))).toBe('FORBIDDEN');
    expect(errorCode(await history({}, seller))).toBe('FORBIDDEN');
  });

  it('bounds the audit per lot and bidder: past the limit, refusals are counted into one summary', async () => {
    const dave = makeUser(HOME, { name: 'dave' });
    // 30 refused bids (too low) from one bidder; the default allowance is 20 a minute.
    for (let index = 0; index < 30; index += 1)
      expect(errorCode(await app.gql(BID, { auction: lotId, amount: 1, id: randomUUID() }, { token: dave.token }))).toBe(
        'bid.invalid.amount.tooLow',
      );
    // The window would close after a minute; a shutdown writes its summary at once.
    await app.service.app.get(RejectedBidAudit).onApplicationShutdown();
    const attempts = (await ok(history({}))).lotHistory!.rejectedAttempts.filter((attempt) => attempt.actor?.id === dave.id);
    expect(attempts.filter((attempt) => attempt.suppressedCount === null)).toHaveLength(20);
    expect(attempts.filter((attempt) => attempt.suppressedCount !== null)).toEqual([
      expect.objectContaining({
        code: 'bid.invalid.amount.tooLow',
        suppressedCount: 10,
        message: '10 more attempts suppressed (bid.invalid.amount.tooLow × 10)',
      }),
    ]);
  });
});
