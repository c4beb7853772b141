import { z } from 'zod';
import { eventDecoder, field, familyDecoder } from '../codec/event-codec';

/**
 * Integration events of bid holds (docs/architecture.md section 1): the identity service appends them
 * to `payment-hold-<lotId>-<userId>` when a hold goes through the payment provider, is released
 * or captured; the auction service reads that stream to accept the bidder's bids on the lot.
 * Data shapes are version tolerant: readers ignore fields they do not know.
 */
export const PAYMENT_HOLD_EVENTS = {
  placed: 'PaymentHoldPlaced',
  released: 'PaymentHoldReleased',
  captured: 'PaymentHoldCaptured',
  /** The authorisation was renewed at the provider (a new ref) before it lapsed; the hold stays active. */
  reauthorized: 'PaymentHoldReauthorized',
  /** Renewing the authorisation failed: the hold is marked REAUTH_FAILED and may lapse at the provider. */
  reauthorizationFailed: 'PaymentHoldReauthorizationFailed',
} as const;

export type PaymentHoldEventType = (typeof PAYMENT_HOLD_EVENTS)[keyof typeof PAYMENT_HOLD_EVENTS];

export const PAYMENT_HOLD_STREAM_PREFIX = 'payment-hold-';

export function paymentHoldStreamId(lotId: string, userId: string): string {
  return `${PAYMENT_HOLD_STREAM_PREFIX}${lotId}-${userId}`;
}

export interface PaymentHoldPlacedData {
  paymentId: string;
  lotId: string;
  userId: string;
  brand: string;
  amountCents: number;
  currency: string;
  provider: string;
  placedAt: string;
}

export interface PaymentHoldReleasedData {
  paymentId: string;
  lotId: string;
  userId: string;
  brand: string;
  /** 'LOT_ENDED' (a losing bidder), 'CANCELED' (the provider canceled it). */
  reason: string;
  releasedAt: string;
}

export interface PaymentHoldCapturedData {
  paymentId: string;
  lotId: string;
  userId: string;
  brand: string;
  amountCents: number;
  capturedAt: string;
}

export interface PaymentHoldReauthorizedData {
  paymentId: string;
  lotId: string;
  userId: string;
  brand: string;
  /** The provider's new authorisation (the old one is cancelled). */
  providerRef: string;
  reauthorizedAt: string;
}

export interface PaymentHoldReauthorizationFailedData {
  paymentId: string;
  lotId: string;
  userId: string;
  brand: string;
  /** The provider's code, or 'not_supported' when the adapter cannot charge the card without the buyer. */
  reason: string;
  failedAt: string;
}

const holdFact = { paymentId: field.id(), lotId: field.text(), userId: field.text(), brand: field.text() };

/** Version-tolerant decoder of the hold events: only `paymentId` is required (the rest fall back). */
export const decodePaymentHoldEvent = familyDecoder({
  [PAYMENT_HOLD_EVENTS.placed]: z.object({
    ...holdFact,
    amountCents: field.integer(),
    currency: field.text('USD'),
    provider: field.text(),
    placedAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldPlacedData>,
  [PAYMENT_HOLD_EVENTS.released]: z.object({
    ...holdFact,
    reason: field.text(),
    releasedAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldReleasedData>,
  [PAYMENT_HOLD_EVENTS.captured]: z.object({
    ...holdFact,
    amountCents: field.integer(),
    capturedAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldCapturedData>,
  [PAYMENT_HOLD_EVENTS.reauthorized]: z.object({
    ...holdFact,
    providerRef: field.text(),
    reauthorizedAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldReauthorizedData>,
  [PAYMENT_HOLD_EVENTS.reauthorizationFailed]: z.object({
    ...holdFact,
    reason: field.text(),
    failedAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldReauthorizationFailedData>,
});

export type PaymentHoldEvent = NonNullable<ReturnType<typeof decodePaymentHoldEvent>>;

/** Folds a hold stream: true while a placed hold has not been released (capture keeps it active). */
export function isHoldActive(events: ReadonlyArray<{ type: string; data: unknown }>): boolean {
  const active = new Set<string>();
  for (const recorded of events) {
    const event = decodePaymentHoldEvent(recorded);
    if (event?.type === PAYMENT_HOLD_EVENTS.placed) active.add(event.data.paymentId);
    else if (event?.type === PAYMENT_HOLD_EVENTS.released) active.delete(event.data.paymentId);
  }
  return active.size > 0;
}

/**
 * Recorded by identity on `payment-hold-<lotId>-<userId>` when a bid voided after the end made this
 * bidder the winner while their hold was already released: they must place a new hold or payment.
 * Readers of hold activity ignore it (isHoldActive); identity reads it to write it once per BidVoided.
 */
export const PAYMENT_HOLD_REQUIRED = 'PaymentHoldRequired';

export interface PaymentHoldRequiredData {
  lotId: string;
  userId: string;
  brand: string;
  /** 'BID_VOIDED' (the only cause so far). */
  reason: string;
  /** The BidVoided event that made the bidder the winner: one requirement per such event. */
  bidVoidedEventId: string;
  requiredAt: string;
}

/** Version-tolerant decoder of `PaymentHoldRequired`: the BidVoided event id is required (it makes the record unique). */
export const decodePaymentHoldRequired = eventDecoder(
  PAYMENT_HOLD_REQUIRED,
  z.object({
    lotId: field.text(),
    userId: field.text(),
    brand: field.text(),
    reason: field.text('BID_VOIDED'),
    bidVoidedEventId: field.id(),
    requiredAt: field.text(),
  }) satisfies z.ZodType<PaymentHoldRequiredData>,
);
