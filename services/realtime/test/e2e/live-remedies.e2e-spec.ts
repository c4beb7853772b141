import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStack, makeUser, pushed, type TestClient, type TestUser } from '../support/live-stack';

// Staff remedies reach an open lot page live (docs/decisions.md "Staff remedies"): the `auction`
// push after a void, an extension, a cancel and a relist carries the recomputed lot.

const BRAND = 'trackside';
const DAY = 86_400_000;

describe('staff remedies pushed to the lot room (e2e, PostgreSQL)', () => {
  let stack: LiveStack;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function joined(user: TestUser | null, lotId: string): Promise<TestClient> {
    const client = await stack.client({ token: user?.token, brand: BRAND });
    expect((await client.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    return client;
  }

  async function staffMutation(mutation: string, variables: Record<string, unknown>): Promise<void> {
    const result = await stack.gql(`mutation${mutation}`, variables, { token: staff.token, brand: BRAND });
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  }

  it('a voided fat-finger bid leaves the room: top bid, count and minimum bid follow without a reload', async () => {
    const lotId = await stack.liveLot(seller, staff, { reserve: 0 });
    const watcher = await joined(null, lotId);
    const a = await joined(alice, lotId);
    expect((await a.emit('bid', { auctionId: lotId, amount: 100 })).status).toBe('success');
    const b = await joined(bob, lotId);
    const fatFinger = await b.emit<{ id: string }>('bid', { auctionId: lotId, amount: 999_999_998 });
    expect(fatFinger.status).toBe('success');
    await pushed(watcher, (payload) => payload.topBidAmount === 999_999_998);

    await staffMutation(`($id: ID!, $bid: ID!) { voidBid(id: $id, bidId: $bid, reason: "Fat finger") { id } }`, {
      id: lotId,
      bid: fatFinger.data!.id,
    });
    for (const client of [watcher, a, b]) {
      const after = await pushed(client, (payload) => payload.changes.some((change) => change.type === 'BidVoided'));
      expect(after).toMatchObject({ status: 'LIVE', bidCount: 1, topBidAmount: 100, minimumBid: 101 });
      expect(after.bids.map((bid) => bid.amount)).toEqual([100]);
      expect(after.changes.find((change) => change.type === 'BidVoided')).toMatchObject({ bidId: fatFinger.data!.id, status: 'LIVE' });
    }
    // Bidding goes on from the recomputed top bid.
    expect((await b.emit('bid', { auctionId: lotId, amount: 101 })).status).toBe('success');
    const next = await pushed(watcher, (payload) => payload.changes.some((change) => change.type === 'BidPlaced' && change.amount === 101));
    expect(next).toMatchObject({ bidCount: 2, topBidAmount: 101, minimumBid: 102 });
  });

  it('an extension, a cancel and a relist are pushed with the new end and status; a canceled lot refuses bids', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const a = await joined(alice, lotId);
    expect((await a.emit('bid', { auctionId: lotId, amount: 50 })).status).toBe('success');
    const end = Date.parse(a.last()!.finalEndDate!);
    const newEnd = new Date(end + DAY);

    await staffMutation(`($id: ID!, $end: DateTime!) { extendAuction(id: $id, endDate: $end, reason: "Outage") { id } }`, {
      id: lotId,
      end: newEnd,
    });
    const extended = await pushed(a, (payload) => payload.finalEndDate === newEnd.toISOString());
    expect(extended.changes).toContainEqual(expect.objectContaining({ type: 'LotEndExtended', newEnd: newEnd.toISOString() }));

    await staffMutation(`($id: ID!) { cancelAuction(id: $id, reason: "Seller withdrew the car") { id } }`, { id: lotId });
    expect((await pushed(a, (payload) => payload.status === 'CANCELED')).bidCount).toBe(1);
    const refused = await a.emit('bid', { auctionId: lotId, amount: 60 });
    expect(refused).toMatchObject({
      status: 'failure',
      code: 'bid.invalid.auction.status.canceled',
      message: 'Auction has been canceled. Not accepting any bids.',
    });

    await staffMutation(`($id: ID!) { relistAuction(id: $id) { id } }`, { id: lotId });
    const relisted = await pushed(a, (payload) => payload.status === 'APPROVED');
    expect(relisted).toMatchObject({ bidCount: 0, topBid: null, topBidAmount: null, bids: [], finalEndDate: null, minimumBid: 0.01 });
  });
});
