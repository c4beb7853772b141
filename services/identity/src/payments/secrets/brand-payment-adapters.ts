import type { IdentityConfig } from '../../config/identity-config';
import type { PaymentProviderName } from '../payments-config';
import { CryptoComPaymentProvider } from '../providers/crypto-com-payment-provider';
import type { CardPaymentProvider, CryptoPaymentProvider } from '../providers/payment-provider.port';
import { SquarePaymentProvider } from '../providers/square-payment-provider';
import { StripePaymentProvider } from '../providers/stripe-payment-provider';
import type { PaymentSecretsStore } from './payment-secrets.store';

type Adapter = CardPaymentProvider | CryptoPaymentProvider;

/**
 * Adapters built from a brand's own secrets (docs/payments.md "Per-brand secrets"), one instance
 * per brand and provider, cached until the stored secrets change. Answers undefined when the brand
 * has no secret key of its own for the provider (the registry then uses the process-wide keys or
 * the sandbox), and null when it has one that cannot be decrypted (that brand fails closed rather
 * than charge through the platform's own account).
 */
export class BrandPaymentAdapters {
  private readonly cache = new Map<string, { version: string; adapter: Adapter }>();

  constructor(
    private readonly store: PaymentSecretsStore,
    private readonly config: IdentityConfig,
  ) {}

  card(brand: string, provider: 'STRIPE' | 'SQUARE'): CardPaymentProvider | null | undefined {
    return this.adapter(brand, provider) as CardPaymentProvider | null | undefined;
  }

  crypto(brand: string): CryptoPaymentProvider | null | undefined {
    return this.adapter(brand, 'CRYPTO_DOT_COM') as CryptoPaymentProvider | null | undefined;
  }

  /** Brands whose own secrets are stored (start-up warnings, health). */
  brands(): string[] {
    return this.store.brands();
  }

  private adapter(brand: string, provider: PaymentProviderName): Adapter | null | undefined {
    const secrets = this.store.of(brand, provider);
    if (!secrets) return undefined;
    if (secrets.unreadable) return null;
    if (!secrets.secretKey) return undefined;
    const id = `${brand}/${provider}`;
    const cached = this.cache.get(id);
    if (cached?.version === secrets.version) return cached.adapter;
    const adapter = this.build(brand, provider, secrets.secretKey, secrets.webhookSecret);
    this.cache.set(id, { version: secrets.version, adapter });
    return adapter;
  }

  private build(brand: string, provider: PaymentProviderName, secretKey: string, webhookSecret: string | null): Adapter {
    const config = this.config;
    const toleranceSeconds = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS;
    switch (provider) {
      case 'STRIPE':
        return new StripePaymentProvider({ secretKey, webhookSecret, apiUrl: config.STRIPE_API_URL ?? null, toleranceSeconds });
      case 'SQUARE':
        return new SquarePaymentProvider({
          accessToken: secretKey,
          environment: config.SQUARE_ENVIRONMENT,
          apiUrl: config.SQUARE_API_URL ?? null,
          locationId: config.SQUARE_LOCATION_ID ?? null,
          webhookSignatureKey: webhookSecret,
          // Square signs the notification URL too: the brand's own path (/webhooks/payment/square/<brand>).
          webhookUrl: config.SQUARE_WEBHOOK_URL ? `${config.SQUARE_WEBHOOK_URL.replace(/\/$/, '')}/${brand}` : null,
        });
      case 'CRYPTO_DOT_COM':
        return new CryptoComPaymentProvider({ secretKey, webhookSecret, apiUrl: config.CRYPTO_COM_API_URL, toleranceSeconds });
    }
  }
}
