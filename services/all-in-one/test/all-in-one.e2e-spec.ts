import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '@trackside/auction-service';
import { seedDemoUsers } from '@trackside/identity-service';
import { TestMarketplace } from './support/test-marketplace';

/** `npm start`'s topology in one process: identity and auction behind the gateway, realtime on the same port. */
describe('all-in-one marketplace (e2e, PostgreSQL)', () => {
  let system: TestMarketplace;

  beforeAll(async () => {
    system = await TestMarketplace.start('all_in_one', 'test', async (marketplace, config) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      await seedDemoData(marketplace.auction.app, { dataDir: config.DATA_DIR, log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    await system?.close();
  });

  it('signs in through identity, resolves sellers across subgraphs, and bids live over the same port', async () => {
    const token = await system.login('bidder1@trackside.demo');

    const live = await system.gql<{
      auctionsByBrandAndStatus: { auctions: Array<{ id: string; topBidAmount: number | null; user: { username: string } }> };
    }>(`{ auctionsByBrandAndStatus(brand: "trackside", status: [LIVE]) { auctions { id topBidAmount user { username } } } }`);
    expect(live.errors).toBeUndefined();
    const lot = live.data!.auctionsByBrandAndStatus.auctions[0]!;
    expect(lot.user.username).toBe('seller'); // the User entity comes from the identity subgraph

    const socket = connect(system.url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const joined = await socket.timeout(10_000).emitWithAck('joinAuctionLot', { auctionId: lot.id });
      expect(joined.status).toBe('success');
      const amount = Math.floor(lot.topBidAmount ?? 0) + 500;
      const pushed = new Promise<{ topBidAmount: number }>((resolve) =>
        socket.on('auction', (payload: { topBidAmount: number }) => {
          if (payload.topBidAmount === amount) resolve(payload);
        }),
      );
      const bid = await socket.timeout(10_000).emitWithAck('bid', { auctionId: lot.id, amount });
      expect(bid).toMatchObject({ status: 'success', message: 'Successfully bid' });
      expect((await pushed).topBidAmount).toBe(amount);
    } finally {
      socket.disconnect();
    }
  });
});
