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

/** Folds a hold stream: true while a placed hold has not been released (capture keeps it active). */
export function isHoldActive(events: ReadonlyArray<{ type: string; data: unknown }>): boolean {
  const active = new Set<string>();
  for (const event of events) {
    const paymentId = (event.data as { paymentId?: unknown } | null)?.paymentId;
    if (typeof paymentId !== 'string') continue;
    if (event.type === PAYMENT_HOLD_EVENTS.placed) active.add(paymentId);
    else if (event.type === PAYMENT_HOLD_EVENTS.released) active.delete(paymentId);
  }
  return active.size > 0;
}
