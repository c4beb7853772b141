import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId, type BrandAuctionConfiguredData } from '@trackside/contracts';
import { BrandAuctionSettingsProvider, EventStoreProvider } from '@trackside/auction-service';
import { eventually, LiveStack, makeUser, pushed, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';

/**
 * Staff change the brand's bidMinimumIncrement (Auction > Configure saves it; the catalogue
 * announces it as BrandAuctionConfigured): the next bid must meet the new increment, and the room's
 * minimumBid says so at once, without waiting for a bid.
 */
describe('the brand’s minimum increment in the lot room (e2e, PostgreSQL)', () => {
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

  async function configureIncrement(cents: number): Promise<void> {
    const data: BrandAuctionConfiguredData = {
      brand: BRAND,
      sniperProtectionSeconds: 120,
      displayLimit: 15,
      dateRangeLimitDays: 7,
      bidMinimumIncrementCents: cents,
      reserveMeterEnabled: true,
      reserveMeterFillColor: 'green',
      bidHoldRequired: false,
      bidHoldAmountCents: 10_000,
    };
    const store = stack.auction.service.app.get(EventStoreProvider).store;
    const metadata = { brand: BRAND, occurredAt: new Date().toISOString() };
    await store.append(brandStreamId(BRAND), [{ type: BRAND_EVENTS.auctionConfigured, data, metadata }], { expectedVersion: 'any' });
  }

  it('pushes the new minimumBid to the room and holds the next bid to it', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const a = await stack.client({ token: alice.token, brand: BRAND });
    expect((await a.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    const b = await stack.client({ token: bob.token, brand: BRAND });
    expect((await b.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    expect((await a.emit('bid', { auctionId: lotId, amount: 100 })).status).toBe('success');
    const before = await pushed(b, (payload) => payload.bidCount === 1);
    expect(before).toMatchObject({ minimumBid: 101, minIncrementAmount: 1 });

    await configureIncrement(2_500);
    // The room hears of it at once: a fresh snapshot with the brand's increment.
    const after = await pushed(b, (payload) => payload.bidCount === 1 && payload.minimumBid === 125);
    expect(after).toMatchObject({ minIncrementAmount: 25, resync: true });
    // The bid decider follows the same events.
    await eventually(
      async () => stack.auction.service.app.get(BrandAuctionSettingsProvider).forBrand(BRAND).bidMinimumIncrementCents,
      (cents) => cents === 2_500,
    );
    expect(await b.emit('bid', { auctionId: lotId, amount: 110 })).toMatchObject({
      status: 'failure',
      code: 'bid.invalid.increment.notMet',
      message: 'Bid does not meet or exceed the minimum increment amount.',
    });
    expect((await b.emit('bid', { auctionId: lotId, amount: 125 })).status).toBe('success');
    const next = await pushed(a, (payload) => payload.bidCount === 2);
    expect(next).toMatchObject({ topBidAmount: 125, minimumBid: 150, minIncrementAmount: 25 });
  });
});
