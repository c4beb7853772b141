import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * `PaymentSucceeded`: the identity service appends it to `payment-succeeded-<paymentId>` once a payment that
 * is not a bid hold is paid (PAID) or needs no charge (FREE, e.g. a 100 % promotion). Other services
 * act on the item it paid for: the catalogue turns a DIRECTORY entry's featured subscription on.
 * The stream holds one event, appended with expected version `no_stream`, so the event is written
 * at most once however often the payment is confirmed again. Data is version tolerant.
 */
export const PAYMENT_EVENTS = {
  succeeded: 'PaymentSucceeded',
} as const;

export const PAYMENT_SUCCEEDED_STREAM_PREFIX = 'payment-succeeded-';

export function paymentSucceededStreamId(paymentId: string): string {
  return `${PAYMENT_SUCCEEDED_STREAM_PREFIX}${paymentId}`;
}

export interface PaymentSucceededData {
  paymentId: string;
  /** AUCTION, BID, LISTING or DIRECTORY. */
  itemType: string;
  itemId: string;
  brand: string;
  userId: string;
  packageId: string | null;
  /** ONE_TIME, MONTHLY or YEARLY. */
  paymentType: string;
  /** PAID or FREE. */
  status: string;
  amountCents: number;
  currency: string;
  provider: string;
  promotionId: string | null;
  paidAt: string;
  /**
   * Staff paid for another user's item (identity checked both): the item owner's id, whose item the
   * payment applies to. Absent or null when the payer owns the item. Added after the first version.
   */
  onBehalfOf?: string | null;
}

/** Version-tolerant decoder of `PaymentSucceeded`: `paymentId` and `itemId` are required. */
export const decodePaymentSucceeded = eventDecoder(
  PAYMENT_EVENTS.succeeded,
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
    promotionId: field.optionalText(),
    paidAt: field.text(),
    onBehalfOf: field.optionalText(),
  }) satisfies z.ZodType<PaymentSucceededData>,
);
