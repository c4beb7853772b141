import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random code for a link in an email (URL-safe, 43 characters). */
export function newSecretCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the code: a lookup by hash finds it, a leaked table reveals no code. */
export function hashSecretCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

const CODE_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export function isWellFormedCode(code: unknown): code is string {
  return typeof code === 'string' && CODE_PATTERN.test(code);
}
