import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, errorCode, eventually, makeUser, type TestUser } from '../support/auction-test-app';

const HOME = 'trackside';
const DAY = 86_400_000;

const CREATE = `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`;
const CONTACT = `query($id: ID!) { auction(id: $id) { id status contactInfo { name phone email } } }`;
const BID = `mutation($auction: ID!, $amount: Float!) { createBid(input: { data: { auction: $auction, amount: $amount } }) { bid { id } } }`;
const BIDS_WHERE = `query($where: JSON) { bids(where: $where) { id amount auction bidder { id } } }`;

/**
 * Issue 18, "seller contact email and bidder histories are public": the probe read
 * `auction { contactInfo { email } }` and `bids(where: { bidder })` anonymously. Only the seller,
 * the bidder themselves and staff may read them.
 */
describe('personal fields on auction answers (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let bidder: TestUser;
  let other: TestUser;
  let lotId: string;

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(HOME, { name: 'seller' });
    staff = makeUser(HOME, { name: 'staff', staff: true });
    bidder = makeUser(HOME, { name: 'bidder' });
    other = makeUser(HOME, { name: 'other' });
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      CREATE,
      {
        data: {
          title: 'Private Porsche',
          sellerType: 'Private',
          userDescription: 'Garaged.',
          reserve: 0,
          currency: 'USD',
          address: { country: 'US' },
          contactInfo: { name: 'Sam Seller', email: 'sam.seller@example.test', phone: '+1 555 0100' },
          hasAgreedToTerms: true,
          packageId: 'basic',
        },
      },
      { token: seller.token },
    );
    expect(created.errors).toBeUndefined();
    lotId = created.data!.createAuction.auction.id;
    const approve = await app.gql(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id: lotId },
      { token: staff.token },
    );
    expect(approve.errors).toBeUndefined();
    const start = new Date(app.clock.now().getTime() + 1000);
    const scheduled = await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id: lotId, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.token },
    );
    expect(scheduled.errors).toBeUndefined();
    app.clock.advance(1500);
    await eventually(
      () => app.gql<{ auction: { status: string } }>(CONTACT, { id: lotId }),
      (result) => result.data?.auction.status === 'LIVE',
    );
    expect((await app.gql(BID, { auction: lotId, amount: 10 }, { token: bidder.token })).errors).toBeUndefined();
    expect((await app.gql(BID, { auction: lotId, amount: 20 }, { token: other.token })).errors).toBeUndefined();
  });
  afterAll(async () => {
    await app?.close();
  });

  const emailAs = async (token?: string): Promise<string | null | undefined> =>
    (await app.gql<{ auction: { contactInfo: { email: string | null } } }>(CONTACT, { id: lotId }, { token })).data?.auction.contactInfo
      .email;

  it('probe: anonymous auction { contactInfo { email } } no longer returns the seller address', async () => {
    const anonymous = await app.gql<{ auction: { contactInfo: { name: string; phone: string; email: string | null } } }>(CONTACT, {
      id: lotId,
    });
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data!.auction.contactInfo).toEqual({ name: 'Sam Seller', phone: '+1 555 0100', email: null });
    expect(await emailAs(other.token)).toBeNull();
    expect(await emailAs(seller.token)).toBe('sam.seller@example.test');
    expect(await emailAs(staff.token)).toBe('sam.seller@example.test');
    const listed = await app.gql<{ auctionsByBrandAndStatus: { auctions: Array<{ id: string; contactInfo: { email: string | null } }> } }>(
      `{ auctionsByBrandAndStatus { auctions { id contactInfo { email } } } }`,
    );
    expect(listed.data!.auctionsByBrandAndStatus.auctions.find((lot) => lot.id === lotId)?.contactInfo.email).toBeNull();
  });

  it('probe: anonymous bids(where: { bidder }) across lots is refused; the bidder and staff may list them', async () => {
    for (const where of [{ bidder: bidder.id }, { bidder_in: [bidder.id] }, { bidder_ne: other.id }]) {
      expect(errorCode(await app.gql(BIDS_WHERE, { where }))).toBe('auction.access.denied');
      expect(errorCode(await app.gql(BIDS_WHERE, { where }, { token: other.token }))).toBe('auction.access.denied');
    }
    const own = await app.gql<{ bids: Array<{ amount: number }> }>(BIDS_WHERE, { where: { bidder: bidder.id } }, { token: bidder.token });
    expect(own.errors).toBeUndefined();
    expect(own.data!.bids.map((bid) => bid.amount)).toEqual([10]);
    const byStaff = await app.gql<{ bids: Array<{ amount: number }> }>(
      BIDS_WHERE,
      { where: { bidder: bidder.id } },
      { token: staff.token },
    );
    expect(byStaff.data!.bids.map((bid) => bid.amount)).toEqual([10]);
  });

  it('a list across lots hides other bidders; one lot’s history still shows them', async () => {
    type Bids = { bids: Array<{ amount: number; bidder: { id: string } | null }> };
    const across = await app.gql<Bids>(BIDS_WHERE, { where: null }, { token: bidder.token });
    expect(across.errors).toBeUndefined();
    expect(across.data!.bids.map((bid) => [bid.amount, bid.bidder?.id ?? null])).toEqual([
      [20, null],
      [10, bidder.id],
    ]);
    const lotHistory = await app.gql<Bids>(BIDS_WHERE, { where: { auction: lotId } });
    expect(lotHistory.data!.bids.map((bid) => bid.bidder?.id)).toEqual([other.id, bidder.id]);
  });
});
