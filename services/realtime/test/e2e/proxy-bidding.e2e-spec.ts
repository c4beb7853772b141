import { numbersIn } from '@trackside/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, LiveStack, makeUser, pushed, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';
const SET_MAX = `mutation($auction: ID!, $amount: Float!) { setMaxBid(input: { auction: $auction, amount: $amount }) { maxBid { maximum currentBid highBidder } } }`;

/**
 * Proxy bidding over the socket, in the production topology (issue 21, docs/proxy-bidding.md): a
 * maximum set through the gateway, a socket bid it covers is acked as the spec says plus the
 * automatic outbid notice, and the room sees the automatic answer but never the maximum.
 */
describe('proxy bidding in the lot room (e2e, PostgreSQL)', () => {
  let stack: LiveStack;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
    carol = makeUser(BRAND, { name: 'carol' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('acks a covered socket bid with the outbid notice; the room gets the automatic bid, never the maximum', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const watcher = await stack.client({ token: carol.token, brand: BRAND });
    expect((await watcher.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    const bidder = await stack.client({ token: bob.token, brand: BRAND });
    expect((await bidder.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');

    const set = await stack.gql<{ setMaxBid: { maxBid: unknown } }>(
      SET_MAX,
      { auction: lotId, amount: 543.21 },
      { token: alice.token, brand: BRAND },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setMaxBid.maxBid).toEqual({ maximum: 543.21, currentBid: 0.01, highBidder: true });
    await pushed(watcher, (payload) => payload.bidCount === 1);

    const ack = await bidder.emit('bid', { auctionId: lotId, amount: 200 });
    expect(ack).toMatchObject({
      status: 'success',
      message: 'Successfully bid',
      data: { amount: 200 },
      outbidAutomatically: true,
      notice: "You've been outbid by an automatic bid",
    });
    const answered = await pushed(watcher, (payload) => payload.bidCount === 3);
    expect(answered).toMatchObject({ topBidAmount: 201, minimumBid: 202, topBid: { amount: 201, bidder: { id: alice.id } } });

    // A bid above the maximum is acked as the spec says, with no notice.
    const above = await bidder.emit('bid', { auctionId: lotId, amount: 600 });
    expect(above).toEqual({ status: 'success', message: 'Successfully bid', data: expect.objectContaining({ amount: 600 }) });
    await eventually(
      async () => watcher.last(),
      (payload) => payload?.topBidAmount === 600,
    );
    for (const client of [watcher, bidder]) {
      const everything = JSON.stringify(client.auctions);
      expect(everything).not.toContain('MaxBidSet');
      expect(numbersIn(client.auctions)).not.toContain(543.21);
      expect(numbersIn(client.auctions)).not.toContain(54321);
      expect(everything).not.toMatch(/automatic|maxim/i);
    }
  });
});
