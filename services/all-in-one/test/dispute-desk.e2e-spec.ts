import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '@trackside/identity-service';
import { eventually } from '../../auction/test/support/auction-test-app';
import { PricingPackagesService } from '@trackside/catalogue-service';
import { TestMarketplace } from './support/test-marketplace';

const DAY = 86_400_000;
const PERSON = 'id username firstName lastName';
const HISTORY = `query($id: ID!, $v: Int) { lotHistory(id: $id, asOfVersion: $v) {
  title currency streamVersion
  asOfState { version topBidAmount topBidder { ${PERSON} } bidCount reserveMet minimumBid }
  events { version type channel actor { ${PERSON} } amount bidder { ${PERSON} } summary }
  rejectedAttempts { actor { ${PERSON} } code message channel amount }
} }`;

interface Person {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}
interface History {
  title: string;
  currency: string;
  streamVersion: number;
  asOfState: {
    version: number;
    topBidAmount: number | null;
    topBidder: Person | null;
    bidCount: number;
    reserveMet: boolean;
    minimumBid: number;
  };
  events: Array<{
    version: number;
    type: string;
    channel: string | null;
    actor: Person | null;
    amount: number | null;
    bidder: Person | null;
    summary: string;
  }>;
  rejectedAttempts: Array<{ actor: Person | null; code: string; message: string; channel: string | null; amount: string | null }>;
}

/**
 * The dispute desk's data through the real gateway in `npm start`'s topology: a burst from several
 * demo bidders over the socket and GraphQL, people resolved by identity (username and name), refused
 * attempts with their codes and messages, and the channel of each bid.
 */
describe('lotHistory through the gateway with names from identity (e2e, all-in-one)', () => {
  let system: TestMarketplace;
  const tokens: Record<string, string> = {};
  const sockets: Socket[] = [];
  let lotId: string;
  let packageId: string;

  beforeAll(async () => {
    system = await TestMarketplace.start('dispute_desk', 'dispute', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      // The brand's auction package (the catalogue announces it; createAuction accepts only such a package).
      const created = await marketplace.catalogue.app
        .get(PricingPackagesService)
        .create('trackside', { title: 'Auction', type: 'AUCTION', oneTimePayment: { enabled: true, price: 99 } });
      packageId = created.id;
    });
    for (const role of ['seller', 'staff', 'bidder1', 'bidder2', 'bidder3']) tokens[role] = await system.login(`${role}@trackside.demo`);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await system?.close();
  });

  async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    const answer = await system.gql<T>(query, variables, token);
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  async function socketOf(role: string): Promise<Socket> {
    const socket = connect(system.url, { transports: ['websocket'], auth: { token: tokens[role], brand: 'trackside' }, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const socketBid = (socket: Socket, amount: unknown) =>
    socket.timeout(10_000).emitWithAck('bid', { auctionId: lotId, amount }) as Promise<{ status: string; code?: string }>;
  const graphqlBid = (role: string, amount: number) =>
    system.gql(
      `mutation($a: ID!, $m: Float!) { createBid(input: { data: { auction: $a, amount: $m } }) { bid { id } } }`,
      { a: lotId, m: amount },
      tokens[role],
    );

  it('builds a live lot and a burst of bids from three bidders over both channels', async () => {
    const created = await ok<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: 'Alpine A110 1600S',
          sellerType: 'Private',
          userDescription: 'Rally history.',
          reserve: 180,
          currency: 'EUR',
          address: { country: 'FR' },
          contactInfo: { name: 'Sally Seller', email: 'seller@trackside.demo' },
          hasAgreedToTerms: true,
          packageId,
        },
      },
      tokens.seller!,
    );
    lotId = created.createAuction.auction.id;
    await ok(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { id } }`, { id: lotId }, tokens.staff!);
    const start = new Date(Date.now() + 1500);
    await ok(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { id } }`,
      { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
      tokens.staff!,
    );
    const [one, three] = [await socketOf('bidder1'), await socketOf('bidder3')];
    // The scheduler opens the lot on its own clock: wait for it (a refused early bid would be audited).
    await eventually(
      () => system.gql<{ auction: { status: string } }>(`query($id: ID!) { auction(id: $id) { status } }`, { id: lotId }, tokens.staff),
      (answer) => answer.data?.auction.status === 'LIVE',
      10_000,
    );
    expect(await socketBid(one, 100)).toMatchObject({ status: 'success' });
    expect((await graphqlBid('bidder2', 150)).errors).toBeUndefined();
    expect(await socketBid(three, 120)).toMatchObject({ code: 'bid.invalid.amount.tooLow' });
    expect(await socketBid(three, 'a lot')).toMatchObject({ code: 'bid.invalid' });
    expect((await graphqlBid('bidder1', 200)).errors).toBeUndefined();
  });

  it('names people from identity, tells the channel of each bid, and lists refused attempts with their messages', async () => {
    const { lotHistory } = await ok<{ lotHistory: History }>(HISTORY, { id: lotId }, tokens.staff!);
    expect(lotHistory).toMatchObject({ title: 'Alpine A110 1600S', currency: 'EUR' });
    const bids = lotHistory.events.filter((event) => event.type === 'BidPlaced');
    expect(bids.map((event) => [event.bidder?.username, event.actor?.username, event.channel, event.amount, event.summary])).toEqual([
      ['bidder1', 'bidder1', 'socket', 100, 'Bid 100.00 EUR (first bid)'],
      ['bidder2', 'bidder2', 'graphql', 150, 'Bid 150.00 EUR'],
      ['bidder1', 'bidder1', 'graphql', 200, 'Bid 200.00 EUR'],
    ]);
    expect(bids[0]!.bidder).toMatchObject({ firstName: expect.any(String) });
    expect(lotHistory.events.find((event) => event.type === 'LotApproved')!.actor?.username).toBe('staff');
    expect(lotHistory.events.find((event) => event.type === 'LotWentLive')).toMatchObject({ actor: null, channel: 'scheduler' });
    expect(lotHistory.rejectedAttempts).toHaveLength(2);
    expect(lotHistory.rejectedAttempts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: expect.objectContaining({ username: 'bidder3', firstName: 'Bo', lastName: 'Bidder' }),
          code: 'bid.invalid.amount.tooLow',
          message: 'Bid does not exceed the highest current bid.',
          channel: 'socket',
          amount: '120',
        }),
        expect.objectContaining({
          actor: expect.objectContaining({ username: 'bidder3' }),
          code: 'bid.invalid',
          channel: 'socket',
          amount: 'a lot',
        }),
      ]),
    );
  });

  it('answers the state as of the middle of the burst, the top bidder by name', async () => {
    const { lotHistory: full } = await ok<{ lotHistory: History }>(HISTORY, { id: lotId }, tokens.staff!);
    const second = full.events.filter((event) => event.type === 'BidPlaced')[1]!;
    const { lotHistory } = await ok<{ lotHistory: History }>(HISTORY, { id: lotId, v: second.version }, tokens.staff!);
    expect(lotHistory.asOfState).toMatchObject({
      version: second.version,
      topBidAmount: 150,
      topBidder: { username: 'bidder2' },
      bidCount: 2,
      reserveMet: false,
      minimumBid: 151,
    });
    expect(full.asOfState).toMatchObject({ topBidAmount: 200, topBidder: { username: 'bidder1' }, reserveMet: true });
  });
});
