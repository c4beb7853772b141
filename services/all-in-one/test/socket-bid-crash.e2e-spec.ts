import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDataRecord, lotStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { DEMO_PASSWORD } from '@trackside/identity-service';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { eventually } from '../../auction/test/support/auction-test-app';
import { startMarketplaceProcess, type MarketplaceProcess } from './support/marketplace-process';

async function gql<T>(url: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': 'trackside' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

/**
 * Durability of the in-process socket bid (issue 20: "every acked bid survives kill -9"): the
 * all-in-one process runs in its own Node process, bidders bid over Socket.IO as fast as acks come
 * back, the process is killed with SIGKILL mid-stream, and every bid acked as a success before the
 * kill is in the lot's stream afterwards (the ack is sent only after the append committed).
 */
describe('acked socket bids survive kill -9 (e2e, own process, PostgreSQL)', () => {
  let database: TestDatabase;
  let marketplace: MarketplaceProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('socket_bid_crash');
    marketplace = await startMarketplaceProcess(database.url, {
      // As the load benchmark does: the per-user and per-socket limits are tested elsewhere.
      REALTIME_USER_BIDS: '1000000',
      REALTIME_EVENTS_PER_SECOND: '10000',
      REALTIME_EVENT_BURST: '100000',
    });
  }, 240_000);
  afterAll(async () => {
    await marketplace?.kill();
    await marketplace?.cleanUp();
    await database?.drop();
  });

  it('every bid acked before the kill is in the log afterwards', async () => {
    const { url } = marketplace!;
    const tokens: string[] = [];
    for (const role of ['bidder1', 'bidder2', 'bidder3']) {
      const login = await gql<{ loginUser: { jwt: string } }>(
        url,
        `mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }`,
        {
          e: `${role}@trackside.demo`,
          p: DEMO_PASSWORD,
        },
      );
      tokens.push(login.loginUser.jwt);
    }
    const live = await gql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string; topBidAmount: number | null }> } }>(
      url,
      `{ auctionsByBrandAndStatus(brand: "trackside", status: [LIVE]) { auctions { id topBidAmount } } }`,
    );
    const lot = live.auctionsByBrandAndStatus.auctions[0]!;
    const sockets: Socket[] = [];
    for (const token of [...tokens, ...tokens]) {
      const socket = connect(url, { transports: ['websocket'], auth: { token, brand: 'trackside' }, forceNew: true, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      sockets.push(socket);
    }

    let amount = Math.floor(lot.topBidAmount ?? 0) + 500;
    let killed = false;
    let unanswered = 0;
    const acked: string[] = [];
    const bidUntilKilled = async (socket: Socket): Promise<void> => {
      while (!killed) {
        amount += 500;
        unanswered += 1;
        try {
          const ack = (await socket.timeout(5_000).emitWithAck('bid', { auctionId: lot.id, amount })) as {
            status: string;
            data?: { id: string };
          };
          unanswered -= 1;
          if (ack.status === 'success' && !killed) acked.push(ack.data!.id);
        } catch {
          return; // no answer: the process is gone
        }
      }
    };
    const loops = sockets.map((socket) => bidUntilKilled(socket));
    await eventually(
      async () => acked.length,
      (count) => count >= 60,
      60_000,
    );
    // Bids are in flight on every socket at this moment.
    await marketplace!.kill();
    const ackedBeforeKill = [...acked];
    const inFlightAtKill = unanswered;
    killed = true;
    await Promise.all(loops);
    for (const socket of sockets) socket.disconnect();

    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const store = new PostgresEventStore(pool);
    try {
      const placed = new Set(
        (await store.readStream(lotStreamId(lot.id)))
          .filter((event) => event.type === 'BidPlaced')
          .map((event) => eventDataRecord(event).bidId),
      );
      expect(ackedBeforeKill.length).toBeGreaterThanOrEqual(60);
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(ackedBeforeKill.filter((id) => !placed.has(id))).toEqual([]);
    } finally {
      await store.close();
      await pool.end();
    }
  });
});
