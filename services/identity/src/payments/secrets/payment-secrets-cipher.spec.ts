import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, secretBinding } from './payment-secrets-cipher';

describe('payment secrets cipher (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const binding = secretBinding('trackside', 'STRIPE', 'secretKey');

  it('round-trips, and the stored bytes do not contain the secret', () => {
    const stored = encryptSecret(key, 'sk_test_secretvalue4242', binding);
    expect(stored.includes(Buffer.from('sk_test_secretvalue4242'))).toBe(false);
    expect(stored.includes(Buffer.from('secretvalue'))).toBe(false);
    expect(decryptSecret(key, stored, binding)).toBe('sk_test_secretvalue4242');
  });

  it('uses a fresh IV per value, so equal secrets store differently', () => {
    expect(encryptSecret(key, 'same', binding).equals(encryptSecret(key, 'same', binding))).toBe(false);
  });

  it('refuses another key, another row binding and tampered bytes', () => {
    const stored = encryptSecret(key, 'sk_test_x', binding);
    expect(() => decryptSecret(randomBytes(32), stored, binding)).toThrow();
    expect(() => decryptSecret(key, stored, secretBinding('jewelry', 'STRIPE', 'secretKey'))).toThrow();
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 1] ^= 1;
    expect(() => decryptSecret(key, tampered, binding)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecret(randomBytes(16), 'x', binding)).toThrow('32 bytes');
  });
});
