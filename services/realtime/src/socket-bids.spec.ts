import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io';
import { REALTIME_MESSAGES } from '@trackside/contracts';
import type { CreateBidAnswer } from './auction-client';
import type { RefusedSocketBids } from './refused-socket-bids';
import { SocketBids, type BidCommands } from './socket-bids';

// The bid ack keeps the spec's shape (status, message, data); proxy bidding only adds fields
// (docs/proxy-bidding.md): a bid answered at once by another bidder's maximum says so.

const socket = { data: { user: { id: 'bob' }, token: 't', brand: 'trackside', strikes: 0 } } as unknown as Socket;
const refused = { record: () => undefined } as unknown as RefusedSocketBids;
const BID = { auctionId: 'lot-1', amount: 200 };

function bidsAnswering(createBid: CreateBidAnswer['createBid']): SocketBids {
  const auction: BidCommands = { placeBid: async () => ({ ok: true, data: { createBid } }) };
  return new SocketBids(auction, refused, undefined, async () => true);
}

describe('the socket bid ack with proxy bidding', () => {
  const bid = { id: 'b-1', amount: 200, created_at: '2026-06-03T12:00:00.000Z' };

  it("adds the automatic outbid notice when another bidder's maximum answered the bid", async () => {
    const ack = await bidsAnswering({ bid, outbidAutomatically: true }).bid(socket, BID, BID);
    expect(ack).toEqual({
      status: 'success',
      message: 'Successfully bid',
      data: bid,
      outbidAutomatically: true,
      notice: "You've been outbid by an automatic bid",
    });
    expect(ack.notice).toBe(REALTIME_MESSAGES.outbidAutomatically);
  });

  it('keeps the spec ack unchanged otherwise', async () => {
    expect(await bidsAnswering({ bid, outbidAutomatically: false }).bid(socket, BID, BID)).toEqual({
      status: 'success',
      message: 'Successfully bid',
      data: bid,
    });
    expect(await bidsAnswering({ bid }).bid(socket, BID, BID)).toEqual({ status: 'success', message: 'Successfully bid', data: bid });
  });
});
