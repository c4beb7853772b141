import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PaymentSecretsKeySettings {
  PAYMENT_SECRETS_KEY?: string;
  NODE_ENV: string;
  DATA_DIR: string;
}

/**
 * The AES-256 key of the per-brand provider secrets: PAYMENT_SECRETS_KEY (32 bytes, base64) when
 * set. In production there is no other (null: storing a secret is refused, and start-up fails when
 * secrets are stored). Elsewhere a random key is created once under DATA_DIR, like the JWT secret
 * (libs/platform/src/config/jwt-secret.ts), never a built-in constant. Only called when a secret is
 * stored or read, so a service that never stores one writes no key file.
 */
export function resolvePaymentSecretsKey(config: PaymentSecretsKeySettings): Buffer | null {
  if (config.PAYMENT_SECRETS_KEY) return decodeKey(config.PAYMENT_SECRETS_KEY);
  if (config.NODE_ENV === 'production') return null;
  const file = join(config.DATA_DIR, 'payment-secrets-key');
  try {
    const existing = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (existing.length === 32) return existing;
  } catch {
    // first use: create it below
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}

/** 32 bytes from base64 (or base64url); anything else is a configuration error. */
export function decodeKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (key.length !== 32) throw new Error('PAYMENT_SECRETS_KEY must be 32 bytes, base64 encoded');
  return key;
}
