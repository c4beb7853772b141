import { randomUUID } from 'node:crypto';
import { eventDataRecord, decodeLotEvent } from '@trackside/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreProvider } from '../../src/infrastructure/event-store.provider';
import { AuctionReadModelsProcessor } from '../../src/projections/auction-read-models.processor';
import { AuctionTestApp, eventually, makeUser, type TestUser } from '../support/auction-test-app';

// Issue 18, "Integrity of bids": read models must never disagree with the history. Random bid commands
// (fresh ids, retries, ids reused by other bidders and on other lots, low amounts) on three lots, then a
// check that every lot's read model (bidCount, topBidAmount, topBid, bids) is what its history says.

const BRAND = 'trackside';
const DAY = 86_400_000;
const LOT = `query($id: ID!) { auction(id: $id) { id status bidCount topBidAmount topBid { id amount } } }`;
const BIDS = `query($id: ID!) { bids(where: { auction: $id }, sort: "amount:desc", limit: 1000) { id amount } }`;
const BID = `mutation($auction: ID!, $amount: Float!, $id: ID) { createBid(input: { data: { auction: $auction, amount: $amount, id: $id } }) { bid { id } } }`;

/** A small seeded generator (mulberry32): the same seed replays the same commands. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Lot {
  id: string;
  status: string;
  bidCount: number;
  topBidAmount: number | null;
  topBid: { id: string; amount: number } | null;
}

describe('read models agree with the history after random bid commands (e2e, PostgreSQL)', () => {
  let app: AuctionTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let bidders: TestUser[];

  beforeAll(async () => {
    app = await AuctionTestApp.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    bidders = Array.from({ length: 4 }, (_, index) => makeUser(BRAND, { name: `bidder${index}` }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const lot = async (id: string): Promise<Lot> => (await app.gql<{ auction: Lot }>(LOT, { id }, { token: staff.token })).data!.auction;

  async function liveLot(): Promise<string> {
    const data = {
      title: 'Ferrari 250 GTO',
      sellerType: 'Private',
      userDescription: 'Red.',
      reserve: 0,
      currency: 'USD',
      address: { country: 'IT' },
      contactInfo: { name: 'Sam Seller', email: 'sam@example.test' },
      hasAgreedToTerms: true,
      packageId: 'basic',
      paymentType: 'ONE_TIME',
    };
    const created = await app.gql<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      { data },
      { token: seller.token },
    );
    const id = created.data!.createAuction.auction.id;
    await app.gql(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id },
      { token: staff.token, brand: BRAND },
    );
    const start = new Date(app.clock.now().getTime() + 1000);
    await app.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
      { token: staff.token, brand: BRAND },
    );
    return id;
  }

  it('every lot: bidCount, topBidAmount, topBid and the bid list match the accepted, unvoided BidPlaced events', async () => {
    const lots = [await liveLot(), await liveLot(), await liveLot()];
    app.clock.advance(1500);
    for (const id of lots)
      await eventually(
        () => lot(id),
        (current) => current.status === 'LIVE',
      );
    const random = seeded(18);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const used: Array<{ id: string; lotId: string; amount: number; bidder: TestUser }> = [];
    for (let step = 0; step < 60; step += 1) {
      const roll = random();
      const reuse = used.length > 0 && roll < 0.35 ? pick(used) : null;
      // A reused id: the same bidder's retry, or another bidder / another lot trying it.
      const bidder = reuse && random() < 0.5 ? reuse.bidder : pick(bidders);
      const lotId = reuse && random() < 0.5 ? reuse.lotId : pick(lots);
      const amount = reuse && random() < 0.5 ? reuse.amount : 100 + Math.floor(random() * 400) * 5;
      const id = reuse?.id ?? (random() < 0.8 ? randomUUID() : undefined);
      const answer = await app.gql<{ createBid: { bid: { id: string } } }>(BID, { auction: lotId, amount, id }, { token: bidder.token });
      if (!answer.errors && !reuse) used.push({ id: answer.data!.createBid.bid.id, lotId, amount, bidder });
    }
    await app.service.app.get(AuctionReadModelsProcessor).caughtUp();
    const store = app.service.app.get(EventStoreProvider).store;
    for (const lotId of lots) {
      const history = await store.readStream(`lot-${lotId}`);
      const voided = new Set(history.filter((event) => event.type === 'BidVoided').map((event) => eventDataRecord(event).bidId));
      const placed = history
        .filter((event) => event.type === 'BidPlaced')
        .flatMap((event) => {
          const decoded = decodeLotEvent(event);
          return decoded?.type === 'BidPlaced' ? [decoded.data] : [];
        })
        .filter((bid) => !voided.has(bid.bidId))
        .sort((a, b) => b.amountCents - a.amountCents);
      const top = placed[0] ?? null;
      expect(await lot(lotId)).toMatchObject({
        bidCount: placed.length,
        topBidAmount: top ? top.amountCents / 100 : null,
        topBid: top ? { id: top.bidId, amount: top.amountCents / 100 } : null,
      });
      const listed = (await app.gql<{ bids: Array<{ id: string; amount: number }> }>(BIDS, { id: lotId })).data!.bids;
      expect(listed).toEqual(placed.map((bid) => ({ id: bid.bidId, amount: bid.amountCents / 100 })));
    }
  });
});
