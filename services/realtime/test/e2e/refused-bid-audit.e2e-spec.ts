import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, LiveStack, makeUser, type TestUser } from '../support/live-stack';

const BRAND = 'trackside';
const PER_BIDDER = 5;

const HISTORY = `query($id: ID!) { lotHistory(id: $id) {
  events { type channel actor { id } amount }
  rejectedAttempts { actor { id } code message channel bidId amount suppressedCount }
} }`;

interface Attempt {
  actor: { id: string } | null;
  code: string;
  message: string;
  channel: string | null;
  bidId: string | null;
  amount: string | null;
  suppressedCount: number | null;
}

/**
 * Socket bids refused by the realtime gateway itself (rate limiter, malformed payloads) reach the
 * lot's audit, bounded per lot and bidder; accepted socket bids carry the socket channel.
 */
describe('refused socket bids in the lot audit (e2e, gateway, realtime, PostgreSQL)', () => {
  let stack: LiveStack;
  let seller: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    stack = await LiveStack.create({
      realtime: {
        // 50 events pass at once and the bucket barely refills; 250 strikes before a disconnect.
        REALTIME_EVENT_BURST: '50',
        REALTIME_EVENTS_PER_SECOND: '1',
        BID_AUDIT_PER_BIDDER: String(PER_BIDDER),
        BID_AUDIT_WINDOW_MS: '1000',
      },
    });
    seller = makeUser(BRAND, { name: 'seller' });
    staff = makeUser(BRAND, { name: 'staff', staff: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const attemptsOf = async (lotId: string, user: TestUser): Promise<Attempt[]> => {
    const answer = await stack.gql<{ lotHistory: { rejectedAttempts: Attempt[] } }>(
      HISTORY,
      { id: lotId },
      { token: staff.token, brand: BRAND },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.lotHistory.rejectedAttempts.filter((attempt) => attempt.actor?.id === user.id);
  };

  it('a burst of 200 rate-limited socket bids leaves a bounded audit and a suppressed count', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const flooder = makeUser(BRAND, { name: 'flooder' });
    const client = await stack.client({ token: flooder.token, brand: BRAND });
    // Spend the allowance on harmless reads, then flood with bids.
    for (let index = 0; index < 50; index += 1) await client.emit('getAuction', { auctionId: lotId });
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => client.emit('bid', { auctionId: lotId, amount: 'abc', bidId: randomUUID() })),
    );
    const limited = replies.filter((reply) => reply.code === 'realtime.rateLimited').length;
    // A token or two may refill during the burst: those bids are refused as malformed (the amount).
    expect(limited).toBeGreaterThanOrEqual(195);
    expect(replies.every((reply) => reply.code === 'realtime.rateLimited' || reply.code === 'bid.invalid')).toBe(true);

    // The window closes after a second: the rest of the 200 are summed up in one attempt.
    const attempts = await eventually(
      () => attemptsOf(lotId, flooder),
      (list) => list.some((attempt) => attempt.suppressedCount !== null),
    );
    const single = attempts.filter((attempt) => attempt.suppressedCount === null);
    const summaries = attempts.filter((attempt) => attempt.suppressedCount !== null);
    expect(single).toHaveLength(PER_BIDDER);
    expect(summaries).toHaveLength(1);
    expect(single.length + summaries[0]!.suppressedCount!).toBe(200);
    expect(summaries[0]).toMatchObject({ code: 'realtime.rateLimited', channel: 'socket' });
    expect(summaries[0]!.message).toMatch(/^\d+ more attempts suppressed \(realtime\.rateLimited × \d+/);
    expect(single[0]).toMatchObject({ channel: 'socket', amount: 'abc' });
    expect(single[0]!.message).toBeTruthy();
  });

  it('records a malformed socket bid with its code, message and what was received; an accepted one as socket', async () => {
    const lotId = await stack.liveLot(seller, staff);
    const bidder = makeUser(BRAND, { name: 'bidder' });
    const client = await stack.client({ token: bidder.token, brand: BRAND });
    expect((await client.emit('joinAuctionLot', { auctionId: lotId })).status).toBe('success');
    expect(await client.emit('bid', { auctionId: lotId, amount: '12,5x0' })).toMatchObject({ code: 'bid.invalid' });
    expect(await client.emit('bid', { auctionId: lotId, amount: 100, bidId: 'not-a-uuid' })).toMatchObject({ code: 'bid.invalid' });
    expect(await client.emit('bid', { auctionId: lotId, amount: 100 })).toMatchObject({ status: 'success' });
    expect(await client.emit('bid', { auctionId: lotId, amount: 50 })).toMatchObject({ code: 'bid.invalid.amount.tooLow' });
    // A lot that does not exist gets no audit stream.
    expect(await client.emit('bid', { auctionId: randomUUID(), amount: 'x' })).toMatchObject({ code: 'bid.invalid' });

    const attempts = await eventually(
      () => attemptsOf(lotId, bidder),
      (list) => list.length === 3,
    );
    // Written by two writers (this gateway and the auction service), so in no guaranteed order.
    expect(attempts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'bid.invalid', message: 'You cannot bid at this moment.', channel: 'socket', amount: '12,5x0' }),
        expect.objectContaining({ code: 'bid.invalid', channel: 'socket', bidId: 'not-a-uuid', amount: '100' }),
        // Refused by the auction service for a socket bid: the channel travelled with it.
        expect.objectContaining({
          code: 'bid.invalid.amount.tooLow',
          message: 'Bid does not exceed the highest current bid.',
          channel: 'socket',
          amount: '50',
        }),
      ]),
    );
    const history = await stack.gql<{ lotHistory: { events: Array<{ type: string; channel: string | null; amount: number | null }> } }>(
      HISTORY,
      { id: lotId },
      { token: staff.token, brand: BRAND },
    );
    expect(history.data!.lotHistory.events.find((event) => event.type === 'BidPlaced')).toMatchObject({ channel: 'socket', amount: 100 });
  });
});
