import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type TestUser } from '../support/auction-test-app';

const HOME = 'trackside';
const HOST = 'jewelry';
const DAY = 86_400_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id slug status } } }`;
const LOT = `query($id: ID!) { auction(id: $id) { id status hosts hosts_declined shared serverTime } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id amount } } }`;
const LIST_FIELDS = `count serverTime auctions { id status title }`;

function lotData(title: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
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
    ...overrides,
  };
}

describe('lot queries, staff commands and the network through GraphQL (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let hostStaff: TestUser;
  let bidder: TestUser;
  let plainUser: TestUser;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(HOME, { name: 'seller' });
    staff = makeUser(HOME, { name: 'staff', staff: true });
    hostStaff = makeUser(HOST, { name: 'host-staff', staff: true });
    bidder = makeUser(HOME, { name: 'bidder' });
    plainUser = makeUser(HOME, { name: 'plain' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function create(title: string, token = seller.token): Promise<string> {
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(CREATE, { data: lotData(title) }, { token });
    expect(created.errors).toBeUndefined();
    return created.data!.createAuction.auction.id;
  }

  // Lots created through the API have an UNPAID package: approving one needs the confirmation.
  const staffCall = (mutation: string, id: string, user: TestUser = staff) =>
    app.gql<Record<string, { status: string } | null>>(
      `mutation($id: ID!) { ${mutation}(id: $id${mutation === 'approveAuction' ? ', confirmUnpaid: true' : ''}) { status } }`,
      { id },
      { token: user.token, brand: user.brand },
    );

  async function schedule(id: string, startInMs = 1000): Promise<void> {
    const start = new Date(app.clock.now().getTime() + startInMs);
    const result = await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.token },
    );
    expect(result.errors).toBeUndefined();
  }

  it('staff commands need the auctionEnabled flag; approve and disapprove follow the statuses', async () => {
    const id = await create('Lola T70');
    expect(errorCode(await staffCall('approveAuction', id, plainUser))).toBe('FORBIDDEN');
    expect(errorCode(await staffCall('approveAuction', id, seller))).toBe('FORBIDDEN');
    expect((await staffCall('approveAuction', id)).data?.approveAuction?.status).toBe('APPROVED');
    expect(errorCode(await staffCall('approveAuction', id))).toBe('auction.invalid.status');

    const other = await create('Chevron B16');
    const disapproved = await app.gql<{ disapproveAuction: { status: string } }>(
      `mutation($id: ID!) { disapproveAuction(id: $id, reason: "Photos missing") { status } }`,
      { id: other },
      { token: staff.token },
    );
    expect(disapproved.errors).toBeUndefined();
    expect(disapproved.data!.disapproveAuction.status).toBe('PENDING');
  });

  it('public lists exclude PENDING and APPROVED, count matches, pagination and status filters apply', async () => {
    const pending = await create('Pending Porsche');
    const approved = await create('Approved Alfa');
    await staffCall('approveAuction', approved);
    const scheduledIds: string[] = [];
    for (const title of ['Scheduled Saab', 'Scheduled Simca', 'Scheduled Sunbeam']) {
      const id = await create(title);
      await staffCall('approveAuction', id);
      await schedule(id, DAY);
      scheduledIds.push(id);
    }
    const all = await app.gql<{ auctionsByBrandAndStatus: { count: number; auctions: Array<{ id: string; status: string }> } }>(
      `{ auctionsByBrandAndStatus(start: 0, limit: 100) { ${LIST_FIELDS} } }`,
    );
    const ids = all.data!.auctionsByBrandAndStatus.auctions.map((lot) => lot.id);
    expect(ids).not.toContain(pending);
    expect(ids).not.toContain(approved);
    for (const id of scheduledIds) expect(ids).toContain(id);
    expect(all.data!.auctionsByBrandAndStatus.count).toBe(ids.length);
    expect(all.data!.auctionsByBrandAndStatus.auctions.every((lot) => lot.status !== 'PENDING' && lot.status !== 'APPROVED')).toBe(true);

    // Asking for PENDING explicitly still shows nothing pending.
    const askPending = await app.gql<{ auctionsByBrandAndStatus: { count: number } }>(
      `{ auctionsByBrandAndStatus(status: [PENDING, APPROVED]) { count } }`,
    );
    expect(askPending.data!.auctionsByBrandAndStatus.count).toBe(0);

    const page = await app.gql<{ auctionsByBrandAndStatus: { count: number; auctions: Array<{ id: string }> } }>(
      `{ auctionsByBrandAndStatus(status: [SCHEDULED], start: 1, limit: 2) { ${LIST_FIELDS} } }`,
    );
    expect(page.data!.auctionsByBrandAndStatus.count).toBe(3);
    expect(page.data!.auctionsByBrandAndStatus.auctions).toHaveLength(2);

    // Another brand's list does not show these lots.
    const foreign = await app.gql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } }>(
      `{ auctionsByBrandAndStatus(limit: 100) { ${LIST_FIELDS} } }`,
      {},
      { brand: HOST },
    );
    expect(foreign.data!.auctionsByBrandAndStatus.auctions.map((lot) => lot.id)).not.toContain(scheduledIds[0]);
  });

  it('myAuctions lists the seller’s lots newest first, with count; myAuctionsBidByUser the lots a user bid on', async () => {
    const me = makeUser(HOME, { name: 'me' });
    const first = await create('First Fiat', me.token);
    const second = await create('Second Simca', me.token);
    const mine = await app.gql<{ myAuctions: { count: number; auctions: Array<{ id: string }> } }>(
      `{ myAuctions(start: 0, limit: 10) { ${LIST_FIELDS} } }`,
      {},
      { token: me.token },
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.myAuctions.count).toBe(2);
    expect(mine.data!.myAuctions.auctions.map((lot) => lot.id)).toEqual([second, first]);
    expect(errorCode(await app.gql(`{ myAuctions { count } }`))).toBe('FORBIDDEN');

    const live = await create('Live Lancia');
    await staffCall('approveAuction', live);
    await schedule(live);
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(LOT, { id: live }),
      (result) => result.data?.auction.status === 'LIVE',
    );
    expect((await app.gql(BID, { auction: live, amount: 10 }, { token: bidder.token })).errors).toBeUndefined();
    expect((await app.gql(BID, { auction: live, amount: 20 }, { token: plainUser.token })).errors).toBeUndefined();
    expect((await app.gql(BID, { auction: live, amount: 30 }, { token: bidder.token })).errors).toBeUndefined();
    const bidOn = await app.gql<{ myAuctionsBidByUser: { count: number; auctions: Array<{ id: string }> } }>(
      `{ myAuctionsBidByUser(start: 0, limit: 10) { ${LIST_FIELDS} } }`,
      {},
      { token: bidder.token },
    );
    expect(bidOn.data!.myAuctionsBidByUser).toMatchObject({ count: 1, auctions: [{ id: live }] });

    // bids: sort, limit, start, where.
    const sorted = await app.gql<{ bids: Array<{ amount: number }> }>(
      `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:desc") { amount } }`,
      { id: live },
    );
    expect(sorted.data!.bids.map((bid) => bid.amount)).toEqual([30, 20, 10]);
    const ascending = await app.gql<{ bids: Array<{ amount: number }> }>(
      `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:asc", start: 1, limit: 1) { amount } }`,
      { id: live },
    );
    expect(ascending.data!.bids.map((bid) => bid.amount)).toEqual([20]);
    const foreignBids = await app.gql<{ bids: unknown[] }>(
      `query($id: ID!) { bids(where: { auction: $id }) { id } }`,
      { id: live },
      { brand: HOST },
    );
    expect(foreignBids.data!.bids).toEqual([]);
  });

  it('shares to the network: hosts accept or decline, removal refused once a host accepted', async () => {
    const id = await create('Network Nissan');
    await staffCall('approveAuction', id);
    // Not shared yet: other brands cannot even see it.
    expect(errorCode(await staffCall('acceptAuction', id, hostStaff))).toBe('auction.notFound');
    expect((await staffCall('sendAuctionToNetwork', id)).errors).toBeUndefined();
    // The owner brand cannot host its own lot.
    expect(errorCode(await staffCall('acceptAuction', id))).toBe('auction.network.invalid.host');

    const offers = await app.gql<{ auctionsByNetwork: { count: number; auctions: Array<{ id: string }> } }>(
      `{ auctionsByNetwork(start: 0, limit: 50) { ${LIST_FIELDS} } }`,
      {},
      { token: hostStaff.token, brand: HOST },
    );
    expect(offers.errors).toBeUndefined();
    expect(offers.data!.auctionsByNetwork.auctions.map((lot) => lot.id)).toContain(id);
    expect(errorCode(await app.gql(`{ auctionsByNetwork { count } }`, {}, { token: bidder.token }))).toBe('FORBIDDEN');

    expect((await staffCall('acceptAuction', id, hostStaff)).errors).toBeUndefined();
    const lot = await app.gql<{ auction: { hosts: string[]; shared: boolean } }>(LOT, { id }, { token: staff.token });
    expect(lot.data!.auction).toMatchObject({ shared: true, hosts: [HOST] });
    expect(errorCode(await staffCall('removeAuctionFromNetwork', id))).toBe('auction.network.share.error.hasHosts');

    // Once scheduled and live, the host brand lists it among accepted network lots.
    await schedule(id);
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(LOT, { id }),
      (result) => result.data?.auction.status === 'LIVE',
    );
    const accepted = await app.gql<{ auctionsAcceptedFromNetwork: { auctions: Array<{ id: string }> } }>(
      `{ auctionsAcceptedFromNetwork(start: 0, limit: 50) { ${LIST_FIELDS} } }`,
      {},
      { brand: HOST },
    );
    expect(accepted.data!.auctionsAcceptedFromNetwork.auctions.map((entry) => entry.id)).toContain(id);
    expect(errorCode(await staffCall('sendAuctionToNetwork', id))).toBe('auction.network.share.error.auctionLive');

    // A second lot: shared, declined by the host, then withdrawn by the owner.
    const other = await create('Declined Datsun');
    await staffCall('sendAuctionToNetwork', other);
    expect((await staffCall('declineAuction', other, hostStaff)).errors).toBeUndefined();
    const declined = await app.gql<{ auction: { hosts_declined: string[] } }>(LOT, { id: other }, { token: staff.token });
    expect(declined.data!.auction.hosts_declined).toEqual([HOST]);
    const removed = await staffCall('removeAuctionFromNetwork', other);
    expect(removed.errors).toBeUndefined();
    const after = await app.gql<{ auction: { shared: boolean } }>(LOT, { id: other }, { token: staff.token });
    expect(after.data!.auction.shared).toBe(false);
  });

  it('declining after accepting takes the lot off the host brand, and the owner may then withdraw it', async () => {
    const id = await create('Changed Mind Mazda');
    await staffCall('approveAuction', id);
    await staffCall('sendAuctionToNetwork', id);
    expect((await staffCall('acceptAuction', id, hostStaff)).errors).toBeUndefined();
    await schedule(id, 60_000);
    const hostedIds = async () =>
      (
        await app.gql<{ auctionsAcceptedFromNetwork: { auctions: Array<{ id: string }> } }>(
          `{ auctionsAcceptedFromNetwork(start: 0, limit: 50) { ${LIST_FIELDS} } }`,
          {},
          { brand: HOST },
        )
      ).data!.auctionsAcceptedFromNetwork.auctions.map((lot) => lot.id);
    expect(await hostedIds()).toContain(id);

    expect((await staffCall('declineAuction', id, hostStaff)).errors).toBeUndefined();
    const lot = await app.gql<{ auction: { hosts: string[]; hosts_declined: string[] } }>(LOT, { id }, { token: staff.token });
    expect(lot.data!.auction).toMatchObject({ hosts: [], hosts_declined: [HOST] });
    expect(await hostedIds()).not.toContain(id);
    const hostList = await app.gql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string }> } }>(
      `{ auctionsByBrandAndStatus(status: [SCHEDULED], limit: 50) { ${LIST_FIELDS} } }`,
      {},
      { brand: HOST },
    );
    expect(hostList.data!.auctionsByBrandAndStatus.auctions.map((entry) => entry.id)).not.toContain(id);
    // No host left: the owner may withdraw it again.
    expect((await staffCall('removeAuctionFromNetwork', id)).errors).toBeUndefined();
  });

  it('scheduling codes through GraphQL, and nothing is written on refusal', async () => {
    const id = await create('Schedule Skoda');
    const now = app.clock.now().getTime();
    const scheduleWith = (s: Date | null, e: Date | null) =>
      app.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
        { id, s, e },
        { token: staff.token },
      );
    // PENDING cannot be scheduled.
    expect(errorCode(await scheduleWith(new Date(now + DAY), new Date(now + 8 * DAY)))).toBe(
      'auction.network.schedule.error.invalid.status',
    );
    await staffCall('approveAuction', id);
    const before = await app.gql<{ lotHistory: { events: unknown[] } }>(
      `query($id: ID!) { lotHistory(id: $id) { events { type } } }`,
      { id },
      { token: staff.token },
    );
    expect(errorCode(await scheduleWith(null, new Date(now + DAY)))).toBe('auction.network.schedule.error.dates.missing');
    expect(errorCode(await scheduleWith(new Date(now + DAY), new Date(now + DAY)))).toBe('auction.network.schedule.error.dates.same');
    expect(errorCode(await scheduleWith(new Date(now + 2 * DAY), new Date(now + DAY)))).toBe(
      'auction.network.schedule.error.dates.end.before.start',
    );
    expect(errorCode(await scheduleWith(new Date(now - DAY), new Date(now + 6 * DAY)))).toBe(
      'auction.network.schedule.error.startDate.inPast',
    );
    expect(errorCode(await scheduleWith(new Date(now + DAY), new Date(now + 2 * DAY)))).toBe(
      'auction.network.schedule.error.rangeOutOfBounds',
    );
    const after = await app.gql<{ lotHistory: { events: unknown[] } }>(
      `query($id: ID!) { lotHistory(id: $id) { events { type } } }`,
      { id },
      { token: staff.token },
    );
    expect(after.data!.lotHistory.events).toHaveLength(before.data!.lotHistory.events.length);
  });

  it('auctionPropertiesByBrand answers the brand’s lot properties; every list answer carries serverTime', async () => {
    const properties = await app.gql<{ auctionPropertiesByBrand: Array<{ name: string }> }>(
      `{ auctionPropertiesByBrand(brand: "${HOME}") { name } }`,
    );
    expect(properties.errors).toBeUndefined();
    expect(properties.data!.auctionPropertiesByBrand.length).toBeGreaterThan(0);
    const list = await app.gql<{ auctionsByBrandAndStatus: { serverTime: string } }>(`{ auctionsByBrandAndStatus { serverTime } }`);
    expect(Math.abs(new Date(list.data!.auctionsByBrandAndStatus.serverTime).getTime() - app.clock.now().getTime())).toBeLessThan(1000);
  });

  it('brand comes from x-brand, else the host, else the default; a token of another brand is refused', async () => {
    const id = await create('Brand Bugatti');
    await staffCall('approveAuction', id);
    await schedule(id, DAY);
    // Host-based brand resolution: the test app maps no hosts, so 127.0.0.1 falls back to the default brand.
    const byDefault = await app.gql<{ auction: { id: string } | null }>(LOT, { id });
    expect(byDefault.data?.auction?.id).toBe(id);
    const byHeader = await app.gql<{ auction: { id: string } | null }>(LOT, { id }, { brand: HOST });
    expect(byHeader.data?.auction).toBeNull();
    const mismatched = await app.gql(LOT, { id }, { token: seller.token, brand: HOST });
    expect(mismatched.errors?.[0]?.message).toBe('Invalid token.');
    const health = await fetch(`${app.service.url}/health`, { headers: { 'x-correlation-id': 'corr-123' } });
    expect(health.status).toBe(200);
    expect(health.headers.get('x-correlation-id')).toBe('corr-123');
  });
});
