import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, type AuthUser } from './auth-user';
import { MAX_TOKEN_LIFETIME_SECONDS, signAccessToken, verifyAccessToken } from './jwt-tokens';

const SECRET = 'a-test-secret-that-is-long-enough-000';
const user: AuthUser = {
  id: '11111111-1111-4111-8111-111111111111',
  brand: 'trackside',
  email: 'a@b.test',
  username: 'someone',
  confirmed: true,
  permissions: { ...NO_PERMISSIONS },
};
const claims = { sub: user.id, brand: user.brand, email: user.email, username: user.username, confirmed: true };
const now = () => Math.floor(Date.now() / 1000);

/** Signs arbitrary claims with the shared key, as someone holding the key (or a buggy issuer) could. */
function forge(payload: Record<string, unknown>, options: jwt.SignOptions = {}): string {
  return jwt.sign(payload, SECRET, { algorithm: 'HS256', issuer: 'trackside-identity', ...options });
}

describe('access tokens (issue 18, L12: exp and iat required, lifetime capped)', () => {
  it('accepts a token identity issues, with its token version', () => {
    expect(verifyAccessToken(signAccessToken(user, SECRET, 3600), SECRET)).toMatchObject({ id: user.id, tokenVersion: 0 });
    expect(verifyAccessToken(signAccessToken({ ...user, tokenVersion: 3 }, SECRET, 3600), SECRET).tokenVersion).toBe(3);
  });

  it('probe: a signed token without exp is refused (it was accepted as never expiring)', () => {
    expect(() => verifyAccessToken(forge(claims), SECRET)).toThrow(/missing exp/);
  });

  it('refuses a signed token without iat', () => {
    const token = forge({ ...claims, exp: now() + 3600 }, { noTimestamp: true });
    expect(() => verifyAccessToken(token, SECRET)).toThrow(/iat/);
  });

  it('refuses a lifetime above the cap, even while young', () => {
    const token = forge(claims, { expiresIn: MAX_TOKEN_LIFETIME_SECONDS + 60 });
    expect(() => verifyAccessToken(token, SECRET)).toThrow(/lifetime above the cap/);
  });

  it('refuses a token whose iat is older than the cap and one issued in the future', () => {
    const old = forge({ ...claims, iat: now() - MAX_TOKEN_LIFETIME_SECONDS - 10, exp: now() + 60 });
    expect(() => verifyAccessToken(old, SECRET)).toThrow(/Invalid token/);
    const future = forge({ ...claims, iat: now() + 3600, exp: now() + 7200 });
    expect(() => verifyAccessToken(future, SECRET)).toThrow(/future/);
  });

  it('ignores a malformed token version claim', () => {
    expect(verifyAccessToken(forge({ ...claims, tv: 'x' }, { expiresIn: 60 }), SECRET).tokenVersion).toBe(0);
  });
});
