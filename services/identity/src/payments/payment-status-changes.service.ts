import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SqlExecutor } from '@trackside/event-store';
import { CLOCK, type Clock } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { PromotionsService } from '../promotions/promotions.service';
import { PaymentEntity } from './entities/payment.entity';
import { LateSuccesses } from './late-successes.service';
import { PaymentFailedEvents } from './payment-failed.publisher';
import { PaymentHoldEvents } from './payment-hold-events.publisher';
import { PaymentSucceededEvents } from './payment-succeeded.publisher';
import type { PaymentStatus } from './payment-values';
import type { ProviderOutcome, SavedCardDetails } from './providers/payment-provider.port';

/** Writes a status change's integration events through `tx`, the change's own transaction (see `transition`). */
export type Announce = (tx: SqlExecutor, updated: PaymentEntity, before: Pick<PaymentEntity, 'status' | 'holdState'>) => Promise<void>;

export interface TransitionOptions {
  holdState?: string | null;
  failureCode?: string | null;
  card?: SavedCardDetails | null;
  announce?: Announce;
}

interface PaymentStateRow {
  status: PaymentStatus;
  hold_state: string | null;
}

/** Where a status may move from (compare-and-set in `transition`); FREE and CANCELED are final. */
const ALLOWED_FROM: Record<PaymentStatus, PaymentStatus[]> = {
  UNPAID: [],
  PENDING: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  REQUIRES_ACTION: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  PAID: ['UNPAID', 'PENDING', 'REQUIRES_ACTION', 'FAILED_PAYMENT', 'PAID'],
  FAILED_PAYMENT: ['UNPAID', 'PENDING', 'REQUIRES_ACTION'],
  CANCELED: ['UNPAID', 'PENDING', 'REQUIRES_ACTION', 'PAID'],
  FREE: [],
};

/**
 * A payment's status changes, shared by checkout, webhooks, next actions and the lot-end processor:
 * one compare-and-set, with the promotion and the integration events of the change in its transaction.
 */
@Injectable()
export class PaymentStatusChanges {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly promotions: PromotionsService,
    private readonly holds: PaymentHoldEvents,
    private readonly succeeded: PaymentSucceededEvents,
    private readonly failures: PaymentFailedEvents,
    private readonly late: LateSuccesses,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Compare-and-set of the status; returns the row as it is afterwards. Releases the promotion of a
   * failed or canceled payment. `announce` writes the change's integration events in the same
   * transaction, only when the row moved, so the change and its events commit together or not at all
   * (docs/decisions.md "Integration events commit with their state change").
   */
  async transition(payment: PaymentEntity, to: PaymentStatus, options: TransitionOptions): Promise<PaymentEntity> {
    const now = this.clock.now();
    return this.db.transaction(async (manager) => {
      // The state before, under the row lock the update takes anyway: a re-delivered success must not announce twice.
      const [before] = options.announce
        ? await manager.query<PaymentStateRow[]>(`SELECT status, hold_state FROM identity.payments WHERE id = $1 FOR UPDATE`, [payment.id])
        : [];
      const moved = await this.compareAndSet(manager, payment.id, to, options, now);
      if (moved && (to === 'FAILED_PAYMENT' || (to === 'CANCELED' && payment.status !== 'PAID')))
        await this.promotions.release(manager, payment.id, now);
      // A paid payment's held code is redeemed, in the same transaction as the status.
      if (moved && to === 'PAID') await this.promotions.holds.redeem(manager, payment, payment.brand, now);
      const updated = await manager.getRepository(PaymentEntity).findOneByOrFail({ id: payment.id });
      if (moved && before && options.announce)
        await options.announce(manager, updated, { status: before.status, holdState: before.hold_state });
      return updated;
    });
  }

  /** Applies a provider's successful outcome (confirm, webhook), announcing holds. */
  async applyOutcome(payment: PaymentEntity, outcome: Extract<ProviderOutcome, { ok: true }>): Promise<PaymentEntity> {
    const hold = payment.paymentType === 'HOLD';
    switch (outcome.status) {
      case 'AUTHORIZED':
      case 'PAID': {
        const holdState = !hold ? null : outcome.status === 'PAID' && payment.holdState === 'AUTHORIZED' ? 'CAPTURED' : 'AUTHORIZED';
        const updated = await this.markPaid(payment, holdState, outcome.card);
        // Our side canceled it meanwhile, yet the provider took the money: never lose it (late-successes.service.ts).
        return updated.status === 'CANCELED' ? this.late.record(updated, outcome.ref, outcome.card) : updated;
      }
      case 'REQUIRES_ACTION':
        return this.transition(payment, 'REQUIRES_ACTION', { card: outcome.card });
      case 'PENDING':
        return this.transition(payment, 'PENDING', {});
      case 'CANCELED':
        return this.cancel(payment, 'CANCELED');
    }
  }

  /** PAID, announcing a newly authorised hold (PaymentHoldPlaced) or a paid item (PaymentSucceeded) with the change. */
  async markPaid(payment: PaymentEntity, holdState: string | null, card?: SavedCardDetails | null): Promise<PaymentEntity> {
    const now = this.clock.now();
    const announce: Announce = async (tx, updated, before) => {
      if (updated.paymentType !== 'HOLD') return this.succeeded.succeeded(updated, now, tx);
      const heldBefore = before.status === 'PAID' && before.holdState === 'AUTHORIZED';
      if (updated.status === 'PAID' && updated.holdState === 'AUTHORIZED' && !heldBefore) await this.holds.placed(updated, now, tx);
    };
    return this.transition(payment, 'PAID', { ...(holdState === null ? {} : { holdState }), card, announce });
  }

  /**
   * Fails an open payment for good and announces it (PaymentFailed, once per payment): a refused
   * card, a failed next action, the provider's notification. The catalogue marks a running plan
   * past due from it (docs/payments.md).
   */
  async markFailed(payment: PaymentEntity, failureCode: string, reason: string | null): Promise<PaymentEntity> {
    const now = this.clock.now();
    return this.transition(payment, 'FAILED_PAYMENT', {
      failureCode,
      announce: (tx, updated) => this.failures.failed(updated, reason, now, tx),
    });
  }

  async cancel(payment: PaymentEntity, reason: string): Promise<PaymentEntity> {
    const wasHeld = payment.paymentType === 'HOLD' && payment.holdState === 'AUTHORIZED';
    const now = this.clock.now();
    return this.transition(
      payment,
      'CANCELED',
      wasHeld ? { holdState: 'RELEASED', announce: (tx, updated) => this.holds.released(updated, reason, now, tx) } : {},
    );
  }

  /** The guarded UPDATE itself: true when the row moved (its status was one `to` may come from). */
  private async compareAndSet(
    manager: EntityManager,
    id: string,
    to: PaymentStatus,
    options: TransitionOptions,
    now: Date,
  ): Promise<boolean> {
    const sets = ['status = $2', 'updated_at = $3'];
    const params: unknown[] = [id, to, now, ALLOWED_FROM[to]];
    if (options.holdState !== undefined) sets.push(`hold_state = $${params.push(options.holdState)}`);
    // The first authorisation's instant; a re-delivered 'authorized' must not make an old hold look fresh.
    if (options.holdState === 'AUTHORIZED') sets.push('hold_authorized_at = COALESCE(hold_authorized_at, $3)');
    if (options.failureCode !== undefined) sets.push(`failure_code = $${params.push(options.failureCode)}`);
    // The card the provider charged, for the receipt (written with the status it belongs to).
    if (options.card) sets.push(`card_brand = $${params.push(options.card.cardBrand)}`, `card_last4 = $${params.push(options.card.last4)}`);
    const changed = await manager.query<unknown>(
      `UPDATE identity.payments SET ${sets.join(', ')} WHERE id = $1 AND status = ANY($4::text[]) RETURNING id`,
      params,
    );
    return updateRows<{ id: string }>(changed).length > 0;
  }
}
