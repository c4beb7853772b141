import { eventDataRecord } from '@trackside/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { AuctionTestApp, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

// A staff void on a lot with maxima, through the real remedy mutation (issue 21, docs/proxy-bidding.md
// "Voids and maxima"): voiding a manual bid a proxy answered voids the answer with it, voiding the top
// automatic bid leaves its maximum standing, and each time the maxima re-run at once, as ordinary
// automatic bids, so the price is what the remaining maxima imply.

const BRAND = 'trackside';
const DAY = 86_400_000;
const SECOND = 1_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT_FIELDS = `id status bidCount topBidAmount topBid { id amount bidder { id } } winner { id }`;
const LOT = `query($id: ID!) { auction(id: $id) { ${LOT_FIELDS} } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id amount } outbidAutomatically } }`;
const SET_MAX = `mutation($auction: ID!, $amount: Float!) { setMaxBid(input: { auction: $auction, amount: $amount }) { maxBid { currentBid highBidder } } }`;
const MY_MAX = `query($auction: ID!) { myMaxBid(auction: $auction) { maximum currentBid highBidder } }`;
const VOID = `mutation($id: ID!, $bid: ID!, $reason: String!) { voidBid(id: $id, bidId: $bid, reason: $reason) { ${LOT_FIELDS} } }`;
const BIDS = `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:asc") { id amount bidder { id } } }`;

interface Lot {
  status: string;
  bidCount: number;
  topBidAmount: number | null;
  topBid: { id: string; amount: number; bidder: { id: string } | null } | null;
  winner: { id: string } | null;
}

describe('a staff void re-runs the maxima (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  const seller = makeUser(BRAND, { name: 'seller' });
  const staff = makeUser(BRAND, { name: 'staff', staff: true });
  const alice = makeUser(BRAND, { name: 'alice' });
  const bob = makeUser(BRAND, { name: 'bob' });
  const carol = makeUser(BRAND, { name: 'carol' });

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const ok = <T>(result: GqlResult<T>): T => {
    expect(result.errors).toBeUndefined();
    return result.data!;
  };
  const as = <T>(user: TestUser, query: string, variables: Record<string, unknown>): Promise<T> =>
    app.gql<T>(query, variables, { token: user.token, brand: BRAND }).then(ok);
  const lot = async (id: string): Promise<Lot> => (await as<{ auction: Lot }>(carol, LOT, { id })).auction;
  const voidBid = async (id: string, bid: string): Promise<Lot> =>
    (await as<{ voidBid: Lot }>(staff, VOID, { id, bid, reason: 'Disputed by the bidder' })).voidBid;
  const jumpTo = (instant: number): void => app.clock.advance(instant - app.clock.now().getTime());

  async function liveLot(): Promise<{ id: string; end: number }> {
    const created = await as<{ createAuction: { auction: { id: string } } }>(seller, CREATE, {
      data: {
        title: 'Alfa Romeo Giulia',
        sellerType: 'Private',
        userDescription: 'Blue.',
        reserve: 0,
        currency: 'USD',
        address: { country: 'IT' },
        contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
        hasAgreedToTerms: true,
        packageId: 'basic',
        paymentType: 'ONE_TIME',
      },
    });
    const id = created.createAuction.auction.id;
    await as(staff, `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id });
    const start = app.clock.now().getTime() + SECOND;
    const end = start + 7 * DAY;
    await as(staff, `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`, {
      id,
      s: new Date(start),
      e: new Date(end),
    });
    app.clock.advance(1500);
    await eventually(
      () => lot(id),
      (current) => current.status === 'LIVE',
    );
    return { id, end };
  }

  it('voiding a manual bid and its automatic answer, then the top automatic bid: the maxima settle the price each time', async () => {
    const { id, end } = await liveLot();
    ok(await app.gql(SET_MAX, { auction: id, amount: 1000 }, { token: alice.token }));
    expect(
      ok(await app.gql<{ setMaxBid: { maxBid: object } }>(SET_MAX, { auction: id, amount: 1500 }, { token: bob.token })).setMaxBid.maxBid,
    ).toEqual({
      currentBid: 1001,
      highBidder: true,
    });
    const carols = (
      await as<{ createBid: { bid: { id: string }; outbidAutomatically: boolean } }>(carol, BID, { auction: id, amount: 1200 })
    ).createBid;
    expect(carols.outbidAutomatically).toBe(true);
    expect(await lot(id)).toMatchObject({ topBidAmount: 1201, bidCount: 4 });

    // Carol's bid is voided, and Bob's answer to it: Bob leads again at 1,001 over Alice's maximum.
    const afterManual = await voidBid(id, carols.bid.id);
    expect(afterManual).toMatchObject({ status: 'LIVE', bidCount: 2, topBidAmount: 1001, topBid: { bidder: { id: bob.id } } });
    const bobsBid = afterManual.topBid!.id;

    // Bob's automatic bid is voided: his maximum stands, so the engine bids 1,001 for him again, as a new bid.
    const afterAutomatic = await voidBid(id, bobsBid);
    expect(afterAutomatic).toMatchObject({ status: 'LIVE', bidCount: 2, topBidAmount: 1001, topBid: { bidder: { id: bob.id } } });
    expect(afterAutomatic.topBid!.id).not.toBe(bobsBid);
    const bids = (await as<{ bids: Array<{ amount: number; bidder: { id: string } | null }> }>(carol, BIDS, { id })).bids;
    expect(bids.map((bid) => [bid.amount, bid.bidder?.id])).toEqual([
      [0.01, alice.id],
      [1001, bob.id],
    ]);
    expect((await as<{ myMaxBid: object }>(bob, MY_MAX, { auction: id })).myMaxBid).toEqual({
      maximum: 1500,
      currentBid: 1001,
      highBidder: true,
    });
    expect((await as<{ myMaxBid: object }>(alice, MY_MAX, { auction: id })).myMaxBid).toEqual({
      maximum: 1000,
      currentBid: 1001,
      highBidder: false,
    });

    // The log: three voids and the re-run bid, marked automatic, right after the last void.
    const log = await app.service.app.get(EventStoreProvider).store.readStream(`lot-${id}`);
    const tail = log.slice(-4).map((event) => [event.type, eventDataRecord(event).automatic === true]);
    expect(tail).toEqual([
      ['BidVoided', false],
      ['BidVoided', false],
      ['BidVoided', false],
      ['BidPlaced', true],
    ]);

    // The lot ends: Bob wins at the price the maxima imply.
    jumpTo(end + SECOND);
    expect(
      await eventually(
        () => lot(id),
        (current) => current.status === 'SOLD',
      ),
    ).toMatchObject({ topBidAmount: 1001, winner: { id: bob.id } });
  });
});
