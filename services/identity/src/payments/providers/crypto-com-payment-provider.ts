import { centsToMinorUnits } from '@trackside/contracts';
import {
  headerOf,
  ProviderApiError,
  WebhookSignatureError,
  type CryptoPaymentProvider,
  type CryptoPaymentRequest,
  type ProviderWebhookEvent,
} from './payment-provider.port';
import { verifySignedHeader } from './signed-header';

export interface CryptoComOptions {
  secretKey: string;
  webhookSecret: string | null;
  apiUrl: string;
  toleranceSeconds: number;
  fetch?: typeof fetch;
}

/** The HTTP request the adapter sends to create a Crypto.com Pay payment (pure, unit-tested). */
export function cryptoComPaymentRequest(
  options: Pick<CryptoComOptions, 'secretKey' | 'apiUrl'>,
  request: CryptoPaymentRequest,
): { url: string; init: { method: 'POST'; headers: Record<string, string>; body: string } } {
  const body = new URLSearchParams();
  body.set('amount', String(centsToMinorUnits(request.amountCents, request.currency)));
  body.set('currency', request.currency);
  body.set('order_id', request.orderId);
  body.set('description', request.description);
  for (const [key, value] of Object.entries(request.metadata)) body.set(`metadata[${key}]`, value);
  return {
    url: `${options.apiUrl.replace(/\/+$/, '')}/payments`,
    init: {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': request.idempotencyKey,
        accept: 'application/json',
      },
      body: body.toString(),
    },
  };
}

/**
 * Crypto.com Pay over its HTTP API with fetch: a payment is created server side (POST /payments,
 * amount in the currency's minor unit, secret key as the basic-auth user) and the buyer pays on
 * Crypto.com's page; its webhooks (`Pay-Signature: t=...,v1=...`, HMAC-SHA256 of "t.body") move
 * the status. No Crypto.com server is reachable from CI: request building and the signature check
 * are unit-tested, the HTTP exchange runs against a local HTTP double (provider-http-doubles.spec.ts).
 */
export class CryptoComPaymentProvider implements CryptoPaymentProvider {
  readonly adapter = 'crypto.com';

  constructor(private readonly options: CryptoComOptions) {}

  async createPayment(request: CryptoPaymentRequest): Promise<{ id: string; paymentUrl: string | null }> {
    const { url, init } = cryptoComPaymentRequest(this.options, request);
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new ProviderApiError(error instanceof Error ? error.message : 'Crypto.com Pay unreachable');
    }
    const body = (await response.json().catch(() => null)) as { id?: string; payment_url?: string; error?: { code?: string } } | null;
    if (!response.ok || !body?.id) throw new ProviderApiError(`Crypto.com Pay answered ${response.status}`, body?.error?.code ?? null);
    return { id: body.id, paymentUrl: body.payment_url ?? null };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderWebhookEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('CRYPTO_COM_WEBHOOK_SECRET is not configured');
    verifySignedHeader(rawBody, headerOf(headers, 'pay-signature'), this.options.webhookSecret, this.options.toleranceSeconds, now);
    return cryptoComWebhookEvent(rawBody);
  }
}

export function cryptoComWebhookEvent(rawBody: Buffer): ProviderWebhookEvent {
  const body = JSON.parse(rawBody.toString('utf8')) as { id?: string; type?: string; data?: { object?: { id?: string; status?: string } } };
  const ref = body.data?.object?.id ?? null;
  const id = body.id ?? '';
  switch (body.type) {
    case 'payment.captured':
      return { id, kind: 'succeeded', ref };
    case 'payment.canceled':
    case 'payment.expired':
      return { id, kind: 'canceled', ref };
    case 'payment.failed':
      return { id, kind: 'failed', ref, failure: 'other' };
    default:
      return { id, kind: 'ignored', ref };
  }
}
