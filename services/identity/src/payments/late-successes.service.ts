import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { paymentSucceededStreamId } from '@trackside/contracts';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { updateRows } from '../common/sql-results';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { PromotionsService } from '../promotions/promotions.service';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentProviders } from './payment-providers.registry';
import { PaymentSucceededEvents } from './payment-succeeded.publisher';
import type { SavedCardDetails } from './providers/payment-provider.port';

/** failure_code of a payment recorded PAID after our side had canceled it (the audit flag). */
export const LATE_SUCCESS = 'late_success';
/** failure_code of a late success given back at the provider because the item was already paid (or the hold is no longer wanted). */
export const LATE_SUCCESS_REFUNDED = 'late_success_refunded';
export const LATE_SUCCESS_RELEASED = 'late_success_released';

type Decision = { kind: 'record'; payment: PaymentEntity } | { kind: 'giveBack'; payment: PaymentEntity } | { kind: 'none' };

/**
 * A provider success for a payment our side already CANCELED (e.g. the promotion-hold sweep
 * canceled an UNPAID payment 30 minutes after a crash mid-charge): the money was taken and must not
 * be lost (docs/payments.md "Late provider successes"). Only the provider's success for that exact
 * ref counts, and only for a payment that was never paid before (no PaymentSucceeded, no hold
 * state). If nothing else paid the same item meanwhile, the payment is recorded PAID with
 * failure_code `late_success`, its promotion re-redeemed when the code is still free for the user,
 * and PaymentSucceeded announced once, in the same transaction. Otherwise (another attempt paid the item, or a bid hold,
 * whose lot or attempt has moved on) the money goes back at the provider under an idempotency key
 * and the row keeps CANCELED with `late_success_refunded` / `late_success_released`.
 */
@Injectable()
export class LateSuccesses {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: PaymentProviders,
    private readonly promotions: PromotionsService,
    private readonly succeeded: PaymentSucceededEvents,
    private readonly events: IdentityEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(LateSuccesses.name);
  }

  /** `canceled` is the row as it is now (CANCELED); `ref` the provider payment that succeeded. */
  async record(canceled: PaymentEntity, ref: string, card?: SavedCardDetails | null): Promise<PaymentEntity> {
    if (canceled.status !== 'CANCELED' || !ref || canceled.providerRef !== ref) return canceled;
    const decision = await this.db.transaction((manager) => this.decide(manager, canceled, card ?? null));
    if (decision.kind === 'none') return canceled;
    if (decision.kind === 'record') {
      this.log.warn('A provider success arrived after the payment was canceled; recorded as paid', { paymentId: canceled.id });
      return decision.payment;
    }
    return this.giveBack(decision.payment, ref);
  }

  /** One transaction, the item's payments locked: two late successes for one item cannot both be kept. */
  private async decide(manager: EntityManager, canceled: PaymentEntity, card: SavedCardDetails | null): Promise<Decision> {
    const tuple = {
      brand: canceled.brand,
      userId: canceled.userId,
      itemType: canceled.itemType,
      itemId: canceled.itemId,
      paymentType: canceled.paymentType,
    };
    const repository = manager.getRepository(PaymentEntity);
    const others = await repository.find({ where: tuple, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    const current = others.find((row) => row.id === canceled.id);
    // Already handled (a re-delivered notification), or a payment that was paid before it was canceled.
    if (!current || current.status !== 'CANCELED' || current.failureCode?.startsWith(LATE_SUCCESS) || current.holdState !== null)
      return { kind: 'none' };
    if (await this.wasAnnounced(current.id)) return { kind: 'none' };
    const paidElsewhere = others.some(
      (row) =>
        row.id !== current.id &&
        row.packageId === current.packageId &&
        (row.status === 'PAID' || row.status === 'FREE') &&
        // A recurring plan paid again before this attempt started is an earlier period, not this one.
        (current.paymentType === 'ONE_TIME' || row.createdAt.getTime() >= current.createdAt.getTime()),
    );
    if (current.paymentType === 'HOLD' || paidElsewhere) return { kind: 'giveBack', payment: current };
    const now = this.clock.now();
    const moved = updateRows<{ id: string }>(
      await manager.query(
        `UPDATE identity.payments SET status = 'PAID', failure_code = $2, updated_at = $3, paid_at = COALESCE(paid_at, $3),
           card_brand = COALESCE($4, card_brand), card_last4 = COALESCE($5, card_last4)
          WHERE id = $1 AND status = 'CANCELED' RETURNING id`,
        [current.id, LATE_SUCCESS, now, card?.cardBrand ?? null, card?.last4 ?? null],
      ),
    );
    if (moved.length === 0) return { kind: 'none' };
    // Re-redeems the code when the user has not used it elsewhere meanwhile (B2's PAID path).
    await this.promotions.holds.redeem(manager, current, current.brand, now);
    const paid = await repository.findOneByOrFail({ id: current.id });
    // Announced with the change: a crash after the commit cannot leave a paid row unannounced.
    await this.succeeded.succeeded(paid, now, manager);
    return { kind: 'record', payment: paid };
  }

  private async wasAnnounced(paymentId: string): Promise<boolean> {
    return (await this.events.store.readStream(paymentSucceededStreamId(paymentId), { toVersion: 1 })).length > 0;
  }

  /** Refunds a charge (or releases an authorisation) at the provider; a failure throws so the notification is retried. */
  private async giveBack(payment: PaymentEntity, ref: string): Promise<PaymentEntity> {
    const adapter = this.providers.byAdapter(payment.adapter, payment.brand);
    if (!adapter) throw new Error(`no adapter ${payment.adapter} to give back late payment ${payment.id}`);
    const hold = payment.paymentType === 'HOLD';
    const outcome = hold
      ? await adapter.cancel(ref, `${payment.idempotencyKey}:late-release`)
      : await adapter.refund(ref, payment.amountCents, `${payment.idempotencyKey}:late-refund`);
    if (!outcome.ok) {
      this.log.error('Giving back a late provider success failed; the notification will be retried', {
        paymentId: payment.id,
        providerCode: outcome.providerCode,
      });
      throw new Error(`late success of ${payment.id} could not be given back: ${outcome.providerCode}`);
    }
    const code = hold ? LATE_SUCCESS_RELEASED : LATE_SUCCESS_REFUNDED;
    await this.db.query(`UPDATE identity.payments SET failure_code = $2, updated_at = $3 WHERE id = $1 AND status = 'CANCELED'`, [
      payment.id,
      code,
      this.clock.now(),
    ]);
    this.log.warn('A provider success arrived after the payment was canceled and the item was paid otherwise; given back', {
      paymentId: payment.id,
      failureCode: code,
    });
    return { ...payment, failureCode: code };
  }
}
