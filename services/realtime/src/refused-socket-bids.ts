import { randomUUID } from 'node:crypto';
import {
  BID_REJECTED,
  bidRejectionsSuppressedEvent,
  lotAttemptsStreamId,
  receivedAmount,
  type BidRejectedData,
} from '@trackside/contracts';
import { BoundedAuditLog, type AuditBounds, type AuditStore } from '@trackside/event-store';
import type { AppLogger, AuthUser, Clock } from '@trackside/platform';

/** A received value as bounded text (a payload may carry anything). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 100);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The socket's identity as the audit needs it. */
export interface SocketBidder {
  user: AuthUser | null;
  brand: string;
}

/**
 * Socket bids refused before they reach the auction service (malformed payloads, the rate limiter)
 * go to the lot's audit stream like the bids the auction service refuses, bounded per lot and
 * bidder (docs/operations.md "Audit of refused bids"). Only signed-in bidders' attempts on a lot
 * that exists for the socket's brand are recorded: anything else names no lot or no bidder worth a
 * dispute, and would let anyone create streams.
 */
export class RefusedSocketBids {
  private readonly audit: BoundedAuditLog;

  constructor(
    store: AuditStore,
    bounds: AuditBounds,
    private readonly clock: Clock,
    log: AppLogger,
  ) {
    this.audit = new BoundedAuditLog(store, bounds, bidRejectionsSuppressedEvent, {
      onError: (error, streamId) => log.error('Could not record a refused socket bid', { streamId, error: String(error) }),
    });
  }

  /** Records in the background (the ack never waits for the audit); `exists` is asked once per window. */
  record(bidder: SocketBidder, payload: unknown, code: string, message: string, exists: (lotId: string) => Promise<boolean>): void {
    const user = bidder.user;
    const fields = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const lotId = [fields.auctionId, fields.auction].find((value): value is string => typeof value === 'string' && UUID.test(value));
    if (!user || !lotId) return;
    const id = lotId.toLowerCase();
    const bidId = [fields.bidId, fields.id].find((value) => value !== undefined && value !== null);
    const attemptedAt = this.clock.now().toISOString();
    const data: BidRejectedData = {
      bidId: bidId === undefined ? null : asText(bidId),
      bidderId: user.id,
      amount: receivedAmount(fields.amount),
      code,
      attemptedAt,
      message,
    };
    void this.audit.record(
      {
        streamId: lotAttemptsStreamId(id),
        key: user.id,
        tag: code,
        event: {
          type: BID_REJECTED,
          data,
          metadata: { brand: bidder.brand, actorId: user.id, correlationId: randomUUID(), occurredAt: attemptedAt, channel: 'socket' },
        },
      },
      () => exists(id),
    );
  }

  async flush(): Promise<void> {
    await this.audit.flush();
  }
}
