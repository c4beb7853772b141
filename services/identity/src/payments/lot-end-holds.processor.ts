import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventFilter, RecordedEvent, Subscription } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentProviders } from './payment-providers.registry';
import { OPEN_STATUSES } from './payment-values';
import { PaymentsService } from './payments.service';

export const LOT_END_HOLDS_PROCESSOR = 'identity-bid-holds';
/** What it reads (its lag on the status page counts only these). */
export const LOT_END_HOLDS_FILTER: EventFilter = { streamPrefixes: ['lot-'], eventTypes: ['LotEnded', 'LotCanceled'] };

/**
 * Follows the auction's LotEnded events (checkpointed processor, one instance leads): losing
 * bidders' holds are released through the provider; the winner's is captured or kept, as the
 * brand's `winnerHold` says. A lot staff cancel (LotCanceled, docs/decisions.md "Staff remedies")
 * has no winner: every hold on it is released. Provider calls carry idempotency keys and only AUTHORIZED holds are
 * touched, so a batch retried after a failure does nothing twice.
 */
@Injectable()
export class LotEndHoldsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: IdentityEventStore,
    private readonly providers: PaymentProviders,
    private readonly payments: PaymentsService,
    private readonly holdEvents: PaymentHoldEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(LotEndHoldsProcessor.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.PAYMENT_HOLD_PROCESSOR_ENABLED) return;
    this.subscription = await this.events.store.subscribe(LOT_END_HOLDS_PROCESSOR, (batch) => this.handle(batch), {
      filter: LOT_END_HOLDS_FILTER,
      onError: (error) => this.log.error('Releasing bid holds failed; retrying', { error: String(error) }),
    });
  }

  /** Resolves once the processor has handled every LotEnded so far (tests). */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  async onApplicationShutdown(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  private async handle(batch: RecordedEvent[]): Promise<void> {
    for (const event of batch) {
      if (!event.streamId.startsWith('lot-')) continue;
      const lotId = event.streamId.slice('lot-'.length);
      if (event.type === 'LotCanceled') await this.settle(lotId, null, 'LOT_CANCELED');
      if (event.type !== 'LotEnded') continue;
      const winnerId = (event.data as { winnerId?: unknown }).winnerId;
      await this.settle(lotId, typeof winnerId === 'string' ? winnerId : null, 'LOT_ENDED');
    }
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
        const captured = await this.payments.transition(hold, 'PAID', { holdState: 'CAPTURED' });
        await this.holdEvents.captured(captured, this.clock.now());
      } else {
        const outcome = await adapter.cancel(hold.providerRef, `${hold.idempotencyKey}:release`);
        if (!outcome.ok) throw new Error(`release of ${hold.id} refused: ${outcome.providerCode}`);
        await this.payments.cancel(hold, reason);
      }
    }
  }
}
