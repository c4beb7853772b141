import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AccountStatusCache } from '../auth/account-status';
import { NO_PERMISSIONS } from '../auth/auth-user';
import { signAccessToken } from '../auth/jwt-tokens';
import type { PlatformRequest } from './platform-request';
import { createRequestContextMiddleware } from './request-context.middleware';

const SECRET = 'a-test-secret-that-is-long-enough-000';
const id = '11111111-1111-4111-8111-111111111111';
const staffToken = signAccessToken(
  { id, brand: 'trackside', email: '', username: 'staff', confirmed: true, permissions: { ...NO_PERMISSIONS, superAdmin: true } },
  SECRET,
  600,
);

function run(accounts: AccountStatusCache): PlatformRequest {
  const middleware = createRequestContextMiddleware({ jwtSecret: SECRET, defaultBrand: 'trackside', hosts: new Map(), accounts });
  const req = { headers: { authorization: `Bearer ${staffToken}` } } as unknown as PlatformRequest;
  const res = { setHeader: () => undefined } as unknown as ServerResponse;
  middleware(req, res, () => undefined);
  return req;
}

/** Issue 18, M1: every request's user has the account's current flags, even where no guard runs (federation references). */
describe('request context with the account follower', () => {
  it('replaces the token’s permission claims by the current flags', () => {
    const accounts = new AccountStatusCache();
    expect(run(accounts).trackside!.user!.permissions.superAdmin).toBe(true);
    accounts.apply({ type: 'UserPermissionsChanged', data: { userId: id, brand: 'trackside', permissions: {} } });
    expect(run(accounts).trackside!.user!.permissions).toEqual(NO_PERMISSIONS);
  });

  it('gives a refused token no flags at all (the guard then answers why)', () => {
    const accounts = new AccountStatusCache();
    accounts.apply({ type: 'UserTokensRevoked', data: { userId: id, brand: 'trackside', tokenVersion: 1 } });
    expect(run(accounts).trackside!.user!.permissions).toEqual(NO_PERMISSIONS);
  });
});
