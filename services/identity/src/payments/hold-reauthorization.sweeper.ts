import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { updateRows } from '../common/sql-results';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { PaymentEntity } from './entities/payment.entity';
import { SavedCardEntity } from './entities/saved-card.entity';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentProviders } from './payment-providers.registry';
import type { ProviderOutcome } from './providers/payment-provider.port';

/** Holds looked at per tick; a longer backlog waits for the next tick. */
const BATCH = 50;
/** hold_state of a hold whose renewal failed (it may lapse at the provider). */
export const REAUTH_FAILED = 'REAUTH_FAILED';

/**
 * Card authorisations lapse after about 7 days, so a bid hold kept AUTHORIZED (a long auction, or
 * the winner's hold of a brand whose `winnerHold` is KEEP) is authorised again before that: every
 * PAYMENT_HOLD_REAUTHORIZE_INTERVAL_MS, holds authorised more than
 * PAYMENT_HOLD_REAUTHORIZE_AFTER_HOURS ago get a new manual-capture authorisation of the same card
 * through the provider (idempotency key per old ref, so a retry after a crash reaches the same
 * authorisation), the new ref is recorded by compare-and-set on the old one, and the provider
 * cancels the old one. A failure marks the hold REAUTH_FAILED, appends
 * PaymentHoldReauthorizationFailed and logs an error (docs/payments.md "Re-authorising held cards").
 * Each row change and its event commit in one transaction (docs/decisions.md "Integration events
 * commit with their state change").
 */
@Injectable()
export class HoldReauthorizationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly holdEvents: PaymentHoldEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(HoldReauthorizationSweeper.name);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.PAYMENT_HOLD_REAUTHORIZE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Renews every due hold of this tick; answers how many were renewed. */
  async sweep(): Promise<number> {
    let renewed = 0;
    try {
      const due = new Date(this.clock.now().getTime() - this.config.PAYMENT_HOLD_REAUTHORIZE_AFTER_HOURS * 3_600_000);
      const holds = await this.db
        .getRepository(PaymentEntity)
        .createQueryBuilder('p')
        .where(`p.paymentType = 'HOLD' AND p.status = 'PAID' AND p.holdState = 'AUTHORIZED' AND p.holdAuthorizedAt <= :due`, { due })
        .orderBy('p.holdAuthorizedAt', 'ASC')
        .take(BATCH)
        .getMany();
      for (const hold of holds) if (await this.renew(hold)) renewed += 1;
      if (renewed > 0) this.log.info('Bid holds re-authorised', { renewed });
    } catch (error) {
      this.log.error('Bid hold re-authorisation sweep failed; retrying on the next tick', { error: String(error) });
    }
    return renewed;
  }

  private async renew(hold: PaymentEntity): Promise<boolean> {
    const oldRef = hold.providerRef;
    const adapter = this.providers.byAdapter(hold.adapter, hold.brand);
    if (!oldRef || !adapter) return this.failed(hold, 'no_provider');
    if (!adapter.reauthorize) return this.failed(hold, 'not_supported');
    // The buyer's newest saved card, for adapters whose old authorisation does not name a reusable card.
    const saved = await this.db
      .getRepository(SavedCardEntity)
      .findOne({ where: { brand: hold.brand, userId: hold.userId, adapter: adapter.adapter }, order: { createdAt: 'DESC', id: 'DESC' } });
    // One key per renewal of this authorisation: two instances, or a retry after a crash, reach the same new one.
    const idempotencyKey = `${hold.idempotencyKey}:reauth:${createHash('sha256').update(oldRef).digest('hex').slice(0, 16)}`;
    let outcome: ProviderOutcome;
    try {
      outcome = await adapter.reauthorize({
        ref: oldRef,
        amountCents: hold.amountCents,
        currency: hold.currency,
        idempotencyKey,
        description: `HOLD ${hold.itemType} ${hold.itemId} (re-authorised)`,
        metadata: { paymentId: hold.id, brand: hold.brand, userId: hold.userId, itemId: hold.itemId, paymentType: 'HOLD' },
        customerRef: saved?.customerRef ?? null,
        paymentMethodRef: saved?.paymentMethodRef ?? null,
      });
    } catch (error) {
      this.log.warn('Re-authorising a bid hold failed at the provider', { paymentId: hold.id, error: String(error) });
      return this.failed(hold, 'api_error');
    }
    if (!outcome.ok) return this.failed(hold, outcome.providerCode);
    if (outcome.status !== 'AUTHORIZED') return this.failed(hold, `unexpected_${outcome.status.toLowerCase()}`);
    const now = this.clock.now();
    const newRef = outcome.ref;
    // The new ref and its event commit together: a crash between them leaves the old ref, and the
    // next sweep reaches the same new authorisation (same idempotency key) and records it then.
    const moved = await this.db.transaction(async (manager) => {
      const rows = updateRows<{ id: string }>(
        await manager.query(
          `UPDATE identity.payments SET provider_ref = $3, hold_authorized_at = $4, updated_at = $4
            WHERE id = $1 AND provider_ref = $2 AND status = 'PAID' AND hold_state = 'AUTHORIZED' RETURNING id`,
          [hold.id, oldRef, newRef, now],
        ),
      );
      if (rows.length > 0) await this.holdEvents.reauthorized({ ...hold, providerRef: newRef }, newRef, now, manager);
      return rows;
    });
    if (moved.length === 0) {
      const current = await this.db.getRepository(PaymentEntity).findOneBy({ id: hold.id });
      if (current?.providerRef === outcome.ref) return false; // another instance recorded the same renewal
      // Captured or released meanwhile: the new authorisation is not wanted.
      await adapter.cancel(outcome.ref, `${idempotencyKey}:undo`);
      return false;
    }
    return true;
  }

  private async failed(hold: PaymentEntity, reason: string): Promise<false> {
    const now = this.clock.now();
    const moved = await this.db.transaction(async (manager) => {
      const rows = updateRows<{ id: string }>(
        await manager.query(
          `UPDATE identity.payments SET hold_state = $3, failure_code = $4, updated_at = $5
            WHERE id = $1 AND provider_ref IS NOT DISTINCT FROM $2 AND hold_state = 'AUTHORIZED' RETURNING id`,
          [hold.id, hold.providerRef, REAUTH_FAILED, `reauth_${reason}`.slice(0, 100), now],
        ),
      );
      if (rows.length > 0) await this.holdEvents.reauthorizationFailed(hold, reason, now, manager);
      return rows;
    });
    if (moved.length > 0)
      this.log.error('A bid hold could not be re-authorised; its card authorisation may lapse', { paymentId: hold.id, reason });
    return false;
  }
}
