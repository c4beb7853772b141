import { numbersIn } from '@trackside/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

// Proxy bidding end to end through the auction subgraph (issue 21, docs/proxy-bidding.md): two
// bidders' maxima and a late manual bid inside the soft-close window: the final price, the winner,
// the extension, what each bidder was told, and that no maximum reaches anyone else.

const BRAND = 'trackside';
const DAY = 86_400_000;
const SECOND = 1_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status bidCount topBidAmount topBid { id amount bidder { id } } finalEndDate winner { id } } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id amount } outbidAutomatically } }`;
const SET_MAX = `mutation($auction: ID!, $amount: Float!) { setMaxBid(input: { auction: $auction, amount: $amount }) { maxBid { auction maximum currentBid highBidder } } }`;
const MY_MAX = `query($auction: ID!) { myMaxBid(auction: $auction) { maximum currentBid highBidder } }`;
const BIDS = `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:asc") { id amount bidder { id } } }`;
const HISTORY = `query($id: ID!) { lotHistory(id: $id) { events { type amount bidder { id } summary } } }`;
const TYPES = `{ __schema { types { name fields { name } } } }`;

interface Lot {
  status: string;
  bidCount: number;
  topBidAmount: number | null;
  topBid: { id: string; amount: number; bidder: { id: string } | null } | null;
  finalEndDate: string | null;
  winner: { id: string } | null;
}
interface MaxBid {
  maximum: number;
  currentBid: number | null;
  highBidder: boolean;
}

describe('proxy bidding (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let watcher: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create({ scheduler: true });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
    carol = makeUser(BRAND, { name: 'carol' });
    watcher = makeUser(BRAND, { name: 'watcher' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const ok = <T>(result: GqlResult<T>): T => {
    expect(result.errors).toBeUndefined();
    return result.data!;
  };
  const lot = async (id: string, user: TestUser = watcher): Promise<Lot> =>
    ok(await app.gql<{ auction: Lot }>(LOT, { id }, { token: user.token })).auction;
  const setMax = (auction: string, user: TestUser, amount: number) =>
    app.gql<{ setMaxBid: { maxBid: MaxBid } }>(SET_MAX, { auction, amount }, { token: user.token });
  const myMax = async (auction: string, user: TestUser): Promise<MaxBid | null> =>
    ok(await app.gql<{ myMaxBid: MaxBid | null }>(MY_MAX, { auction }, { token: user.token })).myMaxBid;

  /** The test clock runs in real time from an offset: move it so that now is `instant`. */
  const jumpTo = (instant: Date): void => app.clock.advance(instant.getTime() - app.clock.now().getTime());

  async function liveLot(): Promise<{ id: string; end: Date }> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title: 'Lancia Fulvia',
          sellerType: 'Private',
          userDescription: 'Red.',
          reserve: 0,
          currency: 'USD',
          address: { country: 'IT' },
          contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          paymentType: 'ONE_TIME',
        },
      },
      { token: seller.token },
    );
    const id = ok(created).createAuction.auction.id;
    const asStaff = (query: string, variables: Record<string, unknown>): Promise<GqlResult> =>
      app.gql(query, variables, { token: staff.token, brand: BRAND });
    ok(await asStaff(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }));
    const start = new Date(app.clock.now().getTime() + 1000);
    const end = new Date(start.getTime() + 7 * DAY);
    ok(
      await asStaff(`mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`, {
        id,
        s: start,
        e: end,
      }),
    );
    app.clock.advance(1500);
    await eventually(
      () => lot(id),
      (current) => current.status === 'LIVE',
    );
    return { id, end };
  }

  it('two maxima and a late manual bid: price, winner, extension, what each was told, and no maximum to anyone else', async () => {
    const { id, end } = await liveLot();

    // Alice's maximum opens the bidding; Bob's lower one is answered at once, one increment above it.
    expect(ok(await setMax(id, alice, 500)).setMaxBid.maxBid).toEqual({ auction: id, maximum: 500, currentBid: 0.01, highBidder: true });
    expect(ok(await setMax(id, bob, 300)).setMaxBid.maxBid).toEqual({ auction: id, maximum: 300, currentBid: 301, highBidder: false });

    // A late manual bid inside the soft-close window (120 s): accepted, answered by Alice's proxy, and the end moves.
    jumpTo(new Date(end.getTime() - 60 * SECOND));
    const lateAt = app.clock.now().getTime();
    const late = ok(
      await app.gql<{ createBid: { bid: { amount: number }; outbidAutomatically: boolean } }>(
        BID,
        { auction: id, amount: 400 },
        { token: carol.token },
      ),
    );
    expect(late.createBid).toMatchObject({ bid: { amount: 400 }, outbidAutomatically: true });
    const answeredAt = app.clock.now().getTime();
    const extended = await lot(id);
    expect(extended).toMatchObject({ status: 'LIVE', topBidAmount: 401, topBid: { amount: 401, bidder: { id: alice.id } } });
    const newEnd = new Date(extended.finalEndDate!).getTime();
    expect(newEnd).toBeGreaterThanOrEqual(lateAt + 120 * SECOND);
    expect(newEnd).toBeLessThanOrEqual(answeredAt + 120 * SECOND);

    // Each bidder sees their own maximum only; the watcher has none and sees the visible price.
    expect(await myMax(id, alice)).toEqual({ maximum: 500, currentBid: 401, highBidder: true });
    expect(await myMax(id, bob)).toEqual({ maximum: 300, currentBid: 401, highBidder: false });
    expect(await myMax(id, carol)).toBeNull();
    expect(await myMax(id, watcher)).toBeNull();
    const publicBids = ok(await app.gql<{ bids: Array<{ amount: number; bidder: { id: string } | null }> }>(BIDS, { id }));
    expect(publicBids.bids.map((bid) => bid.amount)).toEqual([0.01, 301, 400, 401]);
    expect(numbersIn(publicBids)).not.toContain(500);

    // No public type carries a maximum: only the bidder's own MyMaxBid and the setMaxBid payload do.
    const schema = ok(await app.gql<{ __schema: { types: Array<{ name: string; fields: Array<{ name: string }> | null }> } }>(TYPES, {}));
    const withMaximum = schema.__schema.types.filter((type) => type.fields?.some((field) => /maximum|maxBid/i.test(field.name)));
    expect(withMaximum.map((type) => type.name).sort()).toEqual(['Mutation', 'MyMaxBid', 'Query', 'SetMaxBidPayload']);

    // The dispute desk sees the maxima and which bids were automatic.
    const history = ok(
      await app.gql<{
        lotHistory: { events: Array<{ type: string; amount: number | null; bidder: { id: string } | null; summary: string }> };
      }>(HISTORY, { id }, { token: staff.token }),
    ).lotHistory;
    const maxima = history.events.filter((event) => event.type === 'MaxBidSet');
    expect(maxima.map((event) => [event.bidder?.id, event.amount])).toEqual([
      [alice.id, 500],
      [bob.id, 300],
    ]);
    const automatic = history.events.filter((event) => event.type === 'BidPlaced' && event.summary.includes('automatic'));
    expect(automatic.map((event) => event.amount)).toEqual([0.01, 301, 401]);
    // A bidder cannot read the desk's timeline.
    expect(errorCode(await app.gql(HISTORY, { id }, { token: bob.token }))).toBeTruthy();

    // The extended end passes: Alice wins at the visible price, not at her maximum.
    jumpTo(new Date(newEnd + SECOND));
    const ended = await eventually(
      () => lot(id),
      (current) => current.status === 'SOLD',
    );
    expect(ended).toMatchObject({ topBidAmount: 401, winner: { id: alice.id } });
  });

  it('refuses a maximum below the visible price with the bid codes, and a lowered one below the price with bid.max.belowPrice', async () => {
    const { id } = await liveLot();
    ok(await app.gql(BID, { auction: id, amount: 100 }, { token: bob.token }));
    expect(errorCode(await setMax(id, alice, 100))).toBe('bid.invalid.amount.tooLow');
    expect(errorCode(await setMax(id, alice, 100.5))).toBe('bid.invalid.increment.notMet');
    expect(errorCode(await setMax(id, seller, 900))).toBe('bid.invalid.own.auction');
    ok(await setMax(id, alice, 250));
    expect(errorCode(await setMax(id, alice, 100))).toBe('bid.max.belowPrice');
    const types = (await app.service.app.get(EventStoreProvider).store.readStream(`lot-${id}`)).map((event) => event.type);
    expect(types.filter((type) => type === 'MaxBidSet')).toHaveLength(1);
  });
});
