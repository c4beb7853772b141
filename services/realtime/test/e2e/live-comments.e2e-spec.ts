import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, LiveStack, lotData, makeUser, type TestClient, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';

interface PushedComments {
  auctionId: string;
  comments: Array<{ id: string; content: string; isBid: boolean; authorType: string; children: Array<{ id: string; content: string }> }>;
}

describe('comments over Socket.IO (e2e, PostgreSQL)', () => {
  let stack: LiveStack;
  let seller: TestUser;
  let staff: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create();
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
    alice = makeUser(BRAND, { name: 'alice' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function scheduledLot(): Promise<string> {
    const created = await stack.gql<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      { data: lotData() },
      { token: seller.token, brand: BRAND },
    );
    const id = created.data!.createAuction.auction.id;
    await stack.gql(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id },
      { token: staff.token, brand: BRAND },
    );
    const start = new Date(stack.auction.clock.now().getTime() + 3_600_000);
    const scheduled = await stack.gql(
      `mutation($id: ID!, $s: DateTime, $e: DateTime) { scheduleAuction(id: $id, startDate: $s, endDate: $e) { status } }`,
      { id, s: start, e: new Date(start.getTime() + 7 * 86_400_000) },
      { token: staff.token, brand: BRAND },
    );
    expect(scheduled.errors).toBeUndefined();
    return id;
  }

  const lastComments = (client: TestClient): PushedComments | undefined =>
    client.comments[client.comments.length - 1] as PushedComments | undefined;

  it('a comment and a reply reach everyone in the room; bids appear as isBid entries', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const a = await stack.client({ token: alice.token, brand: BRAND });
    const watcher = await stack.client({ brand: BRAND });
    for (const client of [a, watcher]) expect((await client.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');

    const posted = await a.emit<{ id: string }>('comment', { auctionId: lotId, content: 'What a car' });
    expect(posted).toMatchObject({ status: 'success', message: 'Commented posted' });
    const sellerSocket = await stack.client({ token: seller.token, brand: BRAND });
    const reply = await sellerSocket.emit('comment', { auctionId: lotId, content: 'Thanks!', threadOf: posted.data!.id });
    expect(reply.status).toBe('success');
    expect((await a.emit('bid', { auctionId: lotId, amount: 100 })).status).toBe('success');

    // The room gets the list pushed after each comment change.
    const list = await eventually(
      async () => lastComments(watcher),
      (pushed) => pushed?.comments.some((entry) => entry.children.length === 1) ?? false,
    );
    const top = list!.comments.find((entry) => entry.content === 'What a car')!;
    expect(top.children[0]!.content).toBe('Thanks!');
    expect(top.authorType).toBe('user');

    // Bids reach the room in `auction` pushes; the thread shows them as isBid entries, newest first.
    const withBid = await eventually(
      () => watcher.emit<PushedComments['comments']>('getComments', { auctionId: lotId }),
      (reply) => reply.data?.some((entry) => entry.isBid) ?? false,
    );
    expect(withBid.data![0]!.isBid).toBe(true);

    expect(withBid.data).toHaveLength(2);
    expect(lastComments(watcher)!.auctionId).toBe(lotId);
  });

  it('follows the status rules: no top-level comment while SCHEDULED, replies only while LIVE or SCHEDULED', async () => {
    const scheduled = await scheduledLot();
    const a = await stack.client({ token: alice.token, brand: BRAND });
    const refused = await a.emit('comment', { auctionId: scheduled, content: 'Too early' });
    expect(refused.status).toBe('failure');
    expect(refused.code).toMatch(/^comment\./);

    const lotId = await stack.liveLot(seller, staff, { reserve: 0 });
    const first = await a.emit<{ id: string }>('comment', { auctionId: lotId, content: 'Live now' });
    expect(first.status).toBe('success');
    expect((await a.emit('bid', { auctionId: lotId, amount: 10 })).status).toBe('success');
    stack.auction.clock.advance(8 * 86_400_000);
    await stack.auction.scheduler().tick();
    await eventually(
      () => stack.gql<{ auction: { status: string } }>(`query($id: ID!) { auction(id: $id) { status } }`, { id: lotId }),
      (result) => result.data?.auction.status === 'SOLD',
    );
    const replyAfterEnd = await a.emit('comment', { auctionId: lotId, content: 'Congrats', threadOf: first.data!.id });
    expect(replyAfterEnd.status).toBe('failure');
    const commentAfterEnd = await a.emit('comment', { auctionId: lotId, content: 'Well sold' });
    expect(commentAfterEnd.status).toBe('success');
  });

  it('refuses comments without a token with the spec’s message', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const visitor = await stack.client({ brand: BRAND });
    expect(await visitor.emit('comment', { auctionId: lotId, content: 'hi' })).toMatchObject({
      status: 'failure',
      message: 'Please login to make a comment.',
    });
    expect(await visitor.emit('getComments', { auctionId: 'not a lot id!' })).toMatchObject({
      status: 'failure',
      message: 'Failed to fetch comments',
    });
  });
});
