import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import {
  decodeLotEvent,
  decodePaymentHoldRequired,
  LOT_EVENTS,
  LOT_STREAM_PREFIX,
  lotIdOfStream,
  PAYMENT_HOLD_REQUIRED,
  paymentHoldStreamId,
} from '@trackside/contracts';
import { APP_LOGGER, CLOCK, type AppLogger, type Clock, type DeclaresProcessor, type JsonLogger } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { outcomeChangeOf } from '../common/lot-outcome-change';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentProviders } from './payment-providers.registry';
import { OPEN_STATUSES } from './payment-values';
import { PaymentStatusChanges } from './payment-status-changes.service';

export const LOT_END_HOLDS_PROCESSOR = 'identity-bid-holds';
/** What it reads (its lag on the status page counts only these). */
export const LOT_END_HOLDS_FILTER: EventFilter = {
  streamPrefixes: [LOT_STREAM_PREFIX],
  eventTypes: [LOT_EVENTS.ended, LOT_EVENTS.canceled, LOT_EVENTS.bidVoided],
};
/**
 * Recorded on `payment-hold-<lotId>-<userId>` when a bid voided after the end made this bidder the
 * winner while their hold was already released: they must place a new hold or payment (identity
 * never charges a card without its holder). The event's contract is in libs/contracts.
 */
export { PAYMENT_HOLD_REQUIRED };
/** The hold state of a captured hold given back because its winning bid was voided. */
export const HOLD_REFUNDED = 'REFUNDED';

/**
 * Follows the auction's LotEnded events (checkpointed processor, one instance leads): losing
 * bidders' holds are released through the provider; the winner's is captured or kept, as the
 * brand's `winnerHold` says. A lot staff cancel (LotCanceled, docs/decisions.md "Staff remedies")
 * has no winner: every hold on it is released. A BidVoided after the end that changes the winner
 * (docs/payments.md "Bid holds after a voided win") releases or refunds the old winner's hold and
 * records that the new one needs a hold again. Provider calls carry idempotency keys and only AUTHORIZED holds are
 * touched, so a batch retried after a failure does nothing twice.
 */
@Injectable()
export class LotEndHoldsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: IdentityEventStore,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentStatusChanges,
    private readonly holdEvents: PaymentHoldEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(LotEndHoldsProcessor.name);
    this.processor = defineProcessor<SqlExecutor>({
      name: LOT_END_HOLDS_PROCESSOR,
      filter: LOT_END_HOLDS_FILTER,
      mode: 'checkpointed',
      enabled: () => this.config.PAYMENT_HOLD_PROCESSOR_ENABLED,
      handle: (batch) => this.handle(batch),
    });
  }

  /** Resolves once the processor has handled every LotEnded so far (tests). */
  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  private async handle(batch: RecordedEvent[]): Promise<void> {
    for (const event of batch) {
      const lotId = lotIdOfStream(event.streamId);
      if (!lotId) continue;
      if (event.type === LOT_EVENTS.canceled) await this.settle(lotId, null, 'LOT_CANCELED');
      if (event.type === LOT_EVENTS.bidVoided) await this.voidedWin(lotId, event);
      if (event.type !== LOT_EVENTS.ended) continue;
      // The contract's decoder: a malformed or missing winner reads as none.
      const ended = decodeLotEvent(event);
      await this.settle(lotId, ended?.type === LOT_EVENTS.ended ? ended.data.winnerId : null, 'LOT_ENDED');
    }
  }

  /** The old winner's hold goes back; the new winner, whose hold was released at the end, is asked for one. */
  private async voidedWin(lotId: string, event: RecordedEvent): Promise<void> {
    const change = await outcomeChangeOf(this.events.store, event);
    if (!change || change.before.winnerId === change.after.winnerId) return;
    if (change.before.winnerId) await this.giveBack(lotId, change.before.winnerId, event.eventId);
    if (change.after.winnerId) await this.requireHold(lotId, change.after.winnerId, event);
  }

  /**
   * Releases an AUTHORIZED hold (a KEEP brand) or refunds a CAPTURED one, under keys that name the
   * BidVoided event, so a retried batch reaches the same provider call and a settled row is skipped.
   */
  private async giveBack(lotId: string, userId: string, voidEventId: string): Promise<void> {
    const holds = await this.db.getRepository(PaymentEntity).find({
      where: {
        itemId: lotId,
        userId,
        itemType: In(['BID', 'AUCTION']),
        paymentType: 'HOLD',
        status: 'PAID',
        holdState: In(['AUTHORIZED', 'CAPTURED']),
      },
    });
    for (const hold of holds) {
      const adapter = this.providers.byAdapter(hold.adapter, hold.brand);
      if (!adapter || !hold.providerRef) {
        this.log.error("A voided winner's hold has no provider to give it back", { paymentId: hold.id, adapter: hold.adapter });
        continue;
      }
      if (hold.holdState === 'AUTHORIZED') {
        const outcome = await adapter.cancel(hold.providerRef, `${hold.idempotencyKey}:void-release:${voidEventId}`);
        if (!outcome.ok) throw new Error(`release of ${hold.id} refused: ${outcome.providerCode}`);
        await this.payments.cancel(hold, 'BID_VOIDED');
        continue;
      }
      const outcome = await adapter.refund(hold.providerRef, hold.amountCents, `${hold.idempotencyKey}:void-refund:${voidEventId}`);
      if (!outcome.ok) throw new Error(`refund of ${hold.id} refused: ${outcome.providerCode}`);
      // The refund's row and its PaymentHoldReleased commit together (issue 19 part 4): a crash between them loses neither.
      const now = this.clock.now();
      await this.payments.transition(hold, 'CANCELED', {
        holdState: HOLD_REFUNDED,
        announce: (tx, refunded) => this.holdEvents.released(refunded, 'BID_VOIDED', now, tx),
      });
    }
  }

  /** Once per BidVoided event; nothing when the new winner still holds an active hold on the lot. */
  private async requireHold(lotId: string, userId: string, event: RecordedEvent): Promise<void> {
    const active = await this.db.getRepository(PaymentEntity).count({
      where: { itemId: lotId, userId, paymentType: 'HOLD', status: 'PAID', holdState: In(['AUTHORIZED', 'CAPTURED']) },
    });
    if (active > 0) return;
    const streamId = paymentHoldStreamId(lotId, userId);
    const recorded = await this.events.store.readStream(streamId);
    if (recorded.some((old) => decodePaymentHoldRequired(old)?.bidVoidedEventId === event.eventId)) return;
    const brand = event.metadata.brand;
    const now = this.clock.now().toISOString();
    await this.events.store.append(
      streamId,
      [
        {
          type: PAYMENT_HOLD_REQUIRED,
          data: { lotId, userId, brand, reason: 'BID_VOIDED', bidVoidedEventId: event.eventId, requiredAt: now },
          metadata: { brand, occurredAt: now },
        },
      ],
      { expectedVersion: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.version },
    );
    this.log.info('A new winner after a voided bid must place a new hold', { lotId, userId });
  }

  private async settle(lotId: string, winnerId: string | null, reason: 'LOT_ENDED' | 'LOT_CANCELED'): Promise<void> {
    // Holds still waiting for a card (or 3-D Secure) when the lot ends can no longer be used.
    const unfinished = await this.db.getRepository(PaymentEntity).find({
      where: { itemId: lotId, itemType: In(['BID', 'AUCTION']), paymentType: 'HOLD', status: In([...OPEN_STATUSES]) },
    });
    for (const open of unfinished) {
      const adapter = this.providers.byAdapter(open.adapter, open.brand);
      if (adapter && open.providerRef) {
        const outcome = await adapter.cancel(open.providerRef, `${open.idempotencyKey}:release`);
        if (!outcome.ok) throw new Error(`cancel of ${open.id} refused: ${outcome.providerCode}`);
      }
      await this.payments.transition(open, 'CANCELED', {});
    }
    const holds = await this.db.getRepository(PaymentEntity).find({
      where: { itemId: lotId, itemType: In(['BID', 'AUCTION']), paymentType: 'HOLD', status: 'PAID', holdState: 'AUTHORIZED' },
    });
    for (const hold of holds) {
      const adapter = this.providers.byAdapter(hold.adapter, hold.brand);
      if (!adapter || !hold.providerRef) {
        this.log.error('A bid hold has no provider to settle it', { paymentId: hold.id, adapter: hold.adapter });
        continue;
      }
      if (hold.userId === winnerId) {
        if (this.providers.settings(hold.brand).winnerHold === 'KEEP') continue;
        const outcome = await adapter.capture(hold.providerRef, hold.amountCents, `${hold.idempotencyKey}:capture`);
        if (!outcome.ok) throw new Error(`capture of ${hold.id} refused: ${outcome.providerCode}`);
        // The capture's row and its PaymentHoldCaptured commit together; a hold already captured announces nothing again.
        const now = this.clock.now();
        await this.payments.transition(hold, 'PAID', {
          holdState: 'CAPTURED',
          announce: (tx, captured, before) =>
            before.holdState === 'CAPTURED' ? Promise.resolve() : this.holdEvents.captured(captured, now, tx),
        });
      } else {
        const outcome = await adapter.cancel(hold.providerRef, `${hold.idempotencyKey}:release`);
        if (!outcome.ok) throw new Error(`release of ${hold.id} refused: ${outcome.providerCode}`);
        await this.payments.cancel(hold, reason);
      }
    }
  }
}
