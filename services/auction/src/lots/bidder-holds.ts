import { isHoldActive, paymentHoldStreamId } from '@trackside/contracts';
import type { EventStoreProvider } from '../infrastructure/event-store.provider';

/**
 * Does a bidder hold an active payment hold on a lot? Identity appends PaymentHoldPlaced /
 * PaymentHoldReleased to `payment-hold-<lotId>-<userId>` (libs/contracts); this reads that one short
 * stream from the log when a brand requires holds, so a bid retried right after 'Hold submitted.'
 * sees the hold (no projection lag). Active holds are remembered: a hold is only released when the
 * lot ends, after which no bid is accepted anyway. docs/decisions.md "Bid holds".
 */
export class BidderHolds {
  private readonly active = new Set<string>();

  constructor(private readonly events: EventStoreProvider) {}

  async hasActiveHold(lotId: string, userId: string): Promise<boolean> {
    const streamId = paymentHoldStreamId(lotId, userId);
    if (this.active.has(streamId)) return true;
    const held = isHoldActive(await this.events.store.readStream(streamId));
    if (held) {
      if (this.active.size > 100_000) this.active.clear();
      this.active.add(streamId);
    }
    return held;
  }
}
