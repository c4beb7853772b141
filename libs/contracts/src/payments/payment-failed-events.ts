import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * `PaymentFailed`: the identity service announces a payment for an item that failed for good (a
 * declined recurring charge, a failed next action), once per payment on `payment-failed-<paymentId>`
 * (expected version `no_stream`). The catalogue marks a directory entry's running plan past due
 * from a failed MONTHLY / YEARLY payment for it. Appended by identity's PaymentFailedEvents publisher
 * (services/identity/src/payments/payment-failed.publisher.ts). Data is version tolerant.
 */
export const PAYMENT_FAILED_EVENTS = {
  failed: 'PaymentFailed',
} as const;

export const PAYMENT_FAILED_STREAM_PREFIX = 'payment-failed-';

export function paymentFailedStreamId(paymentId: string): string {
  return `${PAYMENT_FAILED_STREAM_PREFIX}${paymentId}`;
}

export interface PaymentFailedData {
  paymentId: string;
  /** AUCTION, LISTING or DIRECTORY (bid holds have their own events). */
  itemType: string;
  itemId: string;
  brand: string;
  userId: string;
  packageId: string | null;
  /** ONE_TIME, MONTHLY or YEARLY. */
  paymentType: string;
  /** FAILED_PAYMENT or CANCELED. */
  status: string;
  amountCents: number;
  currency: string;
  provider: string;
  /** The provider's or the card check's reason, for the owner's email (never a card number). */
  reason: string | null;
  failedAt: string;
}

/** Version-tolerant decoder of `PaymentFailed`: `paymentId` and `itemId` are required. */
export const decodePaymentFailed = eventDecoder(
  PAYMENT_FAILED_EVENTS.failed,
  z.object({
    paymentId: field.id(),
    itemType: field.text(),
    itemId: field.id(),
    brand: field.text(),
    userId: field.text(),
    packageId: field.optionalText(),
    paymentType: field.text(),
    status: field.text(),
    amountCents: field.integer(),
    currency: field.text('USD'),
    provider: field.text(),
    reason: field.optionalText(),
    failedAt: field.text(),
  }) satisfies z.ZodType<PaymentFailedData>,
);
