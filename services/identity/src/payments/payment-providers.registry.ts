import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_ERROR_MESSAGES, providerUnavailableMessage } from '@trackside/contracts';
import { DomainError } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { BrandPaymentSettingsFollower } from './brand-payment-settings.processor';
import type { PaymentProviderName } from './payments-config';
import { CryptoComPaymentProvider } from './providers/crypto-com-payment-provider';
import type { CardPaymentProvider, CryptoPaymentProvider } from './providers/payment-provider.port';
import { SandboxPaymentProvider } from './providers/sandbox-payment-provider';
import { SquarePaymentProvider } from './providers/square-payment-provider';
import { StripePaymentProvider } from './providers/stripe-payment-provider';
import { BrandPaymentAdapters } from './secrets/brand-payment-adapters';
import { PaymentSecretsStore } from './secrets/payment-secrets.store';

/** A brand's payment settings, resolved from PAYMENT_BRAND_SETTINGS over the service defaults. */
export interface BrandPaymentSettings {
  brand: string;
  /** The card provider (spec 000 section 1: SQUARE unless STRIPE is active). */
  cardProvider: Extract<PaymentProviderName, 'SQUARE' | 'STRIPE'>;
  disabled: boolean;
  bidHoldAmountCents: number;
  winnerHold: 'CAPTURE' | 'KEEP';
  currency: string;
  stripePublishableKey: string | null;
  squareAppId: string | null;
  squareLocationId: string | null;
  /** Crypto.com Pay offered for the brand (PAYMENT_BRAND_SETTINGS cryptoEnabled; default false). */
  cryptoEnabled: boolean;
}

/** Which element the web shows for a brand (POST /payment/settings), or why it cannot pay. */
export interface BrandPaymentAvailability {
  available: boolean;
  message: string | null;
  adapter: 'sandbox' | 'stripe' | 'square' | null;
}

/**
 * Which adapter runs each provider: the brand's own keys stored in the CMS (secrets/, docs/payments.md
 * "Per-brand secrets"), else the real one when its process-wide keys are configured, else the sandbox when
 * PAYMENT_SANDBOX_ENABLED is on (one instance, shared, so a webhook finds the intents the sandbox
 * created), else none: that brand's payments are refused (fail closed, docs/payments.md).
 */
@Injectable()
export class PaymentProviders {
  /** null unless PAYMENT_SANDBOX_ENABLED. */
  readonly sandbox: SandboxPaymentProvider | null;
  private readonly stripe: StripePaymentProvider | null;
  private readonly square: SquarePaymentProvider | null;
  private readonly cryptoCom: CryptoComPaymentProvider | null;
  private readonly own: BrandPaymentAdapters;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly followed: BrandPaymentSettingsFollower,
    secrets: PaymentSecretsStore,
  ) {
    this.own = new BrandPaymentAdapters(secrets, config);
    const tolerance = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS;
    this.sandbox = config.PAYMENT_SANDBOX_ENABLED ? new SandboxPaymentProvider(config.SANDBOX_WEBHOOK_SECRET ?? null, tolerance) : null;
    this.stripe = config.STRIPE_SECRET_KEY
      ? new StripePaymentProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
          apiUrl: config.STRIPE_API_URL ?? null,
          toleranceSeconds: tolerance,
        })
      : null;
    this.square = config.SQUARE_ACCESS_TOKEN
      ? new SquarePaymentProvider({
          accessToken: config.SQUARE_ACCESS_TOKEN,
          environment: config.SQUARE_ENVIRONMENT,
          apiUrl: config.SQUARE_API_URL ?? null,
          locationId: config.SQUARE_LOCATION_ID ?? null,
          webhookSignatureKey: config.SQUARE_WEBHOOK_SIGNATURE_KEY ?? null,
          webhookUrl: config.SQUARE_WEBHOOK_URL ?? null,
        })
      : null;
    this.cryptoCom = config.CRYPTO_COM_SECRET_KEY
      ? new CryptoComPaymentProvider({
          secretKey: config.CRYPTO_COM_SECRET_KEY,
          webhookSecret: config.CRYPTO_COM_WEBHOOK_SECRET ?? null,
          apiUrl: config.CRYPTO_COM_API_URL,
          toleranceSeconds: tolerance,
        })
      : null;
  }

  /**
   * PAYMENT_BRAND_SETTINGS (the service's own override) first, then the catalogue's brand
   * configuration events, then the service defaults.
   */
  settings(brand: string): BrandPaymentSettings {
    const own = this.config.PAYMENT_BRAND_SETTINGS[brand] ?? {};
    const followed = this.followed.of(brand);
    const stripeActive = own.stripeActive ?? followed.stripeActive ?? false;
    return {
      brand,
      cardProvider: stripeActive ? 'STRIPE' : 'SQUARE',
      disabled: own.disabled ?? false,
      bidHoldAmountCents: own.bidHoldAmountCents ?? followed.bidHoldAmountCents ?? this.config.PAYMENT_BID_HOLD_AMOUNT_CENTS,
      winnerHold: own.winnerHold ?? 'CAPTURE',
      currency: own.currency ?? this.config.PAYMENT_DEFAULT_CURRENCY,
      stripePublishableKey: own.stripePublishableKey ?? followed.stripePublishableKey ?? null,
      squareAppId: own.squareAppId ?? followed.squareAppId ?? null,
      squareLocationId: own.squareLocationId ?? followed.squareLocationId ?? this.config.SQUARE_LOCATION_ID ?? null,
      cryptoEnabled: own.cryptoEnabled ?? false,
    };
  }

  /** The adapter that runs the brand's card provider; `payment.provider.unavailable` (503) when none can. */
  card(settings: BrandPaymentSettings): CardPaymentProvider {
    const adapter = this.cardAdapter(settings.cardProvider, settings.brand);
    if (!adapter) throw unavailable(settings.brand, settings.cardProvider);
    return adapter;
  }

  /** The Crypto.com Pay adapter; `payment.provider.unavailable` (503) when it has no keys and no sandbox runs. */
  crypto(brand: string): CryptoPaymentProvider {
    const own = this.own.crypto(brand);
    const adapter = own === undefined ? (this.cryptoCom ?? this.sandbox) : own;
    if (!adapter) throw unavailable(brand, 'CRYPTO_DOT_COM');
    return adapter;
  }

  /** Does an adapter run Crypto.com Pay (its keys, or the sandbox)? */
  cryptoRuns(brand?: string): boolean {
    const own = brand === undefined ? undefined : this.own.crypto(brand);
    return (own === undefined ? (this.cryptoCom ?? this.sandbox) : own) !== null;
  }

  /** Can the brand take card payments, and with which element (fail closed: no keys, no sandbox, no payments). */
  availability(brand: string): BrandPaymentAvailability {
    const settings = this.settings(brand);
    if (settings.disabled) return { available: false, message: PAYMENT_ERROR_MESSAGES['payment.disabled'], adapter: null };
    const adapter = this.cardAdapter(settings.cardProvider, brand);
    if (!adapter) return { available: false, message: providerUnavailableMessage(brand, settings.cardProvider), adapter: null };
    return { available: true, message: null, adapter: adapter.adapter as BrandPaymentAvailability['adapter'] };
  }

  /** Brands named in the configuration or in the brand events (start-up warnings, health). */
  knownBrands(): string[] {
    return [
      ...new Set([
        this.config.DEFAULT_BRAND,
        ...Object.keys(this.config.PAYMENT_BRAND_SETTINGS),
        ...this.followed.knownBrands(),
        ...this.own.brands(),
      ]),
    ].sort();
  }

  private cardAdapter(provider: 'SQUARE' | 'STRIPE', brand: string): CardPaymentProvider | null {
    const own = this.own.card(brand, provider);
    if (own !== undefined) return own;
    if (provider === 'STRIPE') return this.stripe ?? this.sandbox;
    return this.square ?? this.sandbox;
  }

  /**
   * The adapter that receives a webhook path segment, or null when it is not configured. With a
   * brand (/webhooks/payment/<path>/<brand>) only that brand's own adapter, verified with its own
   * webhook secret; the path without a brand keeps the process-wide secrets.
   */
  webhookReceiver(path: string, brand?: string): (CardPaymentProvider | CryptoPaymentProvider) | null {
    if (brand !== undefined) return this.ownReceiver(path, brand);
    switch (path) {
      case 'sandbox':
        return this.sandbox;
      case 'stripe':
        return this.stripe;
      case 'square':
        return this.square;
      case 'crypto-com':
        return this.cryptoCom;
      default:
        return null;
    }
  }

  private ownReceiver(path: string, brand: string): (CardPaymentProvider | CryptoPaymentProvider) | null {
    const provider = OWN_WEBHOOK_PROVIDERS[path];
    if (!provider) return null;
    const own = provider === 'CRYPTO_DOT_COM' ? this.own.crypto(brand) : this.own.card(brand, provider);
    return own ?? null;
  }

  /**
   * The adapter that created a stored payment (by its `adapter` column and brand); null when it no
   * longer runs. A brand with its own keys for that provider settles with them.
   */
  byAdapter(adapter: string, brand?: string): CardPaymentProvider | null {
    const provider = adapter === 'stripe' ? 'STRIPE' : adapter === 'square' ? 'SQUARE' : null;
    const own = provider && brand !== undefined ? this.own.card(brand, provider) : undefined;
    if (own !== undefined) return own;
    switch (adapter) {
      case 'sandbox':
        return this.sandbox;
      case 'stripe':
        return this.stripe;
      case 'square':
        return this.square;
      default:
        return null;
    }
  }
}

/** Per-brand notification paths: the brand's own adapter for each provider path (none for the sandbox). */
const OWN_WEBHOOK_PROVIDERS: Record<string, PaymentProviderName> = { stripe: 'STRIPE', square: 'SQUARE', 'crypto-com': 'CRYPTO_DOT_COM' };

function unavailable(brand: string, provider: string): DomainError {
  return new DomainError('payment.provider.unavailable', providerUnavailableMessage(brand, provider), 'unavailable', { brand, provider });
}
