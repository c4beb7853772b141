import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptPreviousSecrets } from '../auth/jwt-tokens';
import type { BaseConfig } from './base-config.schema';
import { ConfigError } from './load-config';

/**
 * The signing key: JWT_SECRET when set (required in production). In development a random key is
 * created once under DATA_DIR so tokens survive restarts, and never a built-in constant that
 * would let anyone forge identities.
 */
export function resolveJwtSecret(
  config: Pick<BaseConfig, 'JWT_SECRET' | 'NODE_ENV' | 'DATA_DIR'> & { JWT_PREVIOUS_SECRET?: string },
): string {
  const secret = currentSecret(config);
  // Verification everywhere goes through verifyAccessToken(token, secret): registering the previous
  // keys with the current one lets every service accept them without another parameter.
  acceptPreviousSecrets(secret, previousJwtSecrets(config.JWT_PREVIOUS_SECRET));
  return secret;
}

/** The keys listed in JWT_PREVIOUS_SECRET (comma-separated, blanks ignored). */
export function previousJwtSecrets(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}

function currentSecret(config: Pick<BaseConfig, 'JWT_SECRET' | 'NODE_ENV' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') throw new ConfigError(['JWT_SECRET: required in production']);
  const file = join(config.DATA_DIR, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
