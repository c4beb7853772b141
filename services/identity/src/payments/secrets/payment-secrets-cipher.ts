import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored layout version, so a later key rotation or algorithm can tell old rows apart. */
const FORMAT = 1;

/**
 * AES-256-GCM for the per-brand provider secrets (docs/payments.md "Per-brand secrets"). The stored
 * bytes are `format(1) | iv(12) | tag(16) | ciphertext`; the additional data binds a value to its
 * row (brand, provider, field), so a ciphertext copied to another brand's row does not decrypt.
 */
export function encryptSecret(key: Buffer, plaintext: string, binding: string): Buffer {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
}

/** The plaintext; throws when the key, the binding or the bytes do not match (tampered or wrong key). */
export function decryptSecret(key: Buffer, stored: Buffer, binding: string): string {
  assertKey(key);
  if (stored.length < 1 + IV_BYTES + TAG_BYTES || stored[0] !== FORMAT) throw new Error('unknown secret format');
  const iv = stored.subarray(1, 1 + IV_BYTES);
  const tag = stored.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(binding, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** What one encrypted value is bound to: its brand, provider and field. */
export function secretBinding(brand: string, provider: string, field: 'secretKey' | 'webhookSecret'): string {
  return `${brand}\u0000${provider}\u0000${field}`;
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new Error('PAYMENT_SECRETS_KEY must be 32 bytes');
}
