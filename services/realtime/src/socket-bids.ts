import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import { messageFor, REALTIME_MESSAGES } from '@trackside/contracts';
import type { AuctionCommands, CallerContext } from './auction-client';
import type { RefusedSocketBids } from './refused-socket-bids';
import type { ParsedBid } from './socket-payloads';
import { RATE_LIMITED, socketData, type AckReply, type RealtimeSettings } from './socket-session';

/** What a socket bid needs of the auction side: the createBid command, however it is reached. */
export type BidCommands = Pick<AuctionCommands, 'placeBid'>;

/** Who a socket's command runs as: its handshake's token and brand, a fresh correlation id. */
export function callerOf(socket: Pick<Socket, 'data'>): CallerContext {
  const data = socketData(socket);
  return { token: data.token, brand: data.brand, correlationId: randomUUID() };
}

/**
 * The `bid` event: the payload comes parsed by the gateway's pipe; a malformed one or one past the
 * user's bid allowance is refused here (and audited), anything else is the createBid command, whose
 * outcome is the ack (spec 001 section 4: codes and messages as the GraphQL mutation's).
 */
export class SocketBids {
  constructor(
    private readonly auction: BidCommands,
    private readonly refusedBids: RefusedSocketBids,
    private readonly userBids: RealtimeSettings['userBids'],
    private readonly exists: (brand: string, lotId: string) => Promise<boolean>,
  ) {}

  async bid(socket: Socket, raw: unknown, bid: ParsedBid | null): Promise<AckReply> {
    const data = socketData(socket);
    const exists = (lotId: string) => this.exists(data.brand, lotId);
    if (!bid) {
      const message = messageFor('bid.invalid');
      this.refusedBids.record(data, raw, 'bid.invalid', message, exists);
      return { status: 'failure', code: 'bid.invalid', message };
    }
    if (data.user && this.userBids && !(await this.userBids.take(data.user.id))) {
      this.refusedBids.record(data, raw, 'realtime.rateLimited', RATE_LIMITED, exists);
      return { status: 'failure', code: 'realtime.rateLimited', message: RATE_LIMITED };
    }
    const outcome = await this.auction.placeBid({ auctionId: bid.auctionId, amount: bid.amount, bidId: bid.bidId }, callerOf(socket));
    if (!outcome.ok) {
      const { code } = outcome.error;
      const message = code.startsWith('bid.') ? messageFor(code) : outcome.error.message;
      return { status: 'failure', code, message };
    }
    const { bid: accepted, outbidAutomatically } = outcome.data.createBid;
    const reply: AckReply = { status: 'success', message: REALTIME_MESSAGES.bidSuccess, data: accepted };
    // Proxy bidding (docs/proxy-bidding.md): the bid stands in the history, but a maximum answered it at once.
    return outbidAutomatically ? { ...reply, outbidAutomatically: true, notice: REALTIME_MESSAGES.outbidAutomatically } : reply;
  }
}
