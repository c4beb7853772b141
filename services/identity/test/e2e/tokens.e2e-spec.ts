import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, demoUserId } from '@trackside/identity-service';
import { errorCode, errorMessage, IdentityTestApp, TEST_JWT_SECRET } from '../support/identity-test-app';

const ME = `{ meFull { id email } }`;

/** Spec 000 part 3 and "Bad input": tokens are signed, expire, and forged or foreign ones are refused everywhere in identity. */
describe('access tokens (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;
  const bidder = demoUserId('trackside', 'bidder1');
  const claims = { sub: bidder, brand: 'trackside', email: demoEmail('trackside', 'bidder1'), username: 'bidder1', confirmed: true };

  beforeAll(async () => {
    app = await IdentityTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function refused(token: string, brand = 'trackside'): Promise<void> {
    const graph = await app.gql(ME, {}, { token, brand });
    expect(errorCode(graph)).toBe('UNAUTHENTICATED');
    expect(errorMessage(graph)).toBe('Invalid token.');
    const rest = await app.rest(
      'PUT',
      '/users/changePassword',
      { currentPassword: 'x', password: 'y', passwordConfirmation: 'y' },
      { token, brand },
    );
    expect(rest.status).toBe(401);
    expect(rest.body).toMatchObject({ message: 'Invalid token.' });
  }

  it('issues HS256 tokens that expire, for the brand they were asked on', async () => {
    const login = await app.login(demoEmail('trackside', 'bidder1'), DEMO_PASSWORD);
    const token = login.data!.loginUser.jwt;
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string };
    const payload = jwt.decode(token) as { sub: string; brand: string; iat: number; exp: number };
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: bidder, brand: 'trackside' });
    expect(payload.exp).toBeGreaterThan(payload.iat);
    expect(JSON.stringify(payload)).not.toContain(DEMO_PASSWORD);
    expect((await app.gql(ME, {}, { token })).data).toEqual({ meFull: { id: bidder, email: demoEmail('trackside', 'bidder1') } });
  });

  it('refuses expired, forged, unsigned, foreign-issuer and other-brand tokens with "Invalid token."', async () => {
    const options = { algorithm: 'HS256' as const, issuer: 'trackside-identity' };
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET, options);
    await refused(expired);
    await refused(jwt.sign(claims, 'another-secret-another-secret-another-secret', { ...options, expiresIn: 600 }));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, iss: 'trackside-identity', exp: Math.floor(Date.now() / 1000) + 600 }),
    ).toString('base64url')}.`;
    await refused(unsigned);
    await refused(jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256', issuer: 'someone-else', expiresIn: 600 }));
    await refused('not-a-token');
    // A valid trackside token used on another brand.
    await refused(jwt.sign(claims, TEST_JWT_SECRET, { ...options, expiresIn: 600 }), 'jewelry');
    // Permission claims cannot be added without the key.
    const [head, body] = jwt.sign(claims, TEST_JWT_SECRET, { ...options, expiresIn: 600 }).split('.');
    const elevated = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(body!, 'base64url').toString()) as object), perms: { superAdmin: true } }),
    ).toString('base64url');
    await refused(`${head}.${elevated}.${jwt.sign(claims, TEST_JWT_SECRET, options).split('.')[2]}`);
  });
});
