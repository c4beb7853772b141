import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAuctionProjections } from '../../src/projections/reset-projections';
import { ServiceProcessorHost } from '@trackside/platform';
import { AuctionTestApp, eventually, makeUser, type TestUser } from '../support/auction-test-app';

const BRAND = 'trackside';
const DAY = 86_400_000;

describe('projections rebuilt from the log (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;
  let seller: TestUser;
  let staff: TestUser;
  let bidders: TestUser[];

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    bidders = [makeUser(BRAND, { name: 'b1' }), makeUser(BRAND, { name: 'b2' })];
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function snapshot(): Promise<unknown[]> {
    const lots = await pool.query(
      `SELECT id, status, slug, top_bid_cents, top_bidder_id, bid_count, final_end, reserve_met, reserve_percentage, winner_id, version, hosts
       FROM auction.lots ORDER BY id`,
    );
    const bids = await pool.query('SELECT id, lot_id, bidder_id, amount_cents, is_first_bid, lot_version FROM auction.bids ORDER BY id');
    const watch = await pool.query('SELECT user_id, lot_id FROM auction.watchlist ORDER BY user_id, lot_id');
    return [lots.rows, bids.rows, watch.rows];
  }

  it('npm run projections:rebuild replays lots, bids and watchlist to the same rows', async () => {
    for (let index = 0; index < 3; index += 1) {
      const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: `Rebuild ${index}`,
            sellerType: 'Private',
            userDescription: 'x',
            reserve: index * 100,
            address: { country: 'US' },
            contactInfo: { name: 'S', email: 's@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: seller.token },
      );
      const id = created.data!.createAuction.auction.id;
      await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { id } }`, { id }, { token: staff.token });
      const start = new Date(app.clock.now().getTime() + 1000);
      await app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { id } }`,
        { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
        { token: staff.token },
      );
      app.clock.advance(1500);
      await eventually(
        () => app.gql<{ auction: { status: string } }>(`query($id: ID!) { auction(id: $id) { status } }`, { id }),
        (result) => result.data?.auction.status === 'LIVE',
      );
      for (const [n, bidder] of bidders.entries()) {
        const placed = await app.gql(
          `mutation($a: ID!, $v: Float!) { createBid(input: { data: { auction: $a, amount: $v } }) { bid { id } } }`,
          { a: id, v: 50 * (n + 1) },
          { token: bidder.token },
        );
        expect(placed.errors).toBeUndefined();
      }
      const watched = await app.gql(
        `mutation($id: ID!) { watchAuction(id: $id, watch: true) { success } }`,
        { id },
        { token: bidders[0]!.token },
      );
      expect(watched.errors).toBeUndefined();
    }
    const before = await eventually(snapshot, (rows) => (rows[2] as unknown[]).length === 3);
    expect((before[1] as unknown[]).length).toBe(6);

    await resetAuctionProjections(pool, app.service.app.get(ServiceProcessorHost).rebuildPlan());
    expect((await snapshot())[0]).toEqual([]);
    await app.restart();
    expect(await snapshot()).toEqual(before);
  });
});
