import { Injectable } from '@nestjs/common';
import { PAYMENT_FAILED_EVENTS, paymentFailedStreamId, type PaymentFailedData } from '@trackside/contracts';
import type { SqlExecutor } from '@trackside/event-store';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { appendPaymentEventOnce } from './append-once';
import type { PaymentEntity } from './entities/payment.entity';

/** The payment fields the announcement carries. */
export type FailedPayment = Pick<
  PaymentEntity,
  'id' | 'brand' | 'userId' | 'itemType' | 'itemId' | 'packageId' | 'paymentType' | 'status' | 'amountCents' | 'currency' | 'provider'
>;

/**
 * Announces a payment for an item that failed for good (libs/contracts `PaymentFailed`): the
 * catalogue marks a directory entry's running plan past due from a failed MONTHLY / YEARLY payment
 * and identity then emails the owner (docs/decisions.md "Directory subscriptions"). Bid holds have
 * their own events. Given `tx`, written in the transaction that sets FAILED_PAYMENT (a declined
 * recurring charge, a failed next action), so both commit or neither; a retry appends nothing more because the stream
 * `payment-failed-<id>` is written once with expected version `no_stream`. The reason is the
 * provider's or card check's message, never a card number.
 */
@Injectable()
export class PaymentFailedEvents {
  constructor(private readonly events: IdentityEventStore) {}

  async failed(payment: FailedPayment, reason: string | null, now: Date, tx?: SqlExecutor): Promise<void> {
    if (payment.paymentType === 'HOLD') return;
    if (payment.status !== 'FAILED_PAYMENT' && payment.status !== 'CANCELED') return;
    const data: PaymentFailedData = {
      paymentId: payment.id,
      itemType: payment.itemType,
      itemId: payment.itemId,
      brand: payment.brand,
      userId: payment.userId,
      packageId: payment.packageId,
      paymentType: payment.paymentType,
      status: payment.status,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      reason: reason?.slice(0, 200) ?? null,
      failedAt: now.toISOString(),
    };
    await appendPaymentEventOnce(
      this.events.store,
      paymentFailedStreamId(payment.id),
      PAYMENT_FAILED_EVENTS.failed,
      data,
      payment,
      now,
      tx,
    );
  }
}
