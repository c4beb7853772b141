import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonLogger } from '@trackside/platform';
import { loadRealtimeConfig, startRealtimeService, type RunningRealtimeService } from '@trackside/realtime-service';
import { TEST_JWT_SECRET } from '../../../auction/test/support/auction-test-app';
import { freePort, LiveStack, makeUser, TestClient, type AckReply, type TestUser } from '../support/live-stack';

// Issue 18, L7. The probe's reproduction: one user with 10 sockets placed 420 accepted bids in 3.7 s
// (the bid limit was per socket), and Engine.IO answered any Origin with credentials.

const BRAND = 'trackside';
const LIMITS = {
  REALTIME_USER_BIDS: '10',
  REALTIME_USER_BID_WINDOW_SECONDS: '60',
  REALTIME_MAX_SOCKETS_PER_USER: '12',
  REALTIME_MAX_SOCKETS_PER_ADDRESS: '30',
  BRAND_HOSTS: 'jewelry.test=jewelry',
};

describe('socket limits across sockets and instances, and socket origins (e2e, PostgreSQL)', () => {
  let stack: LiveStack;
  let second: RunningRealtimeService;
  let seller: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create({ realtime: LIMITS });
    // A second realtime instance on the same database, as in production (docs/operations.md).
    second = await startRealtimeService({
      config: loadRealtimeConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        REALTIME_PORT: String(await freePort()),
        LOG_LEVEL: 'error',
        AUCTION_GRAPHQL_URL: `${stack.auction.service.url}/graphql`,
        ...LIMITS,
      }),
      databaseUrl: stack.auction.databaseUrl,
      logger: new JsonLogger('realtime-test', 'error'),
      clock: stack.auction.clock,
    });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
  });
  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  async function secondClient(user: TestUser): Promise<TestClient> {
    const socket = connect(second.url!, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: user.token, brand: BRAND },
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new TestClient(socket);
  }

  it('probe: one user with 10 sockets on two instances cannot exceed the per-user bid limit', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const greedy = makeUser(BRAND, { name: 'greedy' });
    const sockets = [
      ...(await Promise.all(Array.from({ length: 5 }, () => stack.client({ token: greedy.token, brand: BRAND })))),
      ...(await Promise.all(Array.from({ length: 5 }, () => secondClient(greedy)))),
    ];
    let amount = 100;
    const acks: AckReply[] = [];
    for (let round = 0; round < 5; round += 1) {
      const burst = sockets.map((client) => client.emit('bid', { auctionId: lotId, amount: (amount += 10) }));
      acks.push(...(await Promise.all(burst)));
    }
    const passed = acks.filter((ack) => ack.code !== 'realtime.rateLimited');
    expect(passed.length).toBeLessThanOrEqual(10);
    expect(acks.filter((ack) => ack.status === 'success').length).toBeGreaterThan(0);
    expect(acks.filter((ack) => ack.code === 'realtime.rateLimited')).toHaveLength(50 - passed.length);
    // Another user keeps bidding: the limit is the greedy user's own.
    const other = await stack.client({ token: makeUser(BRAND, { name: 'other' }).token, brand: BRAND });
    expect(await other.emit('bid', { auctionId: lotId, amount: 100_000 })).toMatchObject({ status: 'success' });
    for (const client of [...sockets, other]) client.close();
  });

  it('caps open sockets per user: past the cap the handshake is refused, a closed socket frees its place', async () => {
    const user = makeUser(BRAND, { name: 'tabs' });
    const open = await Promise.all(Array.from({ length: 12 }, () => stack.client({ token: user.token, brand: BRAND })));
    await expect(stack.client({ token: user.token, brand: BRAND })).rejects.toThrow('Too many connections.');
    open[0]!.close();
    const again: TestClient[] = [];
    await expect
      .poll(async () => stack.client({ token: user.token, brand: BRAND }).then((client) => String(again.push(client)), String))
      .toBe('1');
    for (const client of [...open, ...again]) client.close();
  });

  it('caps open sockets per address, signed in or not', async () => {
    await expect.poll(() => stack.realtime.gateway.stats().sockets, { timeout: 5000 }).toBe(0);
    const open = await Promise.all(Array.from({ length: 30 }, () => stack.client({ brand: BRAND })));
    await expect(stack.client({ brand: BRAND })).rejects.toThrow('Too many connections.');
    for (const client of open) client.close();
  });

  it('probe: Engine.IO answers only the brands’ origins with credentials, never a reflected foreign Origin', async () => {
    const handshake = (origin: string): Promise<Response> =>
      fetch(`${stack.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const foreign = await handshake('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.status).toBe(403);
    const brand = await handshake('http://jewelry.test');
    expect(brand.status).toBe(200);
    expect(brand.headers.get('access-control-allow-origin')).toBe('http://jewelry.test');
    expect(brand.headers.get('access-control-allow-credentials')).toBe('true');
    // The page's own origin (the host the browser asked for) is always allowed.
    const own = await handshake(stack.url);
    expect(own.status).toBe(200);
  });
});
