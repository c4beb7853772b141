import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePaymentSecretsKey } from './payment-secrets-key';

describe('resolvePaymentSecretsKey', () => {
  it('decodes PAYMENT_SECRETS_KEY (32 bytes, base64) and refuses another length', () => {
    const key = randomBytes(32);
    expect(
      resolvePaymentSecretsKey({ PAYMENT_SECRETS_KEY: key.toString('base64'), NODE_ENV: 'production', DATA_DIR: '/nonexistent' }),
    ).toEqual(key);
    expect(() =>
      resolvePaymentSecretsKey({ PAYMENT_SECRETS_KEY: randomBytes(16).toString('base64'), NODE_ENV: 'test', DATA_DIR: '/x' }),
    ).toThrow('32 bytes');
  });

  it('has no key in production without the setting (never a built-in one)', () => {
    expect(resolvePaymentSecretsKey({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'pay-key-')) })).toBeNull();
  });

  it('creates one development key per data directory and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-key-'));
    const first = resolvePaymentSecretsKey({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first).toHaveLength(32);
    expect(resolvePaymentSecretsKey({ NODE_ENV: 'development', DATA_DIR: dir })).toEqual(first);
    expect(Buffer.from(readFileSync(join(dir, 'payment-secrets-key'), 'utf8').trim(), 'base64')).toEqual(first);
    expect(statSync(join(dir, 'payment-secrets-key')).mode & 0o077).toBe(0);
    const other = resolvePaymentSecretsKey({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(join(tmpdir(), 'pay-key-')) });
    expect(other).not.toEqual(first);
  });
});
