import { createHash } from 'node:crypto';
import { SANDBOX_ONLY_TEST_CARDS_MESSAGE, sandboxCardRef, type SandboxCardDetails } from '@trackside/contracts';
import {
  headerOf,
  ProviderApiError,
  WebhookSignatureError,
  type CardPaymentProvider,
  type ConfirmRequest,
  type CreateIntentRequest,
  type CryptoPaymentProvider,
  type CryptoPaymentRequest,
  type ProviderIntent,
  type ProviderOutcome,
  type ProviderWebhookEvent,
  type ReauthorizeRequest,
  type SavedCardRef,
} from './payment-provider.port';
import { sandboxCardBehaviour, sandboxCardOf } from './sandbox-cards';
import { verifySignedHeader } from './signed-header';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The web route of the sandbox's Crypto.com Pay page (pay or fail by hand). */
export const SANDBOX_CRYPTO_PAGE = '/payment/sandbox/crypto';

interface SandboxIntent {
  amountCents: number;
  capture: 'automatic' | 'manual';
  status: 'UNPAID' | 'PAID' | 'AUTHORIZED' | 'REQUIRES_ACTION' | 'FAILED' | 'CANCELED' | 'REFUNDED';
  /** The card it was made with (a re-authorisation charges it again). */
  source?: string;
}

/**
 * The provider used for a brand whose provider has no keys, ONLY when PAYMENT_SANDBOX_ENABLED is on
 * (development, tests, demo; docs/payments.md). It takes the browser's sandbox tokens
 * (`tok_sandbox_…`, made from the shared test-card table) and saved-card refs (`pm_sandbox_…`),
 * never card numbers; keeps its intents in memory and answers the same idempotency key with the
 * same result, like a real provider. Its notifications are signed with SANDBOX_WEBHOOK_SECRET in
 * Stripe's `t=,v1=` scheme (header x-sandbox-signature); without a secret every one is refused.
 * Notification body: `{ "id": "evt_...", "type": "payment.succeeded" | "payment.authorized" |
 * "payment.failed" | "payment.canceled", "data": { "ref": "<payment ref>" } }`.
 */
export class SandboxPaymentProvider implements CardPaymentProvider, CryptoPaymentProvider {
  readonly adapter = 'sandbox';
  private readonly intents = new Map<string, SandboxIntent>();
  private readonly outcomes = new Map<string, ProviderOutcome>();
  /** Charges and authorisations actually made (a remembered answer is not a new charge): tests count them. */
  chargeCount = 0;
  /** Refunds actually made (a remembered answer is not a new refund): tests count them. */
  refundCount = 0;
  /** Refs whose re-authorisation the card refuses (tests: an authorisation that cannot be renewed). */
  readonly refuseReauthorization = new Set<string>();

  constructor(
    private readonly webhookSecret: string | null,
    private readonly toleranceSeconds: number,
  ) {}

  createIntent(request: CreateIntentRequest): Promise<ProviderIntent> {
    const ref = `pi_sandbox_${digest(request.idempotencyKey)}`;
    if (!this.intents.has(ref)) this.intents.set(ref, { amountCents: request.amountCents, capture: request.capture, status: 'UNPAID' });
    return Promise.resolve({ ref, clientSecret: `${ref}_secret_${digest(`${ref}:secret`).slice(0, 16)}` });
  }

  async confirm(request: ConfirmRequest): Promise<ProviderOutcome> {
    const remembered = this.outcomes.get(`confirm:${request.idempotencyKey}`);
    if (remembered) return remembered;
    const ref = request.ref ?? (await this.createIntent(request)).ref;
    const intent = this.intents.get(ref) ?? { amountCents: request.amountCents, capture: request.capture, status: 'UNPAID' as const };
    this.intents.set(ref, intent);
    const source = request.sourceId ?? request.paymentMethodRef ?? null;
    if (!source) throw new ProviderApiError('no card source', 'missing_source');
    intent.source = source;
    const card = sandboxCardOf(source);
    if (!card) return { ok: false, failure: 'other', providerCode: 'invalid_source', providerMessage: SANDBOX_ONLY_TEST_CARDS_MESSAGE };
    const behaviour = sandboxCardBehaviour(card);
    let outcome: ProviderOutcome;
    if (behaviour.kind === 'failure') {
      intent.status = 'FAILED';
      outcome = { ok: false, failure: behaviour.failure, providerCode: behaviour.code, providerMessage: behaviour.message };
    } else if (behaviour.kind === 'requires_action') {
      intent.status = 'REQUIRES_ACTION';
      outcome = { ok: true, status: 'REQUIRES_ACTION', ref, clientSecret: `${ref}_secret_action`, card: cardOf(card) };
    } else {
      intent.status = request.capture === 'manual' ? 'AUTHORIZED' : 'PAID';
      this.chargeCount += 1;
      outcome = { ok: true, status: intent.status, ref, card: cardOf(card) };
    }
    this.outcomes.set(`confirm:${request.idempotencyKey}`, outcome);
    return outcome;
  }

  /** The simulated 3-D Secure page: approve charges (or holds) the intent, fail refuses it. Same answer when repeated. */
  completeAction(ref: string, outcome: 'approve' | 'fail'): ProviderOutcome {
    const intent = this.intents.get(ref);
    if (!intent) throw new ProviderApiError('unknown intent', 'resource_missing');
    if (intent.status === 'REQUIRES_ACTION') {
      if (outcome === 'approve') this.chargeCount += 1;
      intent.status = outcome === 'fail' ? 'FAILED' : intent.capture === 'manual' ? 'AUTHORIZED' : 'PAID';
    }
    if (intent.status === 'PAID' || intent.status === 'AUTHORIZED') return { ok: true, status: intent.status, ref };
    if (intent.status === 'CANCELED') return { ok: true, status: 'CANCELED', ref };
    return {
      ok: false,
      failure: 'declined',
      providerCode: 'authentication_failed',
      providerMessage: 'The card holder did not complete authentication.',
    };
  }

  capture(ref: string, _amountCents: number, _idempotencyKey: string): Promise<ProviderOutcome> {
    const intent = this.intents.get(ref);
    if (intent) intent.status = 'PAID';
    return Promise.resolve({ ok: true, status: 'PAID', ref });
  }

  cancel(ref: string, _idempotencyKey: string): Promise<ProviderOutcome> {
    const intent = this.intents.get(ref);
    if (intent) intent.status = 'CANCELED';
    return Promise.resolve({ ok: true, status: 'CANCELED', ref });
  }

  refund(ref: string, _amountCents: number, idempotencyKey: string): Promise<ProviderOutcome> {
    const remembered = this.outcomes.get(`refund:${idempotencyKey}`);
    if (remembered) return Promise.resolve(remembered);
    const intent = this.intents.get(ref);
    if (!intent || intent.status !== 'PAID') throw new ProviderApiError('nothing to refund', 'charge_not_refundable');
    intent.status = 'REFUNDED';
    this.refundCount += 1;
    const outcome: ProviderOutcome = { ok: true, status: 'CANCELED', ref };
    this.outcomes.set(`refund:${idempotencyKey}`, outcome);
    return Promise.resolve(outcome);
  }

  /** A new authorisation of the same card (same key, same answer), then the old one cancelled. */
  reauthorize(request: ReauthorizeRequest): Promise<ProviderOutcome> {
    const remembered = this.outcomes.get(`reauthorize:${request.idempotencyKey}`);
    if (remembered) return Promise.resolve(remembered);
    const old = this.intents.get(request.ref);
    if (!old || old.status !== 'AUTHORIZED' || !old.source) throw new ProviderApiError('no authorisation to renew', 'resource_missing');
    let outcome: ProviderOutcome;
    if (this.refuseReauthorization.has(request.ref)) {
      outcome = { ok: false, failure: 'declined', providerCode: 'card_declined', providerMessage: 'The card was declined.' };
    } else {
      const ref = `pi_sandbox_${digest(request.idempotencyKey)}`;
      this.intents.set(ref, { amountCents: request.amountCents, capture: 'manual', status: 'AUTHORIZED', source: old.source });
      this.chargeCount += 1;
      old.status = 'CANCELED';
      outcome = { ok: true, status: 'AUTHORIZED', ref };
    }
    this.outcomes.set(`reauthorize:${request.idempotencyKey}`, outcome);
    return Promise.resolve(outcome);
  }

  /** The state of one of its intents (tests). */
  intentStatus(ref: string): SandboxIntent['status'] | null {
    return this.intents.get(ref)?.status ?? null;
  }

  createSetupIntent(request: { idempotencyKey: string; customerRef: string | null }): Promise<ProviderIntent> {
    const ref = `seti_sandbox_${digest(request.idempotencyKey)}`;
    return Promise.resolve({ ref, clientSecret: `${ref}_secret_${digest(`${ref}:secret`).slice(0, 16)}` });
  }

  /** Keeps a card only when its check passes: a declining card is refused, as a real setup intent would. */
  saveCard(request: { sourceId: string; customerRef: string | null; email: string; idempotencyKey: string }): Promise<SavedCardRef> {
    const card = sandboxCardOf(request.sourceId);
    if (!card) return Promise.reject(new SandboxCardError('other', 'invalid_source', SANDBOX_ONLY_TEST_CARDS_MESSAGE));
    const behaviour = sandboxCardBehaviour(card);
    if (behaviour.kind === 'failure') return Promise.reject(new SandboxCardError(behaviour.failure, behaviour.code, behaviour.message));
    return Promise.resolve({
      customerRef: request.customerRef ?? `cus_sandbox_${digest(request.email)}`,
      // The reference carries the card's scenario, so a saved card behaves like the card.
      paymentMethodRef: sandboxCardRef(card),
      cardBrand: card.cardBrand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
  }

  /** The sandbox keeps no cards: the reference carries the card. */
  removeCard(_paymentMethodRef: string): Promise<void> {
    return Promise.resolve();
  }

  /** The payment page is the web's sandbox page for this payment (`/payment/sandbox/crypto/<paymentId>`). */
  createPayment(request: CryptoPaymentRequest): Promise<{ id: string; paymentUrl: string | null }> {
    const id = `cro_sandbox_${digest(request.idempotencyKey)}`;
    return Promise.resolve({ id, paymentUrl: `${SANDBOX_CRYPTO_PAGE}/${request.orderId}` });
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderWebhookEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('SANDBOX_WEBHOOK_SECRET is not configured');
    verifySignedHeader(rawBody, headerOf(headers, SANDBOX_SIGNATURE_HEADER), this.webhookSecret, this.toleranceSeconds, now);
    const body = JSON.parse(rawBody.toString('utf8')) as { id?: unknown; type?: unknown; data?: { ref?: unknown } };
    const kind = SANDBOX_EVENT_KINDS[String(body.type)] ?? 'ignored';
    return { id: String(body.id ?? ''), kind, ref: typeof body.data?.ref === 'string' ? body.data.ref : null };
  }
}

const SANDBOX_EVENT_KINDS: Record<string, ProviderWebhookEvent['kind']> = {
  'payment.succeeded': 'succeeded',
  'payment.authorized': 'authorized',
  'payment.failed': 'failed',
  'payment.canceled': 'canceled',
  'payment.requires_action': 'requires_action',
};

export class SandboxCardError extends Error {
  constructor(
    readonly failure: 'cvv' | 'postalCode' | 'expiration' | 'declined' | 'other',
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxCardError';
  }
}

function cardOf(card: SandboxCardDetails): { cardBrand: string; last4: string } {
  return { cardBrand: card.cardBrand, last4: card.last4 };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}
