import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { loadAllInOneConfig, startMarketplace, type RunningMarketplace } from '@trackside/all-in-one-service';
import { seedDemoData } from '@trackside/auction-service';
import { DEMO_PASSWORD, seedDemoUsers } from '@trackside/identity-service';

/** `npm start`'s topology in one process: identity and auction behind the gateway, realtime on the same port. */
describe('all-in-one marketplace (e2e, PostgreSQL)', () => {
  let database: TestDatabase;
  let marketplace: RunningMarketplace;

  beforeAll(async () => {
    database = await createTestDatabase('all_in_one');
    const config = loadAllInOneConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'all-in-one-test-secret-0123456789-abcdefghij',
      PORT: '0',
      LOG_LEVEL: 'error',
      DATA_DIR: `/tmp/trackside-aio-test-${process.pid}`,
      ARGON2_MEMORY_KIB: '1024',
    });
    marketplace = await startMarketplace(config, database.url);
    await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
    await seedDemoData(marketplace.auction.app, { dataDir: config.DATA_DIR, log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await marketplace?.close();
    await database?.drop();
  });

  async function gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<{ data?: T; errors?: unknown[] }> {
    const response = await fetch(`${marketplace.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: T; errors?: unknown[] };
  }

  it('signs in through identity, resolves sellers across subgraphs, and bids live over the same port', async () => {
    const login = await gql<{ loginUser: { jwt: string } }>(
      `mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }`,
      {
        e: 'bidder1@trackside.demo',
        p: DEMO_PASSWORD,
      },
    );
    expect(login.errors).toBeUndefined();
    const token = login.data!.loginUser.jwt;

    const live = await gql<{
      auctionsByBrandAndStatus: { auctions: Array<{ id: string; topBidAmount: number | null; user: { username: string } }> };
    }>(`{ auctionsByBrandAndStatus(brand: "trackside", status: [LIVE]) { auctions { id topBidAmount user { username } } } }`);
    expect(live.errors).toBeUndefined();
    const lot = live.data!.auctionsByBrandAndStatus.auctions[0]!;
    expect(lot.user.username).toBe('seller'); // the User entity comes from the identity subgraph

    const socket = connect(marketplace.url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true });
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
