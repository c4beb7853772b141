import { describe, expect, it } from 'vitest';
import { HealthContributors, JsonLogger } from '@trackside/platform';
import { loadIdentityConfig } from '../config/identity-config';
import type { BrandPaymentSettingsFollower } from './brand-payment-settings.processor';
import { PaymentProviders } from './payment-providers.registry';
import { PaymentsHealth } from './payments-health';
import type { PaymentSecretsStore } from './secrets/payment-secrets.store';

/** A logger that keeps what it was asked to write. */
function recordingLogger(): { logger: JsonLogger; warnings: Array<{ msg: string; fields: unknown }> } {
  const warnings: Array<{ msg: string; fields: unknown }> = [];
  const logger = new JsonLogger('spec', 'error');
  const child = {
    warn: (msg: string, fields?: unknown) => warnings.push({ msg, fields }),
    info: () => {},
    error: () => {},
    debug: () => {},
  };
  (logger as unknown as { child: () => unknown }).child = () => child;
  return { logger, warnings };
}

function health(env: Record<string, string>) {
  const config = loadIdentityConfig({ JWT_SECRET: 'payments-health-spec-secret-0123456789abcdef', ...env });
  const followed = { of: () => ({}), knownBrands: () => ['jewelry'] } as unknown as BrandPaymentSettingsFollower;
  const { logger, warnings } = recordingLogger();
  const contributors = new HealthContributors();
  // No brand stored its own provider secrets (secrets/payment-secrets.store.ts).
  const noBrandSecrets = { of: () => null, brands: () => [] } as unknown as PaymentSecretsStore;
  const payments = new PaymentsHealth(new PaymentProviders(config, followed, noBrandSecrets), contributors, config, logger);
  payments.onApplicationBootstrap();
  return { warnings, contributors };
}

describe('payments health (fail closed, visibly)', () => {
  it('warns once per known brand that cannot pay and reports them as degraded', async () => {
    const { warnings, contributors } = health({ NODE_ENV: 'production', PAYMENT_BRAND_SETTINGS: '{"jewelry":{"stripeActive":true}}' });
    expect(warnings.map((warning) => warning.fields)).toEqual([
      { brand: 'jewelry', reason: 'Payments are unavailable for jewelry: STRIPE has no keys configured.' },
      { brand: 'trackside', reason: 'Payments are unavailable for trackside: SQUARE has no keys configured.' },
    ]);
    expect(await contributors.collect()).toMatchObject({ payments: { status: 'degraded', sandboxEnabled: false } });
  });

  it('warns loudly when production runs the sandbox', async () => {
    const { warnings, contributors } = health({ NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'true' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/PAYMENT_SANDBOX_ENABLED is on in production/);
    expect(await contributors.collect()).toMatchObject({
      payments: { status: 'ok', sandboxEnabled: true, brands: [{ brand: 'jewelry', adapter: 'sandbox' }, { brand: 'trackside' }] },
    });
  });

  it('does not count a brand that switched payments off as a fault', async () => {
    const { warnings, contributors } = health({ PAYMENT_SANDBOX_ENABLED: 'true', PAYMENT_BRAND_SETTINGS: '{"jewelry":{"disabled":true}}' });
    expect(warnings).toEqual([]);
    expect(await contributors.collect()).toMatchObject({ payments: { status: 'ok' } });
  });
});
