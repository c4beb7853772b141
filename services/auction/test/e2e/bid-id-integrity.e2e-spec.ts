import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

// Issue 18, "Integrity of bids": a client bid id is unique across lots (docs/decisions.md
// "Client bid ids are unique across lots"). The probe's reproduction: bidder A's accepted id reused by
// bidder B on another lot was accepted, answered with the first lot's amount, appended a BidPlaced,
// and left lot B with topBid null while topBidAmount and bidCount counted it.

const BRAND = 'trackside';
const DAY = 86_400_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status bidCount topBidAmount topBid { id amount bidder { id } } } }`;
const BID = `mutation($auction: ID!, $amount: Float!, $id: ID) { createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) { bid { id amount isFirstBid } } }`;
const BIDS = `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:desc") { id amount } }`;

interface Lot {
  id: string;
  status: string;
  bidCount: number;
  topBidAmount: number | null;
  topBid: { id: string; amount: number; bidder: { id: string } | null } | null;
}
type BidAnswer = GqlResult<{ createBid: { bid: { id: string; amount: number; isFirstBid: boolean } } }>;

describe('client bid ids are unique across lots (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const lot = async (id: string): Promise<Lot> => (await app.gql<{ auction: Lot }>(LOT, { id }, { token: staff.token })).data!.auction;
  const bidsOf = async (id: string): Promise<Array<{ id: string; amount: number }>> =>
    (await app.gql<{ bids: Array<{ id: string; amount: number }> }>(BIDS, { id })).data!.bids;
  const bid = (auction: string, user: TestUser, amount: number, id?: string): Promise<BidAnswer> =>
    app.gql(BID, { auction, amount, id }, { token: user.token });
  const lotEventTypes = async (id: string): Promise<string[]> =>
    (await app.service.app.get(EventStoreProvider).store.readStream(`lot-${id}`)).map((event) => event.type);

  async function liveLot(): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title: 'Alpine A110',
          sellerType: 'Private',
          userDescription: 'Blue.',
          reserve: 0,
          currency: 'USD',
          address: { country: 'FR' },
          contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          paymentType: 'ONE_TIME',
        },
      },
      { token: seller.token },
    );
    const id = created.data!.createAuction.auction.id;
    const asStaff = (query: string, variables: Record<string, unknown>): Promise<GqlResult> =>
      app.gql(query, variables, { token: staff.token, brand: BRAND });
    expect(
      (await asStaff(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id })).errors,
    ).toBeUndefined();
    const start = new Date(app.clock.now().getTime() + 1000);
    const scheduled = await asStaff(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
    );
    expect(scheduled.errors).toBeUndefined();
    app.clock.advance(1500);
    await eventually(
      () => lot(id),
      (current) => current.status === 'LIVE',
    );
    return id;
  }

  it("probe: bidder B reusing bidder A's accepted id on another lot is refused with bid.invalid and changes nothing", async () => {
    const lotA = await liveLot();
    const lotB = await liveLot();
    const shared = randomUUID();
    const first = await bid(lotA, alice, 150, shared);
    expect(first.errors).toBeUndefined();

    const reused = await bid(lotB, bob, 900, shared);
    expect(errorCode(reused)).toBe('bid.invalid');
    // Nothing changed on lot B: no BidPlaced in its history, and its read model agrees with the history.
    expect(await lotEventTypes(lotB)).not.toContain('BidPlaced');
    expect(await lot(lotB)).toMatchObject({ bidCount: 0, topBidAmount: null, topBid: null });
    expect(await bidsOf(lotB)).toEqual([]);
    // Lot A keeps its bid, answered by its own bidder only.
    expect(await lot(lotA)).toMatchObject({
      bidCount: 1,
      topBidAmount: 150,
      topBid: { id: shared, amount: 150, bidder: { id: alice.id } },
    });

    // A different bidder on the same lot, and the same bidder on another lot, are refused too.
    expect(errorCode(await bid(lotA, bob, 150, shared))).toBe('bid.invalid');
    expect(errorCode(await bid(lotB, alice, 150, shared))).toBe('bid.invalid');
    expect(await lotEventTypes(lotB)).not.toContain('BidPlaced');
    expect((await lot(lotA)).bidCount).toBe(1);

    // Lot B still takes bids with fresh ids, and its top bid is the one its history says.
    const fresh = await bid(lotB, bob, 900);
    expect(fresh.errors).toBeUndefined();
    expect(await lot(lotB)).toMatchObject({ bidCount: 1, topBidAmount: 900, topBid: { amount: 900, bidder: { id: bob.id } } });
  });

  it('a retry by the same bidder on the same lot with the same amount gets the original answer; another amount is refused', async () => {
    const lotA = await liveLot();
    const id = randomUUID().toUpperCase();
    const first = await bid(lotA, alice, 120, id);
    expect(first.errors).toBeUndefined();
    const retry = await bid(lotA, alice, 120, id);
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.createBid.bid).toEqual(first.data!.createBid.bid);
    expect(errorCode(await bid(lotA, alice, 130, id))).toBe('bid.invalid');
    expect((await lotEventTypes(lotA)).filter((type) => type === 'BidPlaced')).toHaveLength(1);
    expect(await lot(lotA)).toMatchObject({ bidCount: 1, topBidAmount: 120 });
  });

  it('two bidders racing with the same new id on two lots: exactly one is accepted', async () => {
    const lotA = await liveLot();
    const lotB = await liveLot();
    const shared = randomUUID();
    const answers = await Promise.all([bid(lotA, alice, 200, shared), bid(lotB, bob, 300, shared)]);
    const accepted = answers.filter((answer) => answer.errors === undefined);
    expect(accepted).toHaveLength(1);
    expect(answers.map(errorCode).filter(Boolean)).toEqual(['bid.invalid']);
    const counts = [(await lot(lotA)).bidCount, (await lot(lotB)).bidCount];
    expect(counts.sort()).toEqual([0, 1]);
  });
});
