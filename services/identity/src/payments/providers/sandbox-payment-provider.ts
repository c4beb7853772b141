import { createHash } from 'node:crypto';
import {
  headerOf,
  ProviderApiError,
  type CardPaymentProvider,
  type ConfirmRequest,
  type CreateIntentRequest,
  type CryptoPaymentProvider,
  type CryptoPaymentRequest,
  type ProviderIntent,
  type ProviderOutcome,
  type ProviderWebhookEvent,
  type SavedCardRef,
} from './payment-provider.port';
import { sandboxCardBehaviour, sandboxCardNumber } from './sandbox-cards';
import { verifySignedHeader } from './signed-header';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

interface SandboxIntent {
  amountCents: number;
  capture: 'automatic' | 'manual';
  status: 'UNPAID' | 'PAID' | 'AUTHORIZED' | 'REQUIRES_ACTION' | 'CANCELED';
}

/**
 * The provider used when a brand's provider has no keys configured (development, tests, demo).
 * It honours Stripe's test card numbers (sandbox-cards.ts), keeps its intents in memory and
 * answers the same idempotency key with the same result, like a real provider. Its webhooks are
 * signed with SANDBOX_WEBHOOK_SECRET in Stripe's `t=,v1=` scheme (header x-sandbox-signature).
 * Webhook event body: `{ "id": "evt_...", "type": "payment.succeeded" | "payment.authorized" |
 * "payment.failed" | "payment.canceled", "data": { "ref": "<payment ref>" } }`.
 */
export class SandboxPaymentProvider implements CardPaymentProvider, CryptoPaymentProvider {
  readonly adapter = 'sandbox';
  private readonly intents = new Map<string, SandboxIntent>();
  private readonly outcomes = new Map<string, ProviderOutcome>();

  constructor(
    private readonly webhookSecret: string,
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
    const source = request.sourceId ?? savedCardNumber(request.paymentMethodRef ?? null);
    if (!source) throw new ProviderApiError('no card source', 'missing_source');
    const behaviour = sandboxCardBehaviour(source);
    let outcome: ProviderOutcome;
    if (behaviour.kind === 'failure') {
      outcome = { ok: false, failure: behaviour.failure, providerCode: behaviour.code, providerMessage: behaviour.message };
    } else if (behaviour.kind === 'requires_action') {
      intent.status = 'REQUIRES_ACTION';
      outcome = {
        ok: true,
        status: 'REQUIRES_ACTION',
        ref,
        clientSecret: `${ref}_secret_action`,
        card: cardOf(source, behaviour.cardBrand),
      };
    } else {
      intent.status = request.capture === 'manual' ? 'AUTHORIZED' : 'PAID';
      outcome = { ok: true, status: intent.status, ref, card: cardOf(source, behaviour.cardBrand) };
    }
    this.outcomes.set(`confirm:${request.idempotencyKey}`, outcome);
    return outcome;
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

  createSetupIntent(request: { idempotencyKey: string; customerRef: string | null }): Promise<ProviderIntent> {
    const ref = `seti_sandbox_${digest(request.idempotencyKey)}`;
    return Promise.resolve({ ref, clientSecret: `${ref}_secret_${digest(`${ref}:secret`).slice(0, 16)}` });
  }

  saveCard(request: { sourceId: string; customerRef: string | null; email: string; idempotencyKey: string }): Promise<SavedCardRef> {
    const behaviour = sandboxCardBehaviour(request.sourceId);
    if (behaviour.kind === 'failure' && behaviour.failure !== 'declined')
      return Promise.reject(new SandboxCardError(behaviour.failure, behaviour.code, behaviour.message));
    const number = sandboxCardNumber(request.sourceId);
    return Promise.resolve({
      customerRef: request.customerRef ?? `cus_sandbox_${digest(request.email)}`,
      // The sandbox keeps the test number in the reference so a saved card behaves like the card.
      paymentMethodRef: `pm_sandbox_${number}`,
      cardBrand: behaviour.cardBrand,
      last4: number.slice(-4),
    });
  }

  createPayment(request: CryptoPaymentRequest): Promise<{ id: string; paymentUrl: string | null }> {
    const id = `cro_sandbox_${digest(request.idempotencyKey)}`;
    return Promise.resolve({ id, paymentUrl: null });
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderWebhookEvent {
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

function savedCardNumber(paymentMethodRef: string | null): string | null {
  const match = paymentMethodRef ? /^pm_sandbox_(\d{12,19})$/.exec(paymentMethodRef) : null;
  return match ? match[1] : null;
}

function cardOf(source: string, cardBrand: string): { cardBrand: string; last4: string } {
  return { cardBrand, last4: sandboxCardNumber(source).slice(-4) };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}
