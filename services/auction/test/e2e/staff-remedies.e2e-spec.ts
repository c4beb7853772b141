import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type GqlResult, type TestUser } from '../support/auction-test-app';

// Staff remedies through GraphQL (docs/decisions.md "Staff remedies"): void a bid, cancel, extend
// and relist, each a new event in the lot's stream, for staff of the owning brand only; and the
// confirmation an UNPAID lot needs to be approved.

const BRAND = 'trackside';
const DAY = 86_400_000;
// Just below the exclusive limit of 999,999,999.00 (docs/decisions.md "Issue 24: the live auction as bidders and sellers expect it").
const FAT_FINGER = 999_999_998;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id slug } } }`;
const LOT_FIELDS = `id slug status bidCount topBidAmount finalPrice finalEndDate scheduledStartDate reserveMet winner { id } topBid { id amount }`;
const LOT = `query($id: ID!) { auction(id: $id) { ${LOT_FIELDS} } }`;
const BID = `mutation($auction: ID!, $amount: Float!, $id: ID) { createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) { bid { id amount isFirstBid } } }`;
const BIDS = `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:desc") { id amount } }`;
const VOID = `mutation($id: ID!, $bid: ID!, $reason: String!) { voidBid(id: $id, bidId: $bid, reason: $reason) { ${LOT_FIELDS} } }`;
const CANCEL = `mutation($id: ID!, $reason: String!) { cancelAuction(id: $id, reason: $reason) { ${LOT_FIELDS} } }`;
const EXTEND = `mutation($id: ID!, $end: DateTime!, $reason: String!) { extendAuction(id: $id, endDate: $end, reason: $reason) { ${LOT_FIELDS} } }`;
const RELIST = `mutation($id: ID!, $reason: String) { relistAuction(id: $id, reason: $reason) { ${LOT_FIELDS} } }`;

interface Lot {
  id: string;
  slug: string;
  status: string;
  bidCount: number;
  topBidAmount: number | null;
  finalPrice: number | null;
  finalEndDate: string | null;
  scheduledStartDate: string | null;
  reserveMet: boolean;
  winner: { id: string } | null;
  topBid: { id: string; amount: number } | null;
}

function lotData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Lancia Stratos HF',
    sellerType: 'Private',
    userDescription: 'Rally history.',
    reserve: 0,
    currency: 'USD',
    address: { country: 'IT' },
    contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
    paymentType: 'ONE_TIME',
    ...overrides,
  };
}

describe('staff remedies through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let otherBrandStaff: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    otherBrandStaff = makeUser('jewelry', { name: 'jewelry-staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
    carol = makeUser(BRAND, { name: 'carol' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const asStaff = <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown>,
    user: TestUser = staff,
  ): Promise<GqlResult<T>> => app.gql<T>(query, variables, { token: user.token, brand: user.brand });
  const lot = async (id: string): Promise<Lot> => (await app.gql<{ auction: Lot }>(LOT, { id }, { token: staff.token })).data!.auction;

  async function createLot(overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      { data: lotData(overrides) },
      { token: seller.token },
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createAuction.auction.id;
  }

  async function schedule(id: string, startInMs = 1000): Promise<Date> {
    const start = new Date(app.clock.now().getTime() + startInMs);
    const end = new Date(start.getTime() + 7 * DAY);
    const scheduled = await asStaff(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: end },
    );
    expect(scheduled.errors).toBeUndefined();
    return end;
  }

  async function goLive(id: string): Promise<void> {
    app.clock.advance(1500);
    await eventually(
      () => lot(id),
      (current) => current.status === 'LIVE',
    );
  }

  async function liveLot(overrides: Record<string, unknown> = {}): Promise<{ id: string; end: Date }> {
    const id = await createLot(overrides);
    expect(
      (await asStaff(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id })).errors,
    ).toBeUndefined();
    const end = await schedule(id);
    await goLive(id);
    return { id, end };
  }

  async function bid(id: string, user: TestUser, amount: number, bidId?: string): Promise<string> {
    const answer = await app.gql<{ createBid: { bid: { id: string } } }>(BID, { auction: id, amount, id: bidId }, { token: user.token });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    return answer.data!.createBid.bid.id;
  }

  async function endLot(id: string, end: Date): Promise<Lot> {
    app.clock.advance(end.getTime() - app.clock.now().getTime() + 1000);
    await app.scheduler().tick();
    return eventually(
      () => lot(id),
      (current) => current.status !== 'LIVE',
    );
  }

  it('approving an UNPAID lot asks for the confirmation, then records it', async () => {
    const id = await createLot();
    const refused = await asStaff(`mutation($id: ID!) { approveAuction(id: $id) { status } }`, { id });
    expect(errorCode(refused)).toBe('auction.approve.unpaid');
    expect(refused.errors?.[0]?.message).toBe("This auction's package has not been paid. Confirm to approve it anyway.");
    expect((await lot(id)).status).toBe('PENDING');
    const approved = await asStaff<{ approveAuction: { status: string } }>(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id },
    );
    expect(approved.data?.approveAuction.status).toBe('APPROVED');
  });

  it('a fat-finger 999,999,999.00 bid is voided: the next lower bid is top, bidding goes on from it, and the lot ends SOLD to the right bidder', async () => {
    const { id, end } = await liveLot();
    await bid(id, alice, 100);
    const bobBid = await bid(id, bob, 200);
    const fatFinger = await bid(id, carol, FAT_FINGER);
    expect((await lot(id)).topBidAmount).toBe(FAT_FINGER);

    const voided = await asStaff<{ voidBid: Lot }>(VOID, { id, bid: fatFinger, reason: 'Typing mistake, confirmed by phone' });
    expect(voided.errors).toBeUndefined();
    expect(voided.data!.voidBid).toMatchObject({ status: 'LIVE', bidCount: 2, topBidAmount: 200, topBid: { id: bobBid, amount: 200 } });
    // The public bid list leaves the voided bid out; the log keeps it (lotHistory).
    expect((await app.gql<{ bids: Array<{ amount: number }> }>(BIDS, { id })).data!.bids.map((entry) => entry.amount)).toEqual([200, 100]);
    // The minimum next bid is 200 + the increment (1.00); the voided bid id cannot come back.
    expect(errorCode(await app.gql(BID, { auction: id, amount: 200.5 }, { token: alice.token }))).toBe('bid.invalid.increment.notMet');
    expect(errorCode(await app.gql(BID, { auction: id, amount: FAT_FINGER, id: fatFinger }, { token: carol.token }))).toBe('bid.invalid');
    expect(errorCode(await asStaff(VOID, { id, bid: fatFinger, reason: 'again' }))).toBe('auction.remedy.bid.voided');
    await bid(id, alice, 201);

    const ended = await endLot(id, end);
    expect(ended).toMatchObject({ status: 'SOLD', finalPrice: 201, winner: { id: alice.id } });
  });

  it('a void after the end recomputes the outcome: the runner-up wins at their price', async () => {
    const { id, end } = await liveLot();
    await bid(id, bob, 300);
    const fatFinger = await bid(id, carol, FAT_FINGER);
    expect(await endLot(id, end)).toMatchObject({ status: 'SOLD', finalPrice: FAT_FINGER, winner: { id: carol.id } });
    const voided = await asStaff<{ voidBid: Lot }>(VOID, { id, bid: fatFinger, reason: 'Bidder confirmed the typo' });
    expect(voided.errors).toBeUndefined();
    expect(voided.data!.voidBid).toMatchObject({ status: 'SOLD', finalPrice: 300, winner: { id: bob.id }, bidCount: 1, topBidAmount: 300 });
  });

  it('only staff of the owning brand may use a remedy; unknown bids and blank reasons are refused with their codes', async () => {
    const { id } = await liveLot();
    const bidId = await bid(id, alice, 50);
    for (const user of [alice, seller]) {
      expect(errorCode(await asStaff(VOID, { id, bid: bidId, reason: 'x' }, user))).toBe('FORBIDDEN');
      expect(errorCode(await asStaff(CANCEL, { id, reason: 'x' }, user))).toBe('FORBIDDEN');
      expect(errorCode(await asStaff(RELIST, { id }, user))).toBe('FORBIDDEN');
    }
    expect(errorCode(await app.gql(CANCEL, { id, reason: 'x' }))).toBe('FORBIDDEN');
    // Staff of another brand do not see the lot at all.
    expect(errorCode(await asStaff(VOID, { id, bid: bidId, reason: 'x' }, otherBrandStaff))).toBe('auction.notFound');
    expect(
      errorCode(await asStaff(EXTEND, { id, end: new Date(app.clock.now().getTime() + 30 * DAY), reason: 'x' }, otherBrandStaff)),
    ).toBe('auction.notFound');

    const unknown = await asStaff(VOID, { id, bid: randomUUID(), reason: 'x' });
    expect(errorCode(unknown)).toBe('auction.remedy.bid.notFound');
    expect(unknown.errors?.[0]?.message).toBe('This bid does not exist on this auction.');
    const blank = await asStaff(VOID, { id, bid: bidId, reason: '   ' });
    expect(errorCode(blank)).toBe('auction.remedy.reason.required');
    expect(blank.errors?.[0]?.message).toBe('Please give a reason.');
    expect(errorCode(await asStaff(RELIST, { id }))).toBe('auction.remedy.invalid.status');
    expect((await lot(id)).bidCount).toBe(1);
  });

  it('extends a live lot: the new end must be later than the current one and in the future', async () => {
    const { id, end } = await liveLot();
    const invalid = await asStaff(EXTEND, { id, end, reason: 'Outage' });
    expect(errorCode(invalid)).toBe('auction.remedy.extend.invalid');
    expect(invalid.errors?.[0]?.message).toBe('The new end must be later than the current end and in the future.');
    expect(errorCode(await asStaff(EXTEND, { id, end: new Date(end.getTime() + DAY), reason: '' }))).toBe('auction.remedy.reason.required');
    const newEnd = new Date(end.getTime() + DAY);
    const extended = await asStaff<{ extendAuction: Lot }>(EXTEND, { id, end: newEnd, reason: 'Site outage in the last hour' });
    expect(extended.errors).toBeUndefined();
    expect(extended.data!.extendAuction.finalEndDate).toBe(newEnd.toISOString());
    // The scheduler does not end it at the old end; bids are still taken.
    app.clock.advance(end.getTime() - app.clock.now().getTime() + 1000);
    await app.scheduler().tick();
    expect((await lot(id)).status).toBe('LIVE');
    await bid(id, bob, 10);
  });

  it('a canceled lot takes no bids, is not started by the scheduler, leaves the public lists but its page still loads; a relist starts a new round', async () => {
    const { id } = await liveLot({ title: 'Canceled Countach' });
    const firstRoundBid = await bid(id, alice, 75);
    const search = () =>
      app.gql<{ auctionSearch: { hits: Array<{ id: string }> } }>(`{ auctionSearch(query: "Countach") { hits { id } } }`);
    await eventually(search, (result) => result.data?.auctionSearch.hits.some((hit) => hit.id === id) === true);
    const canceled = await asStaff<{ cancelAuction: Lot }>(CANCEL, { id, reason: 'Seller withdrew the car' });
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data!.cancelAuction.status).toBe('CANCELED');
    const refused = await app.gql(BID, { auction: id, amount: 100 }, { token: bob.token });
    expect(errorCode(refused)).toBe('bid.invalid.auction.status.canceled');
    expect(refused.errors?.[0]?.message).toBe('Auction has been canceled. Not accepting any bids.');
    expect(errorCode(await asStaff(CANCEL, { id, reason: 'again' }))).toBe('auction.remedy.invalid.status');

    const listed = await app.gql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } }>(
      `{ auctionsByBrandAndStatus(start: 0, limit: 100, status: [CANCELED, LIVE]) { auctions { id } } }`,
    );
    expect(listed.data!.auctionsByBrandAndStatus.auctions.map((entry) => entry.id)).not.toContain(id);
    const searched = await eventually(search, (result) => result.data?.auctionSearch.hits.some((hit) => hit.id === id) === false);
    expect(searched.data!.auctionSearch.hits.map((hit) => hit.id)).not.toContain(id);
    const page = await app.gql<{ auctionBySlug: { id: string; status: string } | null }>(
      `query($s: String!) { auctionBySlug(slug: $s) { id status } }`,
      { s: canceled.data!.cancelAuction.slug },
    );
    expect(page.data!.auctionBySlug).toEqual({ id, status: 'CANCELED' });

    // Relisted: APPROVED, a new round with no bids; the first round's bids leave the public list.
    const relisted = await asStaff<{ relistAuction: Lot }>(RELIST, { id, reason: null });
    expect(relisted.errors).toBeUndefined();
    expect(relisted.data!.relistAuction).toMatchObject({
      status: 'APPROVED',
      bidCount: 0,
      topBid: null,
      topBidAmount: null,
      finalEndDate: null,
      scheduledStartDate: null,
    });
    expect((await app.gql<{ bids: unknown[] }>(BIDS, { id })).data!.bids).toEqual([]);
    await schedule(id);
    await goLive(id);
    expect(errorCode(await app.gql(BID, { auction: id, amount: 75, id: firstRoundBid }, { token: alice.token }))).toBe('bid.invalid');
    const fresh = await app.gql<{ createBid: { bid: { amount: number; isFirstBid: boolean } } }>(
      BID,
      { auction: id, amount: 5 },
      { token: bob.token },
    );
    expect(fresh.data!.createBid.bid).toEqual({ amount: 5, isFirstBid: true, id: expect.any(String) });
    expect((await app.gql<{ bids: Array<{ amount: number }> }>(BIDS, { id })).data!.bids.map((entry) => entry.amount)).toEqual([5]);
  });

  it('myAuctionsBidByUser leaves out a lot whose only bids by the user were voided or placed before a relist', async () => {
    const MINE = `{ myAuctionsBidByUser(start: 0, limit: 100) { count auctions { id } } }`;
    const mine = async (user: TestUser): Promise<string[]> =>
      (
        await app.gql<{ myAuctionsBidByUser: { auctions: Array<{ id: string }> } }>(MINE, {}, { token: user.token })
      ).data!.myAuctionsBidByUser.auctions.map((entry) => entry.id);
    const voidedLot = await liveLot();
    const aliceBid = await bid(voidedLot.id, alice, 100);
    await bid(voidedLot.id, bob, 200);
    expect(await mine(alice)).toContain(voidedLot.id);
    expect((await asStaff(VOID, { id: voidedLot.id, bid: aliceBid, reason: 'Shill bid' })).errors).toBeUndefined();
    await eventually(
      () => mine(alice),
      (ids) => !ids.includes(voidedLot.id),
    );
    expect(await mine(bob)).toContain(voidedLot.id);

    const relistedLot = await liveLot();
    await bid(relistedLot.id, carol, 300);
    expect(await mine(carol)).toContain(relistedLot.id);
    expect((await asStaff(CANCEL, { id: relistedLot.id, reason: 'Wrong photos' })).errors).toBeUndefined();
    expect((await asStaff(RELIST, { id: relistedLot.id, reason: 'Photos fixed' })).errors).toBeUndefined();
    await eventually(
      () => mine(carol),
      (ids) => !ids.includes(relistedLot.id),
    );
    // A bid in the new round lists it again.
    await schedule(relistedLot.id);
    await goLive(relistedLot.id);
    await bid(relistedLot.id, carol, 5);
    expect(await mine(carol)).toContain(relistedLot.id);
  });

  it('the scheduler never starts a lot canceled while SCHEDULED', async () => {
    const id = await createLot();
    await asStaff(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id });
    await schedule(id, 1000);
    expect((await asStaff(CANCEL, { id, reason: 'Duplicate listing' })).errors).toBeUndefined();
    app.clock.advance(5000);
    expect(await app.scheduler().tick()).toMatchObject({ started: 0 });
    expect((await lot(id)).status).toBe('CANCELED');
  });
});
