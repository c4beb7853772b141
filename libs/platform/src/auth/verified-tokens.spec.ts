import { describe, expect, it, vi } from 'vitest';
import { NO_PERMISSIONS, type AuthUser } from './auth-user';
import { InvalidTokenError, signAccessToken, verifyAccessToken } from './jwt-tokens';
import { VerifiedTokens } from './verified-tokens';

const SECRET = 'verified-tokens-spec-secret-0123456789abcdef';
const user: AuthUser = {
  id: 'u1',
  brand: 'trackside',
  email: 'u1@x.test',
  username: 'u1',
  confirmed: true,
  permissions: { ...NO_PERMISSIONS },
};

function counting(): { verify: typeof verifyAccessToken; calls: () => number } {
  let calls = 0;
  return {
    verify: (token, secret) => {
      calls += 1;
      return verifyAccessToken(token, secret);
    },
    calls: () => calls,
  };
}

describe('VerifiedTokens', () => {
  it('verifies a token once and answers copies of its user until it expires', () => {
    const token = signAccessToken(user, SECRET, 600);
    const probe = counting();
    let now = Date.now();
    const tokens = new VerifiedTokens(SECRET, { verify: probe.verify, now: () => now });
    const first = tokens.verify(token);
    first.permissions.superAdmin = true; // the account-status check updates permissions in place
    const second = tokens.verify(token);
    expect(second).toMatchObject({ id: 'u1', brand: 'trackside', confirmed: true });
    expect(second.permissions.superAdmin).toBe(false);
    expect(probe.calls()).toBe(1);
    now += 601_000; // past exp: verified again (and the verifier decides)
    tokens.verify(token);
    expect(probe.calls()).toBe(2);
  });

  it('keeps no refusal: a forged token is refused every time', () => {
    const probe = counting();
    const tokens = new VerifiedTokens(SECRET, { verify: probe.verify });
    const forged = signAccessToken(user, 'another-secret-0123456789abcdefghijklmnop', 600);
    expect(() => tokens.verify(forged)).toThrow(InvalidTokenError);
    expect(() => tokens.verify(forged)).toThrow(InvalidTokenError);
    expect(probe.calls()).toBe(2);
  });

  it('refuses a cached token once the real clock passes its exp', () => {
    vi.useFakeTimers({ now: Date.now() });
    try {
      const token = signAccessToken(user, SECRET, 60);
      const tokens = new VerifiedTokens(SECRET);
      expect(tokens.verify(token).id).toBe('u1');
      vi.setSystemTime(Date.now() + 61_000);
      expect(() => tokens.verify(token)).toThrow(InvalidTokenError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most its capacity, dropping the oldest token first', () => {
    const probe = counting();
    const tokens = new VerifiedTokens(SECRET, { verify: probe.verify, capacity: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((id) => signAccessToken({ ...user, id }, SECRET, 600));
    for (const token of [a!, b!, c!]) tokens.verify(token);
    tokens.verify(c!);
    tokens.verify(b!);
    expect(probe.calls()).toBe(3);
    tokens.verify(a!);
    expect(probe.calls()).toBe(4);
  });
});
