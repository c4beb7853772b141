/**
 * The port every payment provider adapter implements (sandbox, Stripe, Square, Crypto.com Pay).
 * Business code depends on this only. Every call that can move money carries an idempotency key,
 * so a retried or double-submitted request never charges twice at the provider either.
 */
export type CaptureMode = 'automatic' | 'manual';

/** Why a card was refused; each maps to one of the spec's card messages (card-errors.ts). */
export type CardFailure = 'cvv' | 'postalCode' | 'expiration' | 'declined' | 'other';

export interface ProviderIntent {
  ref: string;
  /** What the browser confirms with (Stripe, sandbox); null when the provider charges a card token directly (Square). */
  clientSecret: string | null;
}

export type ProviderOutcome =
  | {
      ok: true;
      /** PAID: charged; AUTHORIZED: held (manual capture); REQUIRES_ACTION: 3-D Secure and the like; PENDING: the provider finishes later. */
      status: 'PAID' | 'AUTHORIZED' | 'REQUIRES_ACTION' | 'PENDING' | 'CANCELED';
      ref: string;
      clientSecret?: string | null;
      card?: SavedCardDetails | null;
    }
  | { ok: false; failure: CardFailure; providerCode: string; providerMessage: string };

export interface SavedCardDetails {
  cardBrand: string;
  last4: string;
}

export interface SavedCardRef extends SavedCardDetails {
  customerRef: string;
  paymentMethodRef: string;
  /** The card's expiry, when the provider tells it (shown in the saved-cards list). */
  expMonth?: number | null;
  expYear?: number | null;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: string;
  capture: CaptureMode;
  idempotencyKey: string;
  description: string;
  customerRef?: string | null;
  metadata: Record<string, string>;
}

export interface ConfirmRequest extends CreateIntentRequest {
  /** The intent created before, when the provider has one. */
  ref: string | null;
  /** A card token / nonce from the browser (sandbox: a `tok_sandbox_…` token); null with a saved card. */
  sourceId: string | null;
  paymentMethodRef?: string | null;
  locationId?: string | null;
  /** The buyer verification (3-D Secure) the browser completed for this source (Square's `verifyBuyer`). */
  verificationToken?: string | null;
}

export interface ReauthorizeRequest {
  ref: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
  /** The buyer's saved card at the provider, when the old authorisation does not name a reusable one. */
  customerRef: string | null;
  paymentMethodRef: string | null;
}

/** A verified provider notification, in the port's words. */
export interface ProviderWebhookEvent {
  id: string;
  kind: 'succeeded' | 'authorized' | 'failed' | 'canceled' | 'requires_action' | 'ignored';
  /** The provider's payment reference the event is about. */
  ref: string | null;
  failure?: CardFailure;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider call failed for a reason other than the card (network, configuration, API error). */
export class ProviderApiError extends Error {
  constructor(
    message: string,
    readonly providerCode: string | null = null,
  ) {
    super(message);
    this.name = 'ProviderApiError';
  }
}

export interface CardPaymentProvider {
  /** 'sandbox', 'stripe' or 'square': which adapter answered (stored on the payment). */
  readonly adapter: string;
  createIntent(request: CreateIntentRequest): Promise<ProviderIntent>;
  confirm(request: ConfirmRequest): Promise<ProviderOutcome>;
  capture(ref: string, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome>;
  cancel(ref: string, idempotencyKey: string): Promise<ProviderOutcome>;
  /** Gives a completed charge back in full (a success we could not keep: docs/payments.md "Late provider successes"). */
  refund(ref: string, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome>;
  /**
   * A fresh manual-capture authorisation of the same card and amount as the held `ref` (card
   * authorisations lapse after about 7 days), then the old one cancelled. Absent when the adapter
   * cannot charge the card again without the buyer (the hold is then marked REAUTH_FAILED).
   */
  reauthorize?(request: ReauthorizeRequest): Promise<ProviderOutcome>;
  createSetupIntent(request: { idempotencyKey: string; customerRef: string | null }): Promise<ProviderIntent>;
  saveCard(request: { sourceId: string; customerRef: string | null; email: string; idempotencyKey: string }): Promise<SavedCardRef>;
  /** Forgets a saved card at the provider (Stripe: detach; Square: disable); removing it twice is harmless. */
  removeCard(paymentMethodRef: string): Promise<void>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): ProviderWebhookEvent | Promise<ProviderWebhookEvent>;
}

export interface CryptoPaymentRequest {
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  orderId: string;
  description: string;
  metadata: Record<string, string>;
}

export interface CryptoPaymentProvider {
  readonly adapter: string;
  createPayment(request: CryptoPaymentRequest): Promise<{ id: string; paymentUrl: string | null }>;
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderWebhookEvent;
}

export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0] ?? null;
  return typeof value === 'string' ? value : null;
}
