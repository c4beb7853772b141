import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type TestUser } from '../support/auction-test-app';

const BRAND = 'trackside';
const DAY = 86_400_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id slug status startPrice minIncrementAmount reserve serverTime } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status bidCount topBidAmount finalEndDate scheduledStartDate reserveMet finalPrice serverTime topBid { id amount } } }`;
const BID = `mutation($auction: ID!, $amount: Float!, $id: ID) { createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) { bid { id amount isFirstBid } } }`;

function lotData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Porsche 911 RSR',
    sellerType: 'Private',
    userDescription: 'Race-prepared, fresh engine.',
    reserve: 1000,
    currency: 'USD',
    dataFields: { make: { label: 'Make', value: 'Porsche' }, year: { label: 'Year', value: '1974' } },
    address: { country: 'US', state: 'CA' },
    contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
    hasAgreedToTerms: true,
    packageId: 'basic',
    paymentType: 'ONE_TIME',
    ...overrides,
  };
}

describe('lot life cycle through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
    bob = makeUser(BRAND, { name: 'bob' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function createLot(overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      { data: lotData(overrides) },
      { token: seller.token },
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createAuction.auction.id;
  }

  async function liveLot(overrides: Record<string, unknown> = {}): Promise<string> {
    const id = await createLot(overrides);
    expect(
      (await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, { token: staff.token }))
        .errors,
    ).toBeUndefined();
    const start = new Date(app.clock.now().getTime() + 1000);
    const end = new Date(start.getTime() + 7 * DAY);
    const scheduled = await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: end },
      { token: staff.token },
    );
    expect(scheduled.errors).toBeUndefined();
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'LIVE',
    );
    return id;
  }

  it('creates a PENDING lot with start price and increment 0 and a slug from the title', async () => {
    const created = await app.gql<{
      createAuction: {
        auction: { id: string; slug: string; status: string; startPrice: number; minIncrementAmount: number; reserve: number };
      };
    }>(CREATE, { data: lotData({ title: 'Ford GT40 Replica' }) }, { token: seller.token });
    expect(created.errors).toBeUndefined();
    const auction = created.data!.createAuction.auction;
    expect(auction).toMatchObject({ status: 'PENDING', startPrice: 0, minIncrementAmount: 0, reserve: 1000 });
    expect(auction.slug).toMatch(/^ford-gt40-replica-\d+$/);
    // The lot page never shows a pending lot; the public list neither.
    const bySlug = await app.gql<{ auctionBySlug: unknown }>(`query($s: String!) { auctionBySlug(slug: $s) { id } }`, { s: auction.slug });
    expect(bySlug.data?.auctionBySlug).toBeNull();
    const list = await app.gql<{ auctionsByBrandAndStatus: { count: number; auctions: Array<{ id: string }> } }>(
      `{ auctionsByBrandAndStatus(start: 0, limit: 50) { count auctions { id } } }`,
    );
    expect(list.data!.auctionsByBrandAndStatus.auctions.map((lot) => lot.id)).not.toContain(auction.id);
  });

  it('refuses createAuction without sign-in and with a forged token', async () => {
    const anonymous = await app.gql(CREATE, { data: lotData() });
    expect(errorCode(anonymous)).toBe('FORBIDDEN');
    const forged = await app.gql(CREATE, { data: lotData() }, { token: `${seller.token.slice(0, -4)}AAAA` });
    expect(forged.errors?.[0]?.message).toBe('Invalid token.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: seller.id, brand: BRAND, perms: { superAdmin: true } })).toString('base64url')}.`;
    const none = await app.gql(CREATE, { data: lotData() }, { token: unsigned });
    expect(none.errors?.[0]?.message).toBe('Invalid token.');
  });

  it('only the owner updates a lot', async () => {
    const id = await createLot();
    const denied = await app.gql(
      `mutation($id: ID!) { updateAuction(input: { where: { id: $id }, data: { title: "Mine now" } }) { auction { id } } }`,
      { id },
      { token: alice.token },
    );
    expect(errorCode(denied)).toBe('auction.access.denied');
    expect(denied.errors?.[0]?.message).toBe('Access denied. You do not have the correct permissions to view this auction.');
    const ok = await app.gql<{ updateAuction: { auction: { title: string } } }>(
      `mutation($id: ID!) { updateAuction(input: { where: { id: $id }, data: { title: "Porsche 911 RSR 3.0" } }) { auction { title } } }`,
      { id },
      { token: seller.token },
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateAuction.auction.title).toBe('Porsche 911 RSR 3.0');
  });

  it('staff approve and schedule with the network schedule codes; non-staff are refused', async () => {
    const id = await createLot();
    expect(
      errorCode(
        await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, { token: alice.token }),
      ),
    ).toBe('FORBIDDEN');
    const approved = await app.gql<{ approveAuction: { status: string } }>(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id },
      { token: staff.token },
    );
    expect(approved.data?.approveAuction.status).toBe('APPROVED');
    const schedule = (s: Date | null, e: Date | null) =>
      app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        { id, s, e },
        { token: staff.token },
      );
    const now = app.clock.now().getTime();
    expect(errorCode(await schedule(null, null))).toBe('auction.network.schedule.error.dates.missing');
    expect(errorCode(await schedule(new Date(now + DAY), new Date(now + DAY)))).toBe('auction.network.schedule.error.dates.same');
    expect(errorCode(await schedule(new Date(now + 2 * DAY), new Date(now + DAY)))).toBe(
      'auction.network.schedule.error.dates.end.before.start',
    );
    expect(errorCode(await schedule(new Date(now - DAY), new Date(now + 6 * DAY)))).toBe('auction.network.schedule.error.startDate.inPast');
    expect(errorCode(await schedule(new Date(now + DAY), new Date(now + 3 * DAY)))).toBe('auction.network.schedule.error.rangeOutOfBounds');
    const ok = await schedule(new Date(now + DAY), new Date(now + 8 * DAY));
    expect(ok.errors).toBeUndefined();
    const lot = await app.gql<{ auction: { status: string } }>(LOT, { id });
    expect(lot.data?.auction.status).toBe('SCHEDULED');
  });

  it('goes live on time, takes valid bids only, extends on a late bid and ends SOLD', async () => {
    const id = await createLot({ reserve: 0 });
    await app.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`, { id }, { token: staff.token });
    const start = new Date(app.clock.now().getTime() + 1000);
    const end = new Date(start.getTime() + 7 * DAY);
    await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: end },
      { token: staff.token },
    );

    // Before the start: refused with the status code.
    expect(errorCode(await app.gql(BID, { auction: id, amount: 10 }, { token: alice.token }))).toBe('bid.invalid.auction.status.scheduled');

    // The scheduler opens it within a second of the due time.
    app.clock.advance(1000);
    const opened = await eventually(
      () => app.gql<{ auction: { status: string; serverTime: string } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'LIVE',
      3000,
    );
    expect(new Date(opened.data!.auction.serverTime).getTime()).toBeGreaterThanOrEqual(start.getTime());

    expect(errorCode(await app.gql(BID, { auction: id, amount: 0 }, { token: alice.token }))).toBe('bid.invalid.firstBid.tooLow');
    expect(errorCode(await app.gql(BID, { auction: id, amount: 50 }, { token: seller.token }))).toBe('bid.invalid.own.auction');
    expect(errorCode(await app.gql(BID, { auction: id, amount: 10.005 }, { token: alice.token }))).toBe('bid.invalid');
    expect(errorCode(await app.gql(BID, { auction: id, amount: -5 }, { token: alice.token }))).toBe('bid.invalid');
    expect(errorCode(await app.gql(BID, { auction: id, amount: 1_000_000_000 }, { token: alice.token }))).toBe(
      'bid.invalid.maxValue.exceeded',
    );

    const first = await app.gql<{ createBid: { bid: { amount: number; isFirstBid: boolean } } }>(
      BID,
      { auction: id, amount: 100 },
      { token: alice.token },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.createBid.bid).toMatchObject({ amount: 100, isFirstBid: true });
    expect(errorCode(await app.gql(BID, { auction: id, amount: 100 }, { token: bob.token }))).toBe('bid.invalid.amount.tooLow');
    expect(errorCode(await app.gql(BID, { auction: id, amount: 100.5 }, { token: bob.token }))).toBe('bid.invalid.increment.notMet');
    expect((await app.gql(BID, { auction: id, amount: 101 }, { token: bob.token })).errors).toBeUndefined();

    // Sniper protection: a bid 30 s before the end moves the end to bid time + 120 s.
    app.clock.advance(end.getTime() - app.clock.now().getTime() - 30_000);
    const lateAt = app.clock.now().getTime();
    expect((await app.gql(BID, { auction: id, amount: 150 }, { token: alice.token })).errors).toBeUndefined();
    const extended = await app.gql<{ auction: { finalEndDate: string; bidCount: number; topBidAmount: number } }>(LOT, { id });
    const newEnd = new Date(extended.data!.auction.finalEndDate).getTime();
    expect(newEnd - lateAt).toBeGreaterThanOrEqual(119_000);
    expect(newEnd - lateAt).toBeLessThanOrEqual(121_000);
    expect(extended.data!.auction).toMatchObject({ bidCount: 3, topBidAmount: 150 });

    // Past the original end but before the extended end: still live, bids accepted.
    app.clock.advance(60_000);
    await app.scheduler().tick();
    expect((await app.gql<{ auction: { status: string } }>(LOT, { id })).data?.auction.status).toBe('LIVE');

    // Past the extended end: the scheduler ends it; no reserve and bids → SOLD at the top bid.
    app.clock.advance(61_000 + 1000);
    const ended = await eventually(
      () => app.gql<{ auction: { status: string; finalPrice: number } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'SOLD',
      3000,
    );
    expect(ended.data!.auction.finalPrice).toBe(150);
    expect(errorCode(await app.gql(BID, { auction: id, amount: 500 }, { token: bob.token }))).toBe('bid.invalid.auction.status.sold');
  });

  it('ends RESERVE_NOT_MET when the top bid is under the reserve', async () => {
    const id = await liveLot({ reserve: 5000 });
    expect((await app.gql(BID, { auction: id, amount: 4000 }, { token: alice.token })).errors).toBeUndefined();
    const pct = await app.gql<{ findReservePercentage: { percentage: number; reserveMet: boolean } }>(
      `query($id: ID!) { findReservePercentage(id: $id) { percentage reserveMet } }`,
      { id },
    );
    expect(pct.data?.findReservePercentage).toEqual({ percentage: 80, reserveMet: false });
    app.clock.advance(8 * DAY);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'RESERVE_NOT_MET',
      3000,
    );
    expect(errorCode(await app.gql(BID, { auction: id, amount: 9000 }, { token: bob.token }))).toBe(
      'bid.invalid.auction.status.reserve_not_met',
    );
  });

  it('records one bid for a resubmitted client bid id and answers the same', async () => {
    const id = await liveLot();
    const bidId = '5b0c1f1e-8a6f-4b8e-9d54-0c4a8f0e7a11';
    const once = await app.gql<{ createBid: { bid: { id: string; amount: number } } }>(
      BID,
      { auction: id, amount: 200, id: bidId },
      { token: alice.token },
    );
    const twice = await app.gql<{ createBid: { bid: { id: string; amount: number } } }>(
      BID,
      { auction: id, amount: 200, id: bidId },
      { token: alice.token },
    );
    expect(once.errors).toBeUndefined();
    expect(twice.errors).toBeUndefined();
    expect(twice.data!.createBid.bid).toEqual(once.data!.createBid.bid);
    const bids = await app.gql<{ bids: Array<{ id: string }> }>(
      `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:desc") { id } }`,
      { id },
    );
    expect(bids.data!.bids).toHaveLength(1);
  });

  it('many parallel bidders: exactly the valid bids are accepted, top bid is the highest, versions contiguous', async () => {
    const id = await liveLot({ reserve: 0 });
    const bidders = Array.from({ length: 8 }, (_, index) => makeUser(BRAND, { name: `b${index}` }));
    // 80 bids with distinct amounts in a shuffled order, fired concurrently.
    const amounts = Array.from({ length: 80 }, (_, index) => 100 + index * 5).sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      amounts.map((amount, index) => app.gql(BID, { auction: id, amount }, { token: bidders[index % bidders.length]!.token })),
    );
    const accepted = amounts.filter((_, index) => results[index]!.errors === undefined);
    const codes = new Set(results.filter((result) => result.errors).map(errorCode));
    for (const code of codes) expect(['bid.invalid.amount.tooLow', 'bid.invalid.increment.notMet']).toContain(code);
    // Accepted bids, in acceptance order, strictly increase: each exceeded the top bid when placed.
    const history = await app.gql<{
      lotHistory: { events: Array<{ version: number; type: string; data: { amountCents: number } }>; rejectedAttempts: unknown[] };
    }>(
      `query($id: ID!) { lotHistory(id: $id) { events { version type data } rejectedAttempts { code } } }`,
      { id },
      { token: staff.token },
    );
    const events = history.data!.lotHistory.events;
    expect(events.map((event) => event.version)).toEqual(events.map((_, index) => index + 1));
    const placed = events.filter((event) => event.type === 'BidPlaced').map((event) => event.data.amountCents);
    expect(placed).toHaveLength(accepted.length);
    for (let index = 1; index < placed.length; index += 1) expect(placed[index]!).toBeGreaterThan(placed[index - 1]!);
    expect(history.data!.lotHistory.rejectedAttempts).toHaveLength(amounts.length - accepted.length);
    const lot = await app.gql<{ auction: { topBidAmount: number; bidCount: number } }>(LOT, { id });
    expect(lot.data!.auction.bidCount).toBe(accepted.length);
    expect(lot.data!.auction.topBidAmount).toBe(Math.max(...accepted));
    expect(Math.max(...accepted)).toBe(placed[placed.length - 1]! / 100);
  });

  it('another brand cannot see or bid on the lot', async () => {
    const id = await liveLot();
    const jeweler = makeUser('jewelry', { name: 'jeweler' });
    const seen = await app.gql<{ auction: unknown }>(LOT, { id }, { brand: 'jewelry' });
    expect(seen.data?.auction).toBeNull();
    expect(errorCode(await app.gql(BID, { auction: id, amount: 5000 }, { token: jeweler.token, brand: 'jewelry' }))).toBe(
      'bid.invalid.no.auction',
    );
    // A token of one brand is not valid on another brand.
    expect((await app.gql(BID, { auction: id, amount: 5000 }, { token: alice.token, brand: 'jewelry' })).errors?.[0]?.message).toBe(
      'Invalid token.',
    );
  });

  it('unknown and malformed lots answer with codes and write nothing', async () => {
    expect(errorCode(await app.gql(BID, { auction: '00000000-0000-4000-8000-000000000000', amount: 10 }, { token: alice.token }))).toBe(
      'bid.invalid.no.auction',
    );
    expect(errorCode(await app.gql(BID, { auction: 'not-an-id', amount: 10 }, { token: alice.token }))).toBe('bid.invalid.no.auction');
    expect(errorCode(await app.gql(LOT, { id: 'not-an-id' }))).toBe('auction.validation');
    expect((await app.gql<{ auction: unknown }>(LOT, { id: '00000000-0000-4000-8000-000000000000' })).data?.auction).toBeNull();
  });

  it('watches and unwatches a lot', async () => {
    const id = await liveLot();
    const on = await app.gql<{ watchAuction: { success: boolean; watching: boolean } }>(
      `mutation($id: ID!) { watchAuction(id: $id, watch: true) { success watching } }`,
      { id },
      { token: alice.token },
    );
    expect(on.data?.watchAuction).toEqual({ success: true, watching: true });
    // The lot page reads whether the signed-in user watches it; other users and visitors see their own answer.
    const WATCHING = `query($id: ID!) { auction(id: $id) { id watching } }`;
    expect(
      (await app.gql<{ auction: { watching: boolean | null } }>(WATCHING, { id }, { token: alice.token })).data?.auction.watching,
    ).toBe(true);
    expect((await app.gql<{ auction: { watching: boolean | null } }>(WATCHING, { id }, { token: bob.token })).data?.auction.watching).toBe(
      false,
    );
    expect((await app.gql<{ auction: { watching: boolean | null } }>(WATCHING, { id })).data?.auction.watching).toBeNull();
    const off = await app.gql<{ watchAuction: { watching: boolean } }>(
      `mutation($id: ID!) { watchAuction(id: $id, watch: false) { watching } }`,
      { id },
      { token: alice.token },
    );
    expect(off.data?.watchAuction.watching).toBe(false);
    expect(
      (await app.gql<{ auction: { watching: boolean | null } }>(WATCHING, { id }, { token: alice.token })).data?.auction.watching,
    ).toBe(false);
    expect(errorCode(await app.gql(`mutation($id: ID!) { watchAuction(id: $id, watch: true) { success } }`, { id }))).toBe('FORBIDDEN');
  });

  it('lotHistory shows events, rejected attempts and state as of a version; staff only', async () => {
    const id = await liveLot({ reserve: 0 });
    await app.gql(BID, { auction: id, amount: 100 }, { token: alice.token });
    await app.gql(BID, { auction: id, amount: 90 }, { token: bob.token });
    await app.gql(BID, { auction: id, amount: 120 }, { token: bob.token });
    const query = `query($id: ID!, $v: Int) { lotHistory(id: $id, asOfVersion: $v) { asOfVersion state events { version type actorId occurredAt globalPosition } rejectedAttempts { code actorId } } }`;
    expect(errorCode(await app.gql(query, { id }, { token: alice.token }))).toBe('FORBIDDEN');
    const full = await app.gql<{
      lotHistory: { events: Array<{ type: string; actorId: string | null }>; rejectedAttempts: Array<{ code: string; actorId: string }> };
    }>(query, { id }, { token: staff.token });
    expect(full.data!.lotHistory.events.map((event) => event.type)).toEqual([
      'LotCreated',
      'LotApproved',
      'LotScheduled',
      'LotWentLive',
      'BidPlaced',
      'BidPlaced',
    ]);
    expect(full.data!.lotHistory.events[0]!.actorId).toBe(seller.id);
    expect(full.data!.lotHistory.rejectedAttempts).toEqual([{ code: 'bid.invalid.amount.tooLow', actorId: bob.id }]);
    const asOf = await app.gql<{ lotHistory: { asOfVersion: number; state: { status: string } } }>(
      query,
      { id, v: 4 },
      { token: staff.token },
    );
    expect(asOf.data!.lotHistory.asOfVersion).toBe(4);
    expect(asOf.data!.lotHistory.state.status).toBe('LIVE');
    const beforeLive = await app.gql<{ lotHistory: { state: { status: string } } }>(query, { id, v: 3 }, { token: staff.token });
    expect(beforeLive.data!.lotHistory.state.status).toBe('SCHEDULED');

    // As of an instant: the last event at or before it.
    const timed = await app.gql<{ lotHistory: { events: Array<{ occurredAt: string }> } }>(query, { id }, { token: staff.token });
    const created = new Date(timed.data!.lotHistory.events[0]!.occurredAt);
    const instantQuery = `query($id: ID!, $at: DateTime) { lotHistory(id: $id, asOf: $at) { asOfVersion state } }`;
    const atCreation = await app.gql<{ lotHistory: { asOfVersion: number; state: { status: string } } }>(
      instantQuery,
      { id, at: created },
      { token: staff.token },
    );
    expect(atCreation.data!.lotHistory.asOfVersion).toBeGreaterThanOrEqual(1);
    expect(atCreation.data!.lotHistory.state.status).not.toBe('LIVE');
    const beforeCreation = await app.gql<{ lotHistory: { asOfVersion: number } }>(
      instantQuery,
      { id, at: new Date(created.getTime() - 1) },
      { token: staff.token },
    );
    expect(beforeCreation.data!.lotHistory.asOfVersion).toBe(0);
    const now = await app.gql<{
      lotHistory: { asOfVersion: number; state: { bidCount: number; bids: Record<string, { amountCents: number }> } };
    }>(instantQuery, { id, at: app.clock.now() }, { token: staff.token });
    expect(now.data!.lotHistory).toMatchObject({ asOfVersion: 6, state: { bidCount: 2 } });
    // The state's bids are shown as a plain record by bid id, whatever the engine keeps inside.
    expect(Object.values(now.data!.lotHistory.state.bids).map((bid) => bid.amountCents)).toHaveLength(2);
  });

  it('an internal caller asking for eventual consistency gets the bid from the command result', async () => {
    const id = await liveLot();
    const answer = await app.gql<{ createBid: { bid: { id: string; amount: number; auction: string } } }>(
      `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id amount auction } } }`,
      { auction: id, amount: 210 },
      { token: alice.token, headers: { 'x-consistency': 'eventual' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.createBid.bid).toMatchObject({ amount: 210, auction: id });
    // The bid is recorded all the same; the read model catches up on its own.
    const bids = await eventually(
      () =>
        app.gql<{ bids: Array<{ id: string; amount: number }> }>(`query($id: ID!) { bids(where: { auction: $id }) { id amount } }`, { id }),
      (result) => (result.data?.bids.length ?? 0) === 1,
    );
    expect(bids.data!.bids).toEqual([{ id: answer.data!.createBid.bid.id, amount: 210 }]);
  });

  it('bidding needs a confirmed email', async () => {
    const id = await liveLot({ reserve: 0 });
    const unconfirmed = makeUser(BRAND, { name: 'unconfirmed', confirmed: false });
    expect(errorCode(await app.gql(BID, { auction: id, amount: 100 }, { token: unconfirmed.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(BID, { auction: id, amount: 100 }))).toBe('FORBIDDEN');
  });

  it('survives a restart while a lot is live', async () => {
    const id = await liveLot({ reserve: 0 });
    expect((await app.gql(BID, { auction: id, amount: 300 }, { token: alice.token })).errors).toBeUndefined();
    await app.restart(); // same database and clock; fresh caches, processors and scheduler
    expect(errorCode(await app.gql(BID, { auction: id, amount: 300 }, { token: bob.token }))).toBe('bid.invalid.amount.tooLow');
    expect((await app.gql(BID, { auction: id, amount: 301 }, { token: bob.token })).errors).toBeUndefined();
    const lot = await app.gql<{ auction: { bidCount: number; topBidAmount: number; status: string } }>(LOT, { id });
    expect(lot.data!.auction).toMatchObject({ bidCount: 2, topBidAmount: 301, status: 'LIVE' });
  });
});
