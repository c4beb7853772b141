import { Inject, Injectable } from '@nestjs/common';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { BrandPaymentSettingsFollower } from './brand-payment-settings.follower';
import type { PaymentProviderName } from './payments-config';
import { CryptoComPaymentProvider } from './providers/crypto-com-payment-provider';
import type { CardPaymentProvider, CryptoPaymentProvider } from './providers/payment-provider.port';
import { SandboxPaymentProvider } from './providers/sandbox-payment-provider';
import { SquarePaymentProvider } from './providers/square-payment-provider';
import { StripePaymentProvider } from './providers/stripe-payment-provider';

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
}

/**
 * Which adapter runs each provider: the real one when its keys are configured, else the sandbox
 * (one instance, shared, so a webhook finds the intents the sandbox created).
 */
@Injectable()
export class PaymentProviders {
  readonly sandbox: SandboxPaymentProvider;
  private readonly stripe: StripePaymentProvider | null;
  private readonly square: SquarePaymentProvider | null;
  private readonly cryptoCom: CryptoComPaymentProvider | null;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly followed: BrandPaymentSettingsFollower,
  ) {
    const tolerance = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS;
    this.sandbox = new SandboxPaymentProvider(config.SANDBOX_WEBHOOK_SECRET, tolerance);
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
    };
  }

  card(provider: 'SQUARE' | 'STRIPE'): CardPaymentProvider {
    if (provider === 'STRIPE') return this.stripe ?? this.sandbox;
    return this.square ?? this.sandbox;
  }

  crypto(): CryptoPaymentProvider {
    return this.cryptoCom ?? this.sandbox;
  }

  /** The adapter that receives a webhook path segment, or null when it is not configured. */
  webhookReceiver(path: string): (CardPaymentProvider | CryptoPaymentProvider) | null {
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

  /** The adapter that created a stored payment (by its `adapter` column). */
  byAdapter(adapter: string): CardPaymentProvider | null {
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
