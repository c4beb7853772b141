import { centsToMinorUnits } from '@trackside/contracts';
import Stripe from 'stripe';
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
  type ReauthorizeRequest,
  type SavedCardRef,
} from './payment-provider.port';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | null;
  /** Another API origin (stripe-mock in the peer tests). */
  apiUrl?: string | null;
  toleranceSeconds: number;
}

/** Stripe's decline and error codes to the spec's card messages (spec 000 section 8). */
export function stripeCardFailure(code: string | null | undefined, declineCode?: string | null): CardFailure {
  switch (code) {
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'cvv';
    case 'incorrect_zip':
      return 'postalCode';
    case 'expired_card':
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'expiration';
    case 'card_declined':
      if (declineCode === 'incorrect_cvc') return 'cvv';
      if (declineCode === 'incorrect_zip') return 'postalCode';
      if (declineCode === 'expired_card') return 'expiration';
      return 'declined';
    default:
      return 'other';
  }
}

/** The Stripe adapter (the `stripe` package): PaymentIntents, SetupIntents, customers, signed webhooks. */
export class StripePaymentProvider implements CardPaymentProvider {
  readonly adapter = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createIntent(request: CreateIntentRequest): Promise<ProviderIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: centsToMinorUnits(request.amountCents, request.currency),
          currency: request.currency.toLowerCase(),
          capture_method: request.capture,
          description: request.description,
          metadata: request.metadata,
          ...(request.customerRef ? { customer: request.customerRef } : {}),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { ref: intent.id, clientSecret: intent.client_secret ?? null };
  }

  async confirm(request: ConfirmRequest): Promise<ProviderOutcome> {
    try {
      const paymentMethod = request.paymentMethodRef ?? request.sourceId ?? undefined;
      const intent = request.ref
        ? await this.stripe.paymentIntents.confirm(
            request.ref,
            { payment_method: paymentMethod },
            { idempotencyKey: request.idempotencyKey },
          )
        : await this.stripe.paymentIntents.create(
            {
              amount: centsToMinorUnits(request.amountCents, request.currency),
              currency: request.currency.toLowerCase(),
              capture_method: request.capture,
              description: request.description,
              metadata: request.metadata,
              payment_method: paymentMethod,
              confirm: true,
              ...(request.customerRef ? { customer: request.customerRef } : {}),
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: request.idempotencyKey },
          );
      return outcomeOf(intent);
    } catch (error) {
      return failureOf(error);
    }
  }

  async capture(ref: string, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      const amount = await this.minorUnitsOf(ref, amountCents);
      return outcomeOf(await this.stripe.paymentIntents.capture(ref, { amount_to_capture: amount }, { idempotencyKey }));
    } catch (error) {
      return failureOf(error);
    }
  }

  async cancel(ref: string, idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      return outcomeOf(await this.stripe.paymentIntents.cancel(ref, {}, { idempotencyKey }));
    } catch (error) {
      return failureOf(error);
    }
  }

  async refund(ref: string, amountCents: number, idempotencyKey: string): Promise<ProviderOutcome> {
    try {
      await this.stripe.refunds.create({ payment_intent: ref, amount: await this.minorUnitsOf(ref, amountCents) }, { idempotencyKey });
      return { ok: true, status: 'CANCELED', ref };
    } catch (error) {
      return failureOf(error);
    }
  }

  /**
   * Stripe takes amounts in the currency's smallest unit (yen for JPY), our cents are 1/100 of a
   * unit whatever the currency (libs/contracts/src/feed/currency-minor-units.ts). Capture and
   * refund only know the intent, so its currency is read first.
   */
  private async minorUnitsOf(ref: string, amountCents: number): Promise<number> {
    const intent = await this.stripe.paymentIntents.retrieve(ref);
    return centsToMinorUnits(amountCents, intent.currency ?? 'usd');
  }

  /** Off-session: a new manual-capture intent on the old one's (or the saved) card and customer, then the old one cancelled. */
  async reauthorize(request: ReauthorizeRequest): Promise<ProviderOutcome> {
    try {
      const old = await this.stripe.paymentIntents.retrieve(request.ref);
      const paymentMethod =
        (typeof old.payment_method === 'string' ? old.payment_method : old.payment_method?.id) ?? request.paymentMethodRef;
      const customer = (typeof old.customer === 'string' ? old.customer : old.customer?.id) ?? request.customerRef;
      if (!paymentMethod || !customer) throw new ProviderApiError('no reusable card for the authorisation', 'no_payment_method');
      const renewed = await this.stripe.paymentIntents.create(
        {
          amount: centsToMinorUnits(request.amountCents, request.currency),
          currency: request.currency.toLowerCase(),
          capture_method: 'manual',
          customer,
          payment_method: paymentMethod,
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      const outcome = outcomeOf(renewed);
      if (outcome.ok && outcome.status === 'AUTHORIZED')
        await this.stripe.paymentIntents.cancel(request.ref, {}, { idempotencyKey: `${request.idempotencyKey}:cancel-old` });
      return outcome;
    } catch (error) {
      return failureOf(error);
    }
  }

  async createSetupIntent(request: { idempotencyKey: string; customerRef: string | null }): Promise<ProviderIntent> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.create(
        { usage: 'off_session', ...(request.customerRef ? { customer: request.customerRef } : {}) },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { ref: intent.id, clientSecret: intent.client_secret ?? null };
  }

  async saveCard(request: { sourceId: string; customerRef: string | null; email: string; idempotencyKey: string }): Promise<SavedCardRef> {
    const customerRef =
      request.customerRef ??
      (
        await this.call(() =>
          this.stripe.customers.create({ email: request.email }, { idempotencyKey: `${request.idempotencyKey}:customer` }),
        )
      ).id;
    const method = await this.call(() =>
      this.stripe.paymentMethods.attach(
        request.sourceId,
        { customer: customerRef },
        { idempotencyKey: `${request.idempotencyKey}:attach` },
      ),
    );
    return {
      customerRef,
      paymentMethodRef: method.id,
      cardBrand: cardBrandOf(method.card?.brand ?? null),
      last4: method.card?.last4 ?? '',
      expMonth: method.card?.exp_month ?? null,
      expYear: method.card?.exp_year ?? null,
    };
  }

  async removeCard(paymentMethodRef: string): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(paymentMethodRef));
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderWebhookEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
    const signature = headerOf(headers, 'stripe-signature');
    if (!signature) throw new WebhookSignatureError('missing stripe-signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        this.options.toleranceSeconds,
        undefined,
        Math.floor(now.getTime() / 1000),
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
    }
    const object = event.data.object as { id?: string; object?: string; last_payment_error?: { code?: string; decline_code?: string } };
    const ref = object.object === 'payment_intent' && typeof object.id === 'string' ? object.id : null;
    switch (event.type) {
      case 'payment_intent.succeeded':
        return { id: event.id, kind: 'succeeded', ref };
      case 'payment_intent.amount_capturable_updated':
        return { id: event.id, kind: 'authorized', ref };
      case 'payment_intent.payment_failed':
        return {
          id: event.id,
          kind: 'failed',
          ref,
          failure: stripeCardFailure(object.last_payment_error?.code, object.last_payment_error?.decline_code),
        };
      case 'payment_intent.canceled':
        return { id: event.id, kind: 'canceled', ref };
      case 'payment_intent.requires_action':
        return { id: event.id, kind: 'requires_action', ref };
      default:
        return { id: event.id, kind: 'ignored', ref };
    }
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const stripeError = error as { code?: string; message?: string };
      throw new ProviderApiError(stripeError.message ?? 'Stripe request failed', stripeError.code ?? null);
    }
  }
}

function outcomeOf(intent: Stripe.PaymentIntent): ProviderOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { ok: true, status: 'PAID', ref: intent.id };
    case 'requires_capture':
      return { ok: true, status: 'AUTHORIZED', ref: intent.id };
    case 'requires_action':
    case 'requires_confirmation':
      return { ok: true, status: 'REQUIRES_ACTION', ref: intent.id, clientSecret: intent.client_secret ?? null };
    case 'canceled':
      return { ok: true, status: 'CANCELED', ref: intent.id };
    case 'processing':
    case 'requires_payment_method':
    default:
      // requires_payment_method after a confirm means the card was refused without an error object.
      if (intent.status === 'requires_payment_method' && intent.last_payment_error)
        return {
          ok: false,
          failure: stripeCardFailure(intent.last_payment_error.code, intent.last_payment_error.decline_code),
          providerCode: intent.last_payment_error.code ?? 'requires_payment_method',
          providerMessage: intent.last_payment_error.message ?? 'Your card was declined.',
        };
      return { ok: true, status: 'PENDING', ref: intent.id, clientSecret: intent.client_secret ?? null };
  }
}

function failureOf(error: unknown): ProviderOutcome {
  const stripeError = error as { type?: string; code?: string; decline_code?: string; message?: string };
  if (stripeError.type === 'StripeCardError')
    return {
      ok: false,
      failure: stripeCardFailure(stripeError.code, stripeError.decline_code),
      providerCode: stripeError.code ?? 'card_error',
      providerMessage: stripeError.message ?? 'Your card was declined.',
    };
  throw new ProviderApiError(stripeError.message ?? 'Stripe request failed', stripeError.code ?? null);
}

const STRIPE_BRANDS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMERICAN_EXPRESS',
  discover: 'DISCOVER',
  diners: 'DISCOVER_DINERS',
  jcb: 'JCB',
  unionpay: 'CHINA_UNIONPAY',
};

function cardBrandOf(brand: string | null): string {
  return (brand && STRIPE_BRANDS[brand]) ?? 'OTHER_BRAND';
}
