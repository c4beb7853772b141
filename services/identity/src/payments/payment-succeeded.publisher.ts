import { Injectable } from '@nestjs/common';
import { PAYMENT_EVENTS, paymentSucceededStreamId, type PaymentSucceededData } from '@trackside/contracts';
import type { SqlExecutor } from '@trackside/event-store';
import { IdentityEventStore } from '../infrastructure/event-store.provider';
import { appendPaymentEventOnce } from './append-once';
import type { PaymentEntity } from './entities/payment.entity';

/**
 * Announces a paid (or free) payment for an item to the other services (libs/contracts
 * `PaymentSucceeded`): the catalogue turns a directory entry's featured plan on from it. Bid holds
 * have their own events (PaymentHoldEvents). Given `tx`, written in the transaction that makes the
 * payment PAID (PaymentStatusChanges.transition), so both commit or neither; a retry (a double-submitted
 * confirmation, a repeated webhook) appends nothing more because the stream
 * `payment-succeeded-<id>` is written once with expected version `no_stream`.
 */
@Injectable()
export class PaymentSucceededEvents {
  constructor(private readonly events: IdentityEventStore) {}

  async succeeded(payment: PaymentEntity, now: Date, tx?: SqlExecutor): Promise<void> {
    if (payment.paymentType === 'HOLD') return;
    if (payment.status !== 'PAID' && payment.status !== 'FREE') return;
    const data: PaymentSucceededData = {
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
      promotionId: payment.promotionId,
      paidAt: now.toISOString(),
      onBehalfOf: payment.onBehalfOf ?? null,
    };
    await appendPaymentEventOnce(this.events.store, paymentSucceededStreamId(payment.id), PAYMENT_EVENTS.succeeded, data, payment, now, tx);
  }
}
