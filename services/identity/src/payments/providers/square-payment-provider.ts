import { randomUUID } from 'node:crypto';
import { centsToMinorUnits } from '@trackside/contracts';
import { SquareClient, SquareEnvironment, SquareError, WebhooksHelper } from 'square';
import {
  headerOf,
  ProviderApiError,
  WebhookSignatureError,
  type CardFailure,
  type CardPaymentProvider,
  type ConfirmRequest,
  type CreateIntentRequest,
  type ProviderIntent,
  type ProviderOutcome,
  type ProviderWebhookEvent,
  type SavedCardRef,
} from './payment-provider.port';

export interface SquareProviderOptions {
  accessToken: string;
  environment: 'production' | 'sandbox';
  /** Another API origin (a local HTTP double in the contract tests); else the environment's. */
  apiUrl?: string | null;
  locationId: string | null;
  webhookSignatureKey: string | null;
  webhookUrl: string | null;
}

/** Square's payment error codes to the spec's card messages (spec 000 section 8). */
export function squareCardFailure(code: string | null | undefined): CardFailure {
  switch (code) {
    case 'CVV_FAILURE':
      return 'cvv';
    case 'ADDRESS_VERIFICATION_FAILURE':
      return 'postalCode';
    case 'INVALID_EXPIRATION':
    case 'EXPIRATION_FAILURE':
    case 'CARD_EXPIRED':
      return 'expiration';
    case 'GENERIC_DECLINE':
    case 'INSUFFICIENT_FUNDS':
    case 'CARD_DECLINED':
    case 'CARD_NOT_SUPPORTED':
    case 'TRANSACTION_LIMIT':
    case 'INVALID_ACCOUNT':
      return 'declined';
    default:
      return 'other';
  }
}

/** The CreatePayment request the adapter sends (pure, unit-tested). */
export function squareCreatePaymentRequest(request: ConfirmRequest, locationId: string | null) {
  return {
    idempotencyKey: squareIdempotencyKey(request.idempotencyKey),
    sourceId: request.paymentMethodRef ?? request.sourceId ?? '',
    // Square takes the currency's smallest unit (yen for JPY); our cents are 1/100 of a unit.
    amountMoney: { amount: BigInt(centsToMinorUnits(request.amountCents, request.currency)), currency: request.currency as 'USD' },
    autocomplete: request.capture === 'automatic',
    ...(request.customerRef ? { customerId: request.customerRef } : {}),
    // Sent as verification_token: the charge Square refused with CARD_DECLINED_VERIFICATION_REQUIRED, now verified.
    ...(request.verificationToken ? { verificationToken: request.verificationToken } : {}),
    ...((request.locationId ?? locationId) ? { locationId: request.locationId ?? locationId ?? undefined } : {}),
    note: request.description.slice(0, 500),
    referenceId: (request.metadata.paymentId ?? '').slice(0, 40),
  };
}

/** Square limits idempotency keys to 45 characters: long keys are hashed deterministically. */
export function squareIdempotencyKey(key: string): string {
  if (key.length <= 45) return key;
  let hash = 0n;
  for (const char of key) hash = (hash * 131n + BigInt(char.codePointAt(0) ?? 0)) % (1n << 160n);
  return `k${hash.toString(36)}`.slice(0, 45);
}

/**
 * The Square adapter (the `square` package). Square has no payment intents: the browser tokenises
 * the card (Web Payments SDK) and POST /payment/confirm-payment charges the token (sourceId).
 * Not exercised against a Square server (none is reachable from CI): the request building and
 * the webhook signature check are unit-tested, the HTTP exchange runs against a local HTTP double
 * (provider-http-doubles.spec.ts).
 */
export class SquarePaymentProvider implements CardPaymentProvider {
  readonly adapter = 'square';
  private readonly client: SquareClient;

  constructor(private readonly options: SquareProviderOptions) {
    this.client = new SquareClient({
      token: options.accessToken,
      environment: options.apiUrl ?? (options.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox),
    });
  }

  createIntent(request: CreateIntentRequest): Promise<ProviderIntent> {
    return Promise.resolve({ ref: `sq_pending_${squareIdempotencyKey(request.idempotencyKey)}`, clientSecret: null });
  }

  async confirm(request: ConfirmRequest): Promise<ProviderOutcome> {
    try {
      const response = await this.client.payments.create(squareCreatePaymentRequest(request, this.options.locationId));
      const payment = response.payment;
      if (!payment?.id) throw new ProviderApiError('Square answered without a payment');
      const card = payment.cardDetails?.card;
      const details = card ? { cardBrand: card.cardBrand ?? 'OTHER_BRAND', last4: card.last4 ?? '' } : null;
      switch (payment.status) {
        case 'COMPLETED':
          return { ok: true, status: 'PAID', ref: payment.id, card: details };
        case 'APPROVED':
          return { ok: true, status: request.capture === 'manual' ? 'AUTHORIZED' : 'PENDING', ref: payment.id, card: details };
        case 'CANCELED':
          return { ok: true, status: 'CANCELED', ref: payment.id };
        case 'FAILED':
          return { ok: false, failure: 'declined', providerCode: 'FAILED', providerMessage: 'The payment failed.' };
        default:
          return { ok: true, status: 'PENDING', ref: payment.id, card: details };
      }
    } catch (error) {
      // Strong customer authentication: the browser runs verifyBuyer and confirms again with its token.
      if (!request.verificationToken && squareErrorCode(error) === 'CARD_DECLINED_VERIFICATION_REQUIRED')
        return { ok: true, status: 'REQUIRES_ACTION', ref: request.ref ?? `sq_pending_${squareIdempotencyKey(request.idempotencyKey)}` };
      return squareFailure(error);
    }
  }

  async capture(ref: string, _amountCents: number, _idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      await this.client.payments.complete({ paymentId: ref });
      return { ok: true, status: 'PAID', ref };
    } catch (error) {
      return squareFailure(error);
    }
  }

  async cancel(ref: string, _idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      await this.client.payments.cancel({ paymentId: ref });
      return { ok: true, status: 'CANCELED', ref };
    } catch (error) {
      return squareFailure(error);
    }
  }

  async refund(ref: string, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      const currency = await this.currencyOf(ref);
      const response = await this.client.refunds.refundPayment({
        idempotencyKey: squareIdempotencyKey(idempotencyKey),
        paymentId: ref,
        amountMoney: { amount: BigInt(centsToMinorUnits(amountCents, currency)), currency: currency as 'USD' },
      });
      if (!response.refund?.id) throw new ProviderApiError('Square answered without a refund');
      return { ok: true, status: 'CANCELED', ref };
    } catch (error) {
      return squareFailure(error);
    }
  }

  private async currencyOf(ref: string): Promise<string> {
    const found = await this.client.payments.get({ paymentId: ref });
    return found.payment?.amountMoney?.currency ?? 'USD';
  }

  createSetupIntent(request: { idempotencyKey: string; customerRef: string | null }): Promise<ProviderIntent> {
    // Square saves cards from a token (confirm-card-and-save); there is no client secret to hand out.
    return Promise.resolve({ ref: `sq_setup_${squareIdempotencyKey(request.idempotencyKey)}`, clientSecret: null });
  }

  async saveCard(request: { sourceId: string; customerRef: string | null; email: string; idempotencyKey: string }): Promise<SavedCardRef> {
    try {
      const customerRef =
        request.customerRef ??
        (
          await this.client.customers.create({
            idempotencyKey: squareIdempotencyKey(`${request.idempotencyKey}:customer`),
            emailAddress: request.email,
          })
        ).customer?.id;
      if (!customerRef) throw new ProviderApiError('Square did not create a customer');
      const response = await this.client.cards.create({
        idempotencyKey: squareIdempotencyKey(`${request.idempotencyKey}:card`),
        sourceId: request.sourceId,
        card: { customerId: customerRef },
      });
      const card = response.card;
      if (!card?.id) throw new ProviderApiError('Square did not save the card');
      return {
        customerRef,
        paymentMethodRef: card.id,
        cardBrand: card.cardBrand ?? 'OTHER_BRAND',
        last4: card.last4 ?? '',
        expMonth: card.expMonth === undefined || card.expMonth === null ? null : Number(card.expMonth),
        expYear: card.expYear === undefined || card.expYear === null ? null : Number(card.expYear),
      };
    } catch (error) {
      if (error instanceof ProviderApiError) throw error;
      const message = error instanceof Error ? error.message : 'Square request failed';
      throw new ProviderApiError(message, error instanceof SquareError ? (error.errors[0]?.code ?? null) : null);
    }
  }

  async removeCard(paymentMethodRef: string): Promise<void> {
    try {
      await this.client.cards.disable({ cardId: paymentMethodRef });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Square request failed';
      throw new ProviderApiError(message, error instanceof SquareError ? (error.errors[0]?.code ?? null) : null);
    }
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderWebhookEvent> {
    const { webhookSignatureKey, webhookUrl } = this.options;
    if (!webhookSignatureKey || !webhookUrl) throw new WebhookSignatureError('Square webhook signature key or URL not configured');
    const signatureHeader = headerOf(headers, 'x-square-hmacsha256-signature');
    if (!signatureHeader) throw new WebhookSignatureError('missing x-square-hmacsha256-signature');
    const valid = await WebhooksHelper.verifySignature({
      requestBody: rawBody.toString('utf8'),
      signatureHeader,
      signatureKey: webhookSignatureKey,
      notificationUrl: webhookUrl,
    });
    if (!valid) throw new WebhookSignatureError('signature mismatch');
    return squareWebhookEvent(rawBody);
  }
}

/** Reads a verified Square notification (payment.created / payment.updated). */
export function squareWebhookEvent(rawBody: Buffer): ProviderWebhookEvent {
  const body = JSON.parse(rawBody.toString('utf8')) as {
    event_id?: string;
    type?: string;
    data?: { object?: { payment?: { id?: string; status?: string; card_details?: { errors?: Array<{ code?: string }> } } } };
  };
  const payment = body.data?.object?.payment;
  const id = body.event_id ?? randomUUID();
  const ref = payment?.id ?? null;
  if (!body.type?.startsWith('payment.') || !payment) return { id, kind: 'ignored', ref };
  switch (payment.status) {
    case 'COMPLETED':
      return { id, kind: 'succeeded', ref };
    case 'APPROVED':
      return { id, kind: 'authorized', ref };
    case 'CANCELED':
      return { id, kind: 'canceled', ref };
    case 'FAILED':
      return { id, kind: 'failed', ref, failure: squareCardFailure(payment.card_details?.errors?.[0]?.code) };
    default:
      return { id, kind: 'ignored', ref };
  }
}

function squareErrorCode(error: unknown): string | null {
  return error instanceof SquareError ? String(error.errors[0]?.code ?? '') : null;
}

function squareFailure(error: unknown): ProviderOutcome {
  if (error instanceof SquareError) {
    const first = error.errors[0];
    if (first && (first.category === 'PAYMENT_METHOD_ERROR' || squareCardFailure(first.code) !== 'other'))
      return {
        ok: false,
        failure: squareCardFailure(first.code),
        providerCode: String(first.code),
        providerMessage: first.detail ?? error.message,
      };
    throw new ProviderApiError(error.message, first ? String(first.code) : null);
  }
  if (error instanceof ProviderApiError) throw error;
  throw new ProviderApiError(error instanceof Error ? error.message : 'Square request failed');
}
