import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId, DEFAULT_BRAND_AUCTION_SETTINGS, type BrandAuctionConfiguredData } from '@trackside/contracts';
import { errorCode } from '../../../auction/test/support/auction-test-app';
import { BrandAuctionSettingsProvider, EventStoreProvider } from '@trackside/auction-service';
import { eventually, LiveStack, makeUser, pushed, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';
const BID = `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }`;

/**
 * Issue 19: the `minimumBid` a lot room is pushed and the smallest amount `createBid` accepts are
 * one rule (libs/contracts/src/auction/lot-rules.ts). With a brand increment of 2.50 (not the 1.00
 * default), the pushed minimum is accepted and one cent less is refused, for the first bid and after it.
 */
describe('the pushed minimumBid is the smallest bid createBid accepts (e2e, PostgreSQL)', () => {
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
    const data: BrandAuctionConfiguredData = { ...DEFAULT_BRAND_AUCTION_SETTINGS, brand: BRAND, bidMinimumIncrementCents: 250 };
    const store = stack.auction.service.app.get(EventStoreProvider).store;
    const metadata = { brand: BRAND, occurredAt: new Date().toISOString() };
    await store.append(brandStreamId(BRAND), [{ type: BRAND_EVENTS.auctionConfigured, data, metadata }], { expectedVersion: 'any' });
    // The bid decider follows the brand's events; the realtime gateway does too (checked by its push below).
    await eventually(
      async () => stack.auction.service.app.get(BrandAuctionSettingsProvider).forBrand(BRAND).bidMinimumIncrementCents,
      (cents) => cents === 250,
    );
  });
  afterAll(async () => {
    await stack?.close();
  });

  const bid = async (user: TestUser, lotId: string, amount: number) =>
    errorCode(await stack.gql(BID, { a: lotId, m: amount }, { token: user.token, brand: BRAND }));

  it('agrees for the first bid and for the bids after it', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const watcher = await stack.client({ token: bob.token, brand: BRAND });
    expect((await watcher.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    const opening = await pushed(watcher, (payload) => payload.status === 'LIVE' && payload.minIncrementAmount === 2.5);
    expect(await bid(alice, lotId, opening.minimumBid - 0.01)).toBe('bid.invalid.firstBid.tooLow');
    expect(await bid(alice, lotId, opening.minimumBid)).toBeUndefined();

    let last = opening.minimumBid;
    for (const [user, round] of [
      [bob, 1],
      [alice, 2],
      [bob, 3],
    ] as const) {
      const payload = await pushed(watcher, (next) => next.bidCount === round);
      expect(payload.topBidAmount).toBe(last);
      expect(payload.minimumBid).toBe(Math.round((last + 2.5) * 100) / 100);
      expect(await bid(user, lotId, Math.round((payload.minimumBid - 0.01) * 100) / 100)).toBe('bid.invalid.increment.notMet');
      expect(await bid(user, lotId, payload.minimumBid)).toBeUndefined();
      last = payload.minimumBid;
    }
  });
});
