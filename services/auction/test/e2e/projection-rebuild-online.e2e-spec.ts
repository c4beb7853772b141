import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, ServiceProcessorHost, signAccessToken } from '@trackside/platform';
import { AuctionReadModelsProcessor } from '../../src/projections/auction-read-models.processor';
import { NOT_PROJECTED_TABLES } from '../../src/projections/projection-tables';
import { AuctionTestApp, errorCode, eventually, makeUser, TEST_JWT_SECRET, type TestUser } from '../support/auction-test-app';

// Tools: rebuilding ONE auction projection while the service runs (docs/decisions.md "Tools:
// rebuilding a projection online"): a corrupted read-model row comes back right, bids placed during
// the rebuild are all there afterwards, and only superAdmins may ask for it.

const BRAND = 'trackside';
const DAY = 86_400_000;
const REBUILD = `mutation($name: String!) { rebuildProjections(name: $name) { name position lagEvents updatedAt } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id title bidCount topBidAmount } }`;
const BID = `mutation($a: ID!, $v: Float!) { createBid(input: { data: { auction: $a, amount: $v } }) { bid { id } } }`;
const COMMENTS = `query($r: Relation!) { findAllFlat(relation: $r) { id content } }`;

interface Lot {
  id: string;
  title: string;
  bidCount: number;
  topBidAmount: number | null;
}

function superAdmin(brand: string): TestUser {
  const user = {
    id: randomUUID(),
    brand,
    email: `admin-${brand}@example.test`,
    username: 'admin',
    confirmed: true,
    permissions: { ...NO_PERMISSIONS, superAdmin: true },
  };
  return { ...user, token: signAccessToken(user, TEST_JWT_SECRET, 3600) };
}

describe('Tools: rebuilding one projection online (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let pool: pg.Pool;
  let admin: TestUser;
  let staff: TestUser;
  let seller: TestUser;
  let bidders: TestUser[];
  let lotId: string;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    admin = superAdmin(BRAND);
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    seller = makeUser(BRAND, { name: 'seller' });
    bidders = Array.from({ length: 4 }, (_, index) => makeUser(BRAND, { name: `bidder${index}` }));
    lotId = await liveLot('Porsche 904 Carrera GTS');
    for (const [index, bidder] of bidders.slice(0, 2).entries()) await bid(bidder, 100 * (index + 1));
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function liveLot(title: string): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title,
          sellerType: 'Private',
          userDescription: 'Le Mans class winner.',
          reserve: 0,
          address: { country: 'DE' },
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
    return id;
  }

  async function bid(bidder: TestUser, amount: number): Promise<void> {
    const placed = await app.gql(BID, { a: lotId, v: amount }, { token: bidder.token });
    expect(placed.errors, JSON.stringify(placed.errors)).toBeUndefined();
  }

  /** The lot as the API shows it; null while a rebuild has not replayed it yet. */
  const lot = async (): Promise<Lot | null> => (await app.gql<{ auction: Lot }>(LOT, { id: lotId })).data!.auction;

  async function readModel(): Promise<unknown[]> {
    const lots = await pool.query(
      `SELECT id, status, slug, title, top_bid_cents, top_bidder_id, bid_count, final_end, reserve_met, winner_id, version, hosts
         FROM auction.lots ORDER BY id`,
    );
    const bids = await pool.query(
      'SELECT id, lot_id, bidder_id, amount_cents, is_first_bid, lot_version, voided_at FROM auction.bids ORDER BY id',
    );
    return [lots.rows, bids.rows];
  }

  const streamVersion = async (): Promise<number> =>
    Number((await pool.query(`SELECT version FROM eventstore.streams WHERE stream_id = $1`, [`lot-${lotId}`])).rows[0]?.version);

  it('lists every table of schema auction as one projection’s or as kept, so a rebuild empties all a projection fills', async () => {
    const { rows } = await pool.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema = 'auction' ORDER BY 1`,
    );
    const listed = [...app.service.app.get(ServiceProcessorHost).rebuildPlan().tables, ...NOT_PROJECTED_TABLES].sort();
    expect(rows.map((row) => row.name).sort()).toEqual(listed);
  });

  it('refuses anyone but a superAdmin, and names it does not know', async () => {
    expect(errorCode(await app.gql(REBUILD, { name: 'auction-read-models' }, { token: staff.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(REBUILD, { name: 'auction-read-models' }, { token: bidders[0]!.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(REBUILD, { name: 'auction-read-models' }))).toBe('FORBIDDEN');
    for (const name of ['AUCTION-READ-MODELS', 'feed-trackside', 'toString', '']) {
      const refused = await app.gql(REBUILD, { name }, { token: admin.token });
      expect(errorCode(refused), name).toBe('auction.projection.unknown');
      expect(refused.errors?.[0]?.message).toBe('There is no auction projection with this name.');
    }
  });

  it('rebuilds the read models: a corrupted lot row and a lost bid come back as the log says', async () => {
    const before = await eventually(readModel, (rows) => (rows[1] as unknown[]).length === 2);
    await pool.query(`UPDATE auction.lots SET title = 'Corrupted', bid_count = 99 WHERE id = $1`, [lotId]);
    await pool.query(`DELETE FROM auction.bids WHERE lot_id = $1 AND amount_cents = 10000`, [lotId]);
    expect(await lot()).toMatchObject({ title: 'Corrupted', bidCount: 99 });

    const rebuilt = await app.gql<{ rebuildProjections: { name: string; position: string; lagEvents: number } }>(
      REBUILD,
      { name: 'auction-read-models' },
      { token: admin.token },
    );
    expect(rebuilt.errors).toBeUndefined();
    expect(rebuilt.data!.rebuildProjections.name).toBe('auction-read-models');

    await eventually(lot, (current) => current?.title === 'Porsche 904 Carrera GTS' && current.bidCount === 2);
    expect(await eventually(readModel, (rows) => JSON.stringify(rows) === JSON.stringify(before))).toEqual(before);
  });

  it('keeps every bid placed while the rebuild runs', async () => {
    const rounds = 3;
    const placing = (async () => {
      for (let round = 0; round < rounds; round += 1)
        for (const [index, bidder] of bidders.entries()) await bid(bidder, 1000 + round * 100 + index * 10);
    })();
    const rebuilding = (async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await app.gql(REBUILD, { name: 'auction-read-models' }, { token: admin.token });
        expect(answer.errors).toBeUndefined();
      }
    })();
    await Promise.all([placing, rebuilding]);
    const expected = 2 + rounds * bidders.length;
    const version = await streamVersion();
    // Correctness, not speed: three replays may take a while behind a loaded CI machine's other
    // suites. (A CI run once saw bidCount 15 for 14 bids: a run of bids applied twice around a reset,
    // which the lot row now ignores, auction.projection.int-spec.ts.)
    const replayed = 30_000;
    await eventually(lot, (current) => current?.bidCount === expected, replayed);
    const [lots, bids] = (await eventually(
      readModel,
      (rows) => (rows[0] as Array<{ version: number }>)[0]?.version === version,
      replayed,
    )) as [Array<{ bid_count: number; top_bid_cents: string }>, Array<{ amount_cents: string }>];
    expect(lots[0]!.bid_count).toBe(expected);
    expect(bids).toHaveLength(expected);
    expect(Number(lots[0]!.top_bid_cents)).toBe(Math.max(...bids.map((entry) => Number(entry.amount_cents))));
  });

  it('rebuilds the search index and the comment threads, each on its own', async () => {
    await pool.query(`DELETE FROM auction.search_documents WHERE id = $1`, [lotId]);
    const comment = await app.gql<{ commentAdd: { id: string } }>(
      `mutation($c: CommentNew) { commentAdd(comment: $c) { id } }`,
      { c: { content: 'Matching numbers?', related: [{ ref: 'auction', refId: lotId, field: 'comments' }] } },
      { token: bidders[0]!.token, brand: BRAND },
    );
    expect(comment.errors).toBeUndefined();
    const commentId = comment.data!.commentAdd.id;
    const content = async (): Promise<string | undefined> =>
      (await app.gql<{ findAllFlat: Array<{ id: string; content: string }> }>(COMMENTS, { r: `auction:${lotId}` })).data?.findAllFlat.find(
        (entry) => entry.id === commentId,
      )?.content;
    await eventually(content, (text) => text === 'Matching numbers?');
    await pool.query(`UPDATE auction.comments SET content = 'Corrupted' WHERE id = $1`, [commentId]);

    const search = () =>
      app.gql<{ auctionSearch: { hits: Array<{ id: string }> } }>(`query($q: String) { auctionSearch(query: $q) { hits { id } } }`, {
        q: '904',
      });
    expect((await search()).data!.auctionSearch.hits).toEqual([]);
    expect((await app.gql(REBUILD, { name: 'auction-search' }, { token: admin.token })).errors).toBeUndefined();
    await eventually(search, (result) => result.data?.auctionSearch.hits.some((hit) => hit.id === lotId) === true);
    // The comments were not rebuilt with the index.
    expect(await content()).toBe('Corrupted');

    expect((await app.gql(REBUILD, { name: 'auction-comments' }, { token: admin.token })).errors).toBeUndefined();
    await eventually(content, (text) => text === 'Matching numbers?');
  });

  it('refuses while no instance follows the projection (nothing would refill it), and the tables stay as they are', async () => {
    const runner = app.service.app.get(AuctionReadModelsProcessor);
    await runner.stop();
    try {
      const refused = await app.gql(REBUILD, { name: 'auction-read-models' }, { token: admin.token });
      expect(errorCode(refused)).toBe('auction.projection.notRunning');
      expect((await lot())?.title).toBe('Porsche 904 Carrera GTS');
    } finally {
      await runner.start();
    }
    await runner.caughtUp();
    // A superAdmin of any brand may rebuild (it is the service's, not the brand's): jewelry's too.
    expect(
      (await app.gql(REBUILD, { name: 'auction-read-models' }, { token: superAdmin('jewelry').token, brand: 'jewelry' })).errors,
    ).toBeUndefined();
    await eventually(lot, (current) => current?.title === 'Porsche 904 Carrera GTS');
  });
});
