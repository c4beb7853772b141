import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type TestUser } from '../support/auction-test-app';

const BRAND = 'trackside';
const DAY = 86_400_000;
const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status } }`;
const WATCHED = `{ myWatchedAuctions(limit: 10) { count serverTime auctions { id title status topBidAmount finalEndDate watching } } }`;

/** The watchlist page's query (issue 21): the signed-in user's watched lots, soonest ending first. */
describe('myWatchedAuctions (e2e, PostgreSQL)', () => {
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

  async function liveLot(title: string): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title,
          sellerType: 'Private',
          userDescription: 'Fresh engine.',
          reserve: 1000,
          currency: 'USD',
          dataFields: { make: { label: 'Make', value: 'Porsche' } },
          address: { country: 'US', state: 'CA' },
          contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          paymentType: 'ONE_TIME',
        },
      },
      { token: seller.token },
    );
    const id = created.data!.createAuction.auction.id;
    await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, { token: staff.token });
    const start = new Date(app.clock.now().getTime() + 1000);
    const scheduled = await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.token },
    );
    expect(scheduled.errors).toBeUndefined();
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'LIVE',
    );
    return id;
  }

  const watch = (id: string, user: TestUser, on = true) =>
    app.gql(`mutation($id: ID!, $w: Boolean!) { watchAuction(id: $id, watch: $w) { watching } }`, { id, w: on }, { token: user.token });

  it('lists only the lots the user watches, soonest ending first, and drops an unwatched one', async () => {
    // Every lot runs the brand's 7 days, so the one scheduled first ends first.
    const sooner = await liveLot('Sooner Lot');
    const later = await liveLot('Later Lot');
    const other = await liveLot('Not Watched');
    await watch(later, alice);
    await watch(sooner, alice);
    await watch(other, bob);
    type Page = { myWatchedAuctions: { count: number; auctions: Array<{ id: string; title: string; status: string; watching: boolean }> } };
    const page = await eventually(
      () => app.gql<Page>(WATCHED, {}, { token: alice.token }),
      (result) => result.data?.myWatchedAuctions.count === 2,
    );
    expect(page.data!.myWatchedAuctions.auctions.map((lot) => [lot.title, lot.status, lot.watching])).toEqual([
      ['Sooner Lot', 'LIVE', true],
      ['Later Lot', 'LIVE', true],
    ]);
    await watch(sooner, alice, false);
    const after = await eventually(
      () => app.gql<Page>(WATCHED, {}, { token: alice.token }),
      (result) => result.data?.myWatchedAuctions.count === 1,
    );
    expect(after.data!.myWatchedAuctions.auctions.map((lot) => lot.id)).toEqual([later]);
    expect(errorCode(await app.gql(WATCHED))).toBe('FORBIDDEN');
  });
});
