import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Socket as TcpSocket } from 'node:net';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDataRecord, lotStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { signAccessToken } from '@trackside/platform';
import { seedDemoData } from '@trackside/auction-service';
import { demoUserId, seedDemoUsers } from '@trackside/identity-service';
import { AuctionClient, type AuctionCommands, type CallerContext } from '@trackside/realtime-service';
import { eventually } from '../../auction/test/support/auction-test-app';
import { TestMarketplace } from './support/test-marketplace';

interface LotRow {
  id: string;
  topBidAmount: number | null;
}

/**
 * Issue 20 "one command path, no hop": in the all-in-one process a socket bid runs the PlaceBid
 * command on the auction service's CommandBus in process, with no HTTP request to the auction
 * subgraph, and answers exactly what the HTTP + GraphQL path answers.
 */
describe('socket bids in process (e2e, PostgreSQL)', () => {
  let system: TestMarketplace;
  let store: PostgresEventStore;
  let pool: pg.Pool;
  let http: AuctionClient;
  let local: AuctionCommands['placeBid'];
  /** Requests the auction subgraph's HTTP server received (method, url, x-channel, TCP or in-memory connection). */
  const subgraphRequests: string[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    system = await TestMarketplace.start('socket_bid_in_process', 'socketbid', async (marketplace, config) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      await seedDemoData(marketplace.auction.app, { dataDir: config.DATA_DIR, log: () => undefined });
    });
    const { auction } = system.marketplace;
    (auction.app.getHttpServer() as { on(event: 'request', listener: (request: IncomingMessage) => void): void }).on('request', (request) =>
      subgraphRequests.push(
        `${request.method} ${request.url} ${String(request.headers['x-channel'] ?? '-')} ${request.socket instanceof TcpSocket ? 'tcp' : 'memory'}`,
      ),
    );
    http = new AuctionClient(`${auction.url}/graphql`);
    local = (input, caller) => auction.bids.placeBid(input, caller);
    pool = new pg.Pool({ connectionString: system.database.url, max: 2 });
    store = new PostgresEventStore(pool);
    for (const role of ['bidder1', 'bidder2', 'bidder3', 'seller', 'staff']) tokens[role] = await system.login(`${role}@trackside.demo`);
  }, 180_000);
  afterAll(async () => {
    http?.close();
    await store?.close();
    await pool?.end();
    await system?.close();
  });

  const caller = (token: string | null): CallerContext => ({ token, brand: 'trackside', correlationId: randomUUID() });

  async function lots(status: 'LIVE' | 'SCHEDULED'): Promise<LotRow[]> {
    const answer = await system.gql<{ auctionsByBrandAndStatus: { auctions: LotRow[] } }>(
      `query($s: [ENUM_AUCTION_STATUS!]) { auctionsByBrandAndStatus(brand: "trackside", status: $s) { auctions { id topBidAmount } } }`,
      { s: [status] },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.auctionsByBrandAndStatus.auctions;
  }

  async function socketOf(token: string): Promise<Socket> {
    const socket = connect(system.url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('a socket bid reaches the log (channel socket) without any request to the auction subgraph; comments still go over HTTP', async () => {
    const [lot] = await lots('LIVE');
    const socket = await socketOf(tokens.bidder1!);
    try {
      expect((await socket.timeout(10_000).emitWithAck('joinAuctionLot', { auctionId: lot!.id })).status).toBe('success');
      const amount = Math.floor(lot!.topBidAmount ?? 0) + 500;
      const pushed = new Promise<void>((resolve) =>
        socket.on('auction', (payload: { topBidAmount: number }) => {
          if (payload.topBidAmount === amount) resolve();
        }),
      );
      const before = subgraphRequests.length;
      const ack = (await socket.timeout(10_000).emitWithAck('bid', { auctionId: lot!.id, amount })) as {
        status: string;
        message: string;
        data: { id: string; amount: number; created_at: string };
      };
      await pushed;
      expect(ack).toMatchObject({ status: 'success', message: 'Successfully bid', data: { amount } });
      expect(subgraphRequests.slice(before)).toEqual([]);
      const placed = (await store.readStream(lotStreamId(lot!.id))).find(
        (event) => event.type === 'BidPlaced' && eventDataRecord(event).bidId === ack.data.id,
      );
      expect(placed?.metadata).toMatchObject({ channel: 'socket', actorId: demoUserId('trackside', 'bidder1') });
      expect(ack.data.created_at).toBe(eventDataRecord(placed!).placedAt);

      // Comments keep the HTTP path (the adapter only takes bids): one commentAdd request, channel socket.
      const commented = subgraphRequests.length;
      expect(await socket.timeout(10_000).emitWithAck('comment', { auctionId: lot!.id, content: 'In process?' })).toMatchObject({
        status: 'success',
        message: 'Commented posted',
      });
      expect(subgraphRequests.slice(commented)).toContain('POST /graphql socket tcp');
    } finally {
      socket.disconnect();
    }
  });

  it('a GraphQL createBid through the gateway reaches the auction CommandBus without any HTTP request to the subgraph', async () => {
    const [, , lot] = await lots('LIVE');
    const amount = Math.floor(lot!.topBidAmount ?? 0) + 700;
    const before = subgraphRequests.length;
    const correlationId = `gql-bid-${randomUUID()}`;
    const response = await fetch(`${system.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-brand': 'trackside',
        'x-correlation-id': correlationId,
        authorization: `Bearer ${tokens.bidder2}`,
      },
      body: JSON.stringify({
        query: `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id amount bidder { id } } outbidAutomatically } }`,
        variables: { a: lot!.id, m: amount },
      }),
    });
    const answer = (await response.json()) as {
      data?: { createBid: { bid: { id: string; amount: number; bidder: { id: string } } } };
      errors?: unknown;
    };
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.createBid.bid).toMatchObject({ amount, bidder: { id: demoUserId('trackside', 'bidder2') } });
    // The gateway's query plan ran the auction subgraph's operation in process: the bid is in its
    // log, made by the forwarded user, on the gateway's correlation id, from the GraphQL channel,
    // and the subgraph's HTTP server received no request at all.
    const placed = (await store.readStream(lotStreamId(lot!.id))).find(
      (event) => event.type === 'BidPlaced' && eventDataRecord(event).bidId === answer.data!.createBid.bid.id,
    );
    expect(placed?.metadata).toMatchObject({
      actorId: demoUserId('trackside', 'bidder2'),
      correlationId,
      channel: 'graphql',
      brand: 'trackside',
    });
    // A refusal keeps its code and message on this path too, and so do the guard's answers.
    const refused = await system.gql(
      `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }`,
      { a: lot!.id, m: 1 },
      tokens.bidder2,
    );
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'bid.invalid.amount.tooLow' } });
    const anonymous = await system.gql(
      `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }`,
      { a: lot!.id, m: amount + 100 },
    );
    expect(anonymous.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const forged = await system.gql(
      `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }`,
      { a: lot!.id, m: amount + 100 },
      `${tokens.bidder2}x`,
    );
    expect(forged.errors?.[0]).toMatchObject({ message: 'Invalid token.' });
    expect(subgraphRequests.slice(before)).toEqual([]);
  });

  it('an accepted bid answers the same in process and over HTTP (a retry with the bid id through the other path)', async () => {
    const [, lot] = await lots('LIVE');
    let amount = Math.floor(lot!.topBidAmount ?? 0) + 500;
    for (const [first, retry] of [
      [local, http.placeBid.bind(http)],
      [http.placeBid.bind(http), local],
    ] as const) {
      amount += 500;
      const input = { auctionId: lot!.id, amount, bidId: randomUUID() };
      const placed = await first(input, caller(tokens.bidder3!));
      expect(placed).toMatchObject({ ok: true, data: { createBid: { bid: { id: input.bidId, amount } } } });
      expect(await retry(input, caller(tokens.bidder3!))).toEqual(placed);
    }
  });

  it('refusals carry the same code and message in process and over HTTP', async () => {
    const [live] = await lots('LIVE');
    const [scheduled] = await lots('SCHEDULED');
    const unconfirmed = signAccessToken(
      {
        id: demoUserId('trackside', 'bidder1'),
        brand: 'trackside',
        email: 'bidder1@trackside.demo',
        username: 'bidder1',
        confirmed: false,
        permissions: {
          superAdmin: false,
          manageUsers: false,
          auctionEnabled: false,
          websiteEnabled: false,
          manageHomepage: false,
          websiteTheme: false,
        },
      },
      system.config.JWT_SECRET!,
      600,
    );
    const taken = randomUUID();
    expect(await local({ auctionId: live!.id, amount: 9_000_000, bidId: taken }, caller(tokens.bidder1!))).toMatchObject({ ok: true });
    const cases: Array<[string, { auctionId: string; amount: number; bidId?: string }, string | null, string]> = [
      ['too low', { auctionId: live!.id, amount: 1 }, tokens.bidder1!, 'bid.invalid.'],
      ['not live', { auctionId: scheduled!.id, amount: 1_000 }, tokens.bidder1!, 'bid.invalid.auction.status.scheduled'],
      ['own lot', { auctionId: live!.id, amount: 9_500_000 }, tokens.seller!, 'bid.invalid.own.auction'],
      ['not signed in', { auctionId: live!.id, amount: 9_500_000 }, null, 'FORBIDDEN'],
      ['unconfirmed', { auctionId: live!.id, amount: 9_500_000 }, unconfirmed, 'FORBIDDEN'],
      ['forged token', { auctionId: live!.id, amount: 9_500_000 }, 'not-a-token', 'UNAUTHENTICATED'],
      ['unknown lot', { auctionId: randomUUID(), amount: 9_500_000 }, tokens.bidder1!, 'bid.invalid.no.auction'],
      ['bid id of another bidder', { auctionId: live!.id, amount: 9_500_000, bidId: taken }, tokens.bidder2!, 'bid.invalid'],
    ];
    for (const [name, input, token, code] of cases) {
      const inProcess = await local(input, caller(token));
      expect(inProcess, name).toMatchObject({ ok: false, error: { code: expect.stringContaining(code) } });
      expect(await http.placeBid(input, caller(token)), name).toEqual(inProcess);
    }

    // A blocked account: refused the same way on both paths once the auction service has seen the event.
    const blocked = await system.gql(
      `mutation($id: ID!) { blockUser(id: $id) { blocked } }`,
      { id: demoUserId('trackside', 'bidder2') },
      tokens.staff,
    );
    expect(blocked.errors).toBeUndefined();
    const input = { auctionId: live!.id, amount: 9_600_000 };
    const refused = await eventually(
      () => local(input, caller(tokens.bidder2!)),
      (answer) => !answer.ok && answer.error.code === 'UNAUTHENTICATED',
    );
    expect(refused).toEqual({ ok: false, error: { code: 'UNAUTHENTICATED', message: 'Invalid token.' } });
    expect(await http.placeBid(input, caller(tokens.bidder2!))).toEqual(refused);
  });
});
