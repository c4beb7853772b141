import { PAYMENT_MESSAGES } from '@trackside/contracts';
import type { PaymentEntity } from './entities/payment.entity';
import type { NextAction } from './next-action';
import { centsToAmount } from './payment-values';

export interface PaymentAnswer {
  code: 200;
  id: string;
  paymentIntent: string | null;
  clientSecret: string | null;
  amount: number;
  /** Before the promotion; `amount` is the total to pay. */
  listPrice: number;
  discount: number;
  /** Until when the payment holds its promotion code (ISO); null without a held code. */
  promotionExpiresAt: string | null;
  currency: string;
  status: string;
  message?: string;
  /** What the browser does before the payment completes (REQUIRES_ACTION only; next-action.ts). */
  nextAction: NextAction | null;
}

/** The answer of the payment-intent and confirm-payment calls for this row. */
export function paymentAnswerOf(payment: PaymentEntity, message?: string, promotionHeldUntil: Date | null = null): PaymentAnswer {
  return {
    code: 200,
    id: payment.id,
    paymentIntent: payment.providerRef,
    clientSecret: payment.clientSecret,
    amount: centsToAmount(payment.amountCents),
    listPrice: centsToAmount(payment.listPriceCents),
    discount: centsToAmount(payment.listPriceCents - payment.amountCents),
    promotionExpiresAt: promotionHeldUntil?.toISOString() ?? null,
    currency: payment.currency,
    status: payment.status,
    ...(message ? { message } : {}),
    nextAction: null,
  };
}

export function successMessage(payment: PaymentEntity): string | undefined {
  if (payment.status !== 'PAID') return undefined;
  return payment.paymentType === 'HOLD' ? PAYMENT_MESSAGES.holdSubmitted : PAYMENT_MESSAGES.paymentReceived;
}

/** The description a provider shows for the payment. */
export function describePayment(payment: PaymentEntity): string {
  return `${payment.paymentType} ${payment.itemType} ${payment.itemId}`;
}

/** The metadata sent with every provider call, so the provider's records lead back to the payment. */
export function providerMetadataOf(payment: PaymentEntity): Record<string, string> {
  return {
    paymentId: payment.id,
    brand: payment.brand,
    userId: payment.userId,
    itemType: payment.itemType,
    itemId: payment.itemId,
    paymentType: payment.paymentType,
    ...(payment.packageId ? { packageId: payment.packageId } : {}),
  };
}
