import { describe, expect, it } from 'vitest';
import { loadAllInOneConfig } from './all-in-one-config';

const BASE = { JWT_SECRET: 'all-in-one-config-spec-secret-0123456789-abcdef' };

/** The embedded default runs the payment sandbox outside production only (docs/payments.md). */
describe('all-in-one payment defaults', () => {
  it('enables the sandbox and the demo brand’s Crypto.com Pay unless NODE_ENV=production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = loadAllInOneConfig({ ...BASE, NODE_ENV });
      expect(config.PAYMENT_SANDBOX_ENABLED).toBe(true);
      expect(config.PAYMENT_BRAND_SETTINGS).toEqual({ trackside: { cryptoEnabled: true } });
    }
    expect(loadAllInOneConfig({ ...BASE, NODE_ENV: 'production' }).PAYMENT_SANDBOX_ENABLED).toBe(false);
  });

  it('keeps what the environment says', () => {
    expect(loadAllInOneConfig({ ...BASE, NODE_ENV: 'development', PAYMENT_SANDBOX_ENABLED: 'false' }).PAYMENT_SANDBOX_ENABLED).toBe(false);
    expect(loadAllInOneConfig({ ...BASE, NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'true' }).PAYMENT_SANDBOX_ENABLED).toBe(true);
    expect(loadAllInOneConfig({ ...BASE, PAYMENT_BRAND_SETTINGS: '{}' }).PAYMENT_BRAND_SETTINGS).toEqual({});
    expect(loadAllInOneConfig(BASE).SANDBOX_WEBHOOK_SECRET).toBeUndefined();
  });
});
