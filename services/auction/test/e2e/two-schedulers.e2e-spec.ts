import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuctionTestApp, eventually, makeUser } from '../support/auction-test-app';

const DAY = 86_400_000;

describe('two auction instances on one database (e2e)', () => {
  let first: AuctionTestApp;
  let second: AuctionTestApp;

  beforeAll(async () => {
    first = await AuctionTestApp.create();
    second = await AuctionTestApp.create({ databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close({ keepDatabase: true });
    await first?.close();
  });

  it('both schedulers race to end the same lots; each lot ends exactly once', async () => {
    const seller = makeUser('trackside', { name: 'seller' });
    const staff = makeUser('trackside', { name: 'staff', staff: true });
    const bidder = makeUser('trackside', { name: 'bidder' });
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const created = await first.gql<{ createAuction: { auction: { id: string } } }>(
        `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
        {
          data: {
            title: `Race lot ${index}`,
            sellerType: 'Dealer',
            userDescription: 'x',
            reserve: 0,
            address: { country: 'US' },
            contactInfo: { name: 'S', email: 's@example.test' },
            hasAgreedToTerms: true,
            packageId: 'basic',
          },
        },
        { token: seller.token },
      );
      const id = created.data!.createAuction.auction.id;
      ids.push(id);
      await first.gql(`mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { id } }`, { id }, { token: staff.token });
      const start = new Date(first.clock.now().getTime() + 500);
      await first.gql(
        `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { id } }`,
        { id, s: start, e: new Date(start.getTime() + 7 * DAY) },
        { token: staff.token },
      );
    }
    first.clock.advance(600);
    second.clock.advance(600);
    for (const id of ids) {
      await eventually(
        () => second.gql<{ auction: { status: string } }>(`query($id: ID!) { auction(id: $id) { status } }`, { id }),
        (result) => result.data?.auction.status === 'LIVE',
      );
      // Bid through the second instance: its cache and the first's now differ.
      expect(
        (
          await second.gql(
            `mutation($id: ID!) { createBid(input: { data: { auction: $id, amount: 10 } }) { bid { id } } }`,
            { id },
            { token: bidder.token },
          )
        ).errors,
      ).toBeUndefined();
    }
    first.clock.advance(8 * DAY);
    second.clock.advance(8 * DAY);
    await Promise.all([first.scheduler().tick(), second.scheduler().tick(), first.scheduler().tick(), second.scheduler().tick()]);
    for (const id of ids) {
      await eventually(
        () => first.gql<{ auction: { status: string } }>(`query($id: ID!) { auction(id: $id) { status } }`, { id }),
        (result) => result.data?.auction.status === 'SOLD',
      );
      const history = await first.gql<{ lotHistory: { events: Array<{ type: string }> } }>(
        `query($id: ID!) { lotHistory(id: $id) { events { type } } }`,
        { id },
        { token: staff.token },
      );
      const types = history.data!.lotHistory.events.map((event) => event.type);
      expect(types.filter((type) => type === 'LotEnded')).toHaveLength(1);
      expect(types.filter((type) => type === 'LotWentLive')).toHaveLength(1);
    }
  });
});
