import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config';
import { baseConfigSchema } from '../config/base-config.schema';
import { resolveJwtSecret } from '../config/jwt-secret';
import { NO_PERMISSIONS, type AuthUser } from './auth-user';
import { signAccessToken, verifyAccessToken } from './jwt-tokens';

const user: AuthUser = {
  id: 'u-1',
  brand: 'trackside',
  email: 'bidder@example.test',
  username: 'bidder',
  confirmed: true,
  permissions: NO_PERMISSIONS,
  tokenVersion: 0,
};
const oldKey = 'o'.repeat(40);
const settings = (env: Record<string, string>) => ({ NODE_ENV: 'production' as const, DATA_DIR: '/nonexistent', ...env });

describe('rotating the token signing key', () => {
  it('accepts tokens of the previous key until they expire, and signs new ones with the new key', () => {
    const before = signAccessToken(user, oldKey, 3600);
    // What scripts/ops/rotate-jwt-secret.mjs prints for this key (its own spec covers it).
    const rotated = { JWT_SECRET: 'n'.repeat(40), JWT_PREVIOUS_SECRET: oldKey };
    const secret = resolveJwtSecret(settings(rotated));
    expect(secret).toBe(rotated.JWT_SECRET);
    expect(verifyAccessToken(before, secret).id).toBe('u-1');
    const after = signAccessToken(user, secret, 3600);
    expect(verifyAccessToken(after, secret).id).toBe('u-1');
    // The old key alone does not accept the new key's tokens: the new key really signs them.
    expect(() => verifyAccessToken(after, oldKey)).toThrow(/invalid signature/);
  });

  it('refuses an expired token of the previous key and tokens of any other key', () => {
    const current = 'c'.repeat(40);
    const secret = resolveJwtSecret(settings({ JWT_SECRET: current, JWT_PREVIOUS_SECRET: oldKey }));
    const expired = signAccessToken(user, oldKey, -10);
    expect(() => verifyAccessToken(expired, secret)).toThrow(/jwt expired/);
    const foreign = signAccessToken(user, 'f'.repeat(40), 3600);
    expect(() => verifyAccessToken(foreign, secret)).toThrow(/invalid signature/);
  });

  it('stops accepting the previous key once JWT_PREVIOUS_SECRET is removed', () => {
    const current = 'd'.repeat(40);
    const before = signAccessToken(user, oldKey, 3600);
    resolveJwtSecret(settings({ JWT_SECRET: current, JWT_PREVIOUS_SECRET: `${oldKey}, ${'e'.repeat(40)}` }));
    expect(verifyAccessToken(before, current).id).toBe('u-1');
    resolveJwtSecret(settings({ JWT_SECRET: current }));
    expect(() => verifyAccessToken(before, current)).toThrow(/invalid signature/);
  });

  it('validates JWT_PREVIOUS_SECRET as the other keys are validated', () => {
    expect(() => loadConfig(baseConfigSchema, { JWT_PREVIOUS_SECRET: `${oldKey},short` })).toThrow(/JWT_PREVIOUS_SECRET/);
    expect(loadConfig(baseConfigSchema, { JWT_PREVIOUS_SECRET: oldKey }).JWT_PREVIOUS_SECRET).toBe(oldKey);
  });
});
