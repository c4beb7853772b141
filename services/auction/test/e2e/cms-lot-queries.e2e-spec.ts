import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

const HOME = 'trackside';
const OTHER = 'jewelry';
const DAY = 86_400_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id } } }`;
const CMS_FIELDS = `count serverTime auctions { id title slug status paymentStatus packageId scheduledStartDate scheduledEndDate
  finalEndDate topBidAmount bidCount currency shared hosts hosts_declined user { id } created_at }`;
const CMS = `query($status: [ENUM_AUCTION_STATUS!], $search: String, $start: Int, $limit: Int) {
  cmsAuctions(status: $status, search: $search, start: $start, limit: $limit) { ${CMS_FIELDS} } }`;
const COUNTS = `{ cmsAuctionCounts { submitted approved scheduledToday live endedAwaitingSettlement networkOffers reportedComments serverTime } }`;

interface CmsLot {
  id: string;
  title: string;
  status: string;
  paymentStatus: string;
  topBidAmount: number | null;
  bidCount: number;
  user: { id: string };
  created_at: string;
}
type Counts = Record<
  'submitted' | 'approved' | 'scheduledToday' | 'live' | 'endedAwaitingSettlement' | 'networkOffers' | 'reportedComments',
  number
>;

function lotData(title: string): Record<string, unknown> {
  return {
    title,
    sellerType: 'Dealer',
    userDescription: 'Described by the seller.',
    reserve: 0,
    currency: 'USD',
    address: { country: 'US' },
    contactInfo: { name: 'Dana Dealer', email: 'dana@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
  };
}

describe('staff lot list and queue counts (cmsAuctions, cmsAuctionCounts) through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let otherSeller: TestUser;
  let staff: TestUser;
  let otherStaff: TestUser;
  let bidder: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(HOME, { name: 'seller' });
    otherSeller = makeUser(OTHER, { name: 'other-seller' });
    staff = makeUser(HOME, { name: 'staff', staff: true });
    otherStaff = makeUser(OTHER, { name: 'other-staff', staff: true });
    bidder = makeUser(HOME, { name: 'bidder' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function ok<T>(result: Promise<GqlResult<T>>): Promise<T> {
    const answer = await result;
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  async function create(title: string, user = seller): Promise<string> {
    const created = await ok(
      app.gql<{ createAuction: { auction: { id: string } } }>(CREATE, { data: lotData(title) }, { token: user.token, brand: user.brand }),
    );
    return created.createAuction.auction.id;
  }

  /** Approves; a package left unpaid is confirmed explicitly where the server asks for it (auction.approve.unpaid). */
  async function approve(id: string, user = staff): Promise<void> {
    const first = await app.gql(
      `mutation($id: ID!) { approveAuction(id: $id) { status } }`,
      { id },
      { token: user.token, brand: user.brand },
    );
    if (errorCode(first) === 'auction.approve.unpaid')
      await ok(
        app.gql(
          `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
          { id },
          { token: user.token, brand: user.brand },
        ),
      );
    else expect(first.errors).toBeUndefined();
  }

  async function schedule(id: string, startInMs: number, user = staff): Promise<void> {
    const start = new Date(app.clock.now().getTime() + startInMs);
    await ok(
      app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
        { token: user.token, brand: user.brand },
      ),
    );
  }

  async function untilStatus(id: string, status: string): Promise<void> {
    await eventually(
      () => app.gql<{ auction: { status: string } | null }>(LOT, { id }, { token: staff.token }),
      (result) => result.data?.auction?.status === status,
    );
  }

  const cms = (variables: Record<string, unknown> = {}, user = staff) =>
    app.gql<{ cmsAuctions: { count: number; auctions: CmsLot[] } }>(CMS, variables, { token: user.token, brand: user.brand });
  const counts = async (user = staff): Promise<Counts> =>
    (await ok(app.gql<{ cmsAuctionCounts: Counts }>(COUNTS, {}, { token: user.token, brand: user.brand }))).cmsAuctionCounts;

  it('builds the queues: one lot sold, then lots in every other status', async () => {
    // Sold first: its week-long run moves the clock, so the other lots are made after it.
    ids.sold = await create('Sold Lotus Elan');
    await approve(ids.sold);
    await schedule(ids.sold, 1000);
    app.clock.advance(1500);
    await untilStatus(ids.sold, 'LIVE');
    await ok(app.gql(BID, { auction: ids.sold, amount: 500 }, { token: bidder.token }));
    app.clock.advance(7 * DAY);
    await untilStatus(ids.sold, 'SOLD');

    ids.live = await create('Live Lancia Fulvia');
    await approve(ids.live);
    await schedule(ids.live, 1000);
    app.clock.advance(1500);
    await untilStatus(ids.live, 'LIVE');
    ids.pending1 = await create('Pending Porsche 356');
    ids.pending2 = await create('Pending porsche 550 Spyder');
    ids.approved = await create('Approved Alfa Giulia');
    await approve(ids.approved);
    ids.soon = await create('Scheduled soon Saab 96');
    await approve(ids.soon);
    await schedule(ids.soon, 3 * 3_600_000);
    ids.later = await create('Scheduled later Simca');
    await approve(ids.later);
    await schedule(ids.later, 3 * DAY);
    // Another brand's lots: its pending lot is never listed here; its shared lot is a network offer.
    ids.otherPending = await create('Other brand pending Porsche', otherSeller);
    ids.offer = await create('Other brand shared Porsche', otherSeller);
    await approve(ids.offer, otherStaff);
    await ok(
      app.gql(`mutation($id: ID!) { sendAuctionToNetwork(id: $id) { id } }`, { id: ids.offer }, { token: otherStaff.token, brand: OTHER }),
    );
  });

  it('cmsAuctions lists the brand’s own lots in any status, newest first, with the manage table’s fields', async () => {
    const all = (await ok(cms({ limit: 100 }))).cmsAuctions;
    const own = [ids.later, ids.soon, ids.approved, ids.pending2, ids.pending1, ids.live, ids.sold];
    expect(all.auctions.map((lot) => lot.id)).toEqual(own);
    expect(all.count).toBe(own.length);
    const sold = all.auctions.find((lot) => lot.id === ids.sold)!;
    expect(sold).toMatchObject({ status: 'SOLD', topBidAmount: 500, bidCount: 1, paymentStatus: 'UNPAID', user: { id: seller.id } });
    expect(Number.isNaN(Date.parse(sold.created_at))).toBe(false);

    const pendingAndApproved = (await ok(cms({ status: ['PENDING', 'APPROVED'] }))).cmsAuctions;
    expect(pendingAndApproved.auctions.map((lot) => lot.id)).toEqual([ids.approved, ids.pending2, ids.pending1]);
    expect(pendingAndApproved.count).toBe(3);

    // Paging keeps the total.
    const page = (await ok(cms({ start: 1, limit: 2 }))).cmsAuctions;
    expect(page.auctions.map((lot) => lot.id)).toEqual(own.slice(1, 3));
    expect(page.count).toBe(own.length);
  });

  it('cmsAuctions searches titles case-insensitively, or an exact lot id, and treats % and _ literally', async () => {
    const porsche = (await ok(cms({ search: 'PORSCHE' }))).cmsAuctions;
    expect(porsche.auctions.map((lot) => lot.id)).toEqual([ids.pending2, ids.pending1]);
    expect(porsche.count).toBe(2);
    const byId = (await ok(cms({ search: ids.live.toUpperCase() }))).cmsAuctions;
    expect(byId.auctions.map((lot) => lot.id)).toEqual([ids.live]);
    expect((await ok(cms({ search: '%' }))).cmsAuctions.count).toBe(0);
    expect((await ok(cms({ search: 'Pending_Porsche' }))).cmsAuctions.count).toBe(0);
    // Another brand's lot id finds nothing here.
    expect((await ok(cms({ search: ids.otherPending }))).cmsAuctions.count).toBe(0);
  });

  it('cmsAuctionCounts counts each queue of the brand', async () => {
    const added = await ok(
      app.gql<{ commentAdd: { id: string } }>(
        `mutation($c: CommentNew) { commentAdd(comment: $c) { id } }`,
        { c: { content: 'Is the engine original?', related: [{ ref: 'auction', refId: ids.live, field: 'comments' }] } },
        { token: bidder.token },
      ),
    );
    // Two reports on one comment count once.
    for (const reporter of [seller, makeUser(HOME, { name: 'reporter' })])
      await ok(
        app.gql(
          `mutation($id: ID!, $r: Relation!) { commentReportAbuse(id: $id, relation: $r, reason: OTHER, content: "Spam") { id } }`,
          { id: added.commentAdd.id, r: `auction:${ids.live}` },
          { token: reporter.token },
        ),
      );
    const expected: Counts = {
      submitted: 2,
      approved: 1,
      scheduledToday: 1,
      live: 1,
      endedAwaitingSettlement: 1,
      networkOffers: 1,
      reportedComments: 1,
    };
    // The comment report reaches its read model asynchronously.
    await eventually(counts, (value) => value.reportedComments === 1);
    expect(await counts()).toMatchObject(expected);
    // The other brand sees its own queues only (its shared lot is approved; no offers from trackside).
    expect(await counts(otherStaff)).toMatchObject({ submitted: 1, approved: 1, live: 0, networkOffers: 0, reportedComments: 0 });

    // Two and a half days on, the later lot starts within 24 hours (the sooner one went live).
    app.clock.advance(2 * DAY + 12 * 3_600_000);
    await eventually(counts, (value) => value.scheduledToday === 1 && value.live === 2 && value.endedAwaitingSettlement === 1);
    // Once the sale is more than 7 days old it no longer awaits settlement.
    app.clock.advance(5 * DAY);
    await eventually(counts, (value) => value.endedAwaitingSettlement === 0);
  });

  it('both queries are staff-only (auctionEnabled)', async () => {
    expect(errorCode(await cms({}, bidder))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(COUNTS, {}, { token: bidder.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(COUNTS))).toBe('FORBIDDEN');
    // A token of another brand is refused on this brand.
    expect(errorCode(await app.gql(CMS, {}, { token: otherStaff.token }))).toBe('UNAUTHENTICATED');
  });
});
