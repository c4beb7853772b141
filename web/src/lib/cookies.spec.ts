import { describe, expect, it } from 'vitest';
import { cookieText } from './cookies';

// Issue 18, L11: the probe saw the session fallback cookie (a bearer token) set without Secure on https.
describe('cookieText', () => {
  const expires = new Date('2026-01-31T00:00:00.000Z');

  it('marks the cookie Secure over https', () => {
    expect(cookieText('trackside.token', 'a b', expires, 'https:')).toBe(
      'trackside.token=a%20b; expires=Sat, 31 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax; Secure',
    );
  });

  it('leaves Secure out over plain http (a local server), where a browser would drop the cookie', () => {
    expect(cookieText('seen', '1', expires, 'http:')).toBe('seen=1; expires=Sat, 31 Jan 2026 00:00:00 GMT; path=/; SameSite=Lax');
  });
});
