import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../../config/identity-config';
import type { BrandPaymentSettingsFollower } from '../brand-payment-settings.processor';
import { PaymentProviders } from '../payment-providers.registry';
import { CryptoComPaymentProvider } from '../providers/crypto-com-payment-provider';
import { SandboxPaymentProvider } from '../providers/sandbox-payment-provider';
import { StripePaymentProvider } from '../providers/stripe-payment-provider';
import type { BrandProviderSecrets, PaymentSecretsStore } from './payment-secrets.store';

/** A store holding the given rows ("<brand>/<provider>" → secrets), changeable between calls. */
function fakeStore(rows: Record<string, BrandProviderSecrets>) {
  return {
    rows,
    of: (brand: string, provider: string) => rows[`${brand}/${provider}`] ?? null,
    brands: () => [...new Set(Object.keys(rows).map((id) => id.split('/')[0]!))],
  };
}

function registry(env: Record<string, string>, rows: Record<string, BrandProviderSecrets>) {
  const config = loadIdentityConfig({ JWT_SECRET: 'brand-adapters-spec-secret-0123456789abcdef', ...env });
  const followed = { of: (brand: string) => (brand === 'jewelry' ? { stripeActive: true } : {}), knownBrands: () => [] };
  const store = fakeStore(rows);
  const providers = new PaymentProviders(
    config,
    followed as unknown as BrandPaymentSettingsFollower,
    store as unknown as PaymentSecretsStore,
  );
  return { providers, store };
}

const own = (secretKey: string | null, version = 'v1', webhookSecret: string | null = null): BrandProviderSecrets => ({
  secretKey,
  webhookSecret,
  version,
  unreadable: false,
});

describe('payment provider registry with per-brand secrets', () => {
  it("uses the brand's own Stripe adapter, one instance until its secrets change", () => {
    const { providers, store } = registry({ NODE_ENV: 'production' }, { 'jewelry/STRIPE': own('sk_test_jewelry_own_key_0001') });
    const first = providers.card(providers.settings('jewelry'));
    expect(first).toBeInstanceOf(StripePaymentProvider);
    expect(providers.card(providers.settings('jewelry'))).toBe(first);
    expect(providers.availability('jewelry')).toEqual({ available: true, message: null, adapter: 'stripe' });

    store.rows['jewelry/STRIPE'] = own('sk_test_jewelry_own_key_0002', 'v2');
    expect(providers.card(providers.settings('jewelry'))).not.toBe(first);
  });

  it('keeps other brands on the env keys, then the sandbox, else fails closed naming the brand', () => {
    const sandboxed = registry({ PAYMENT_SANDBOX_ENABLED: 'true' }, { 'jewelry/STRIPE': own('sk_test_jewelry_own_key_0001') });
    expect(sandboxed.providers.card(sandboxed.providers.settings('trackside'))).toBeInstanceOf(SandboxPaymentProvider);

    const closed = registry({ NODE_ENV: 'production' }, { 'jewelry/STRIPE': own('sk_test_jewelry_own_key_0001') });
    expect(() => closed.providers.card(closed.providers.settings('trackside'))).toThrow(
      'Payments are unavailable for trackside: SQUARE has no keys configured.',
    );
  });

  it('prefers the brand’s key over the process-wide one, and fails closed when the stored key cannot be read', () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_platform_env_key_0001' };
    const { providers, store } = registry(env, { 'jewelry/STRIPE': own('sk_test_jewelry_own_key_0001') });
    const brandAdapter = providers.card(providers.settings('jewelry'));
    const platform = registry(env, {}).providers.card(providers.settings('jewelry'));
    expect(brandAdapter).not.toBe(platform);
    expect(providers.byAdapter('stripe', 'jewelry')).toBe(brandAdapter);

    store.rows['jewelry/STRIPE'] = { ...own(null, 'v3'), unreadable: true };
    expect(() => providers.card(providers.settings('jewelry'))).toThrow(
      'Payments are unavailable for jewelry: STRIPE has no keys configured.',
    );
  });

  it('a webhook secret alone does not make a brand adapter; the brand webhook path needs the brand’s keys', () => {
    const { providers } = registry(
      { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_platform_env_key_0001', STRIPE_WEBHOOK_SECRET: 'whsec_env' },
      { 'jewelry/STRIPE': own(null, 'v1', 'whsec_only') },
    );
    expect(providers.webhookReceiver('stripe', 'jewelry')).toBeNull();
    expect(providers.webhookReceiver('stripe')).toBeInstanceOf(StripePaymentProvider);
    expect(providers.webhookReceiver('sandbox', 'jewelry')).toBeNull();
  });

  it('runs Crypto.com Pay with the brand’s own key', () => {
    const { providers } = registry({ NODE_ENV: 'production' }, { 'trackside/CRYPTO_DOT_COM': own('crypto_own_key_0001') });
    expect(providers.crypto('trackside')).toBeInstanceOf(CryptoComPaymentProvider);
    expect(providers.cryptoRuns('trackside')).toBe(true);
    expect(providers.cryptoRuns('jewelry')).toBe(false);
    expect(providers.knownBrands()).toContain('trackside');
  });
});
