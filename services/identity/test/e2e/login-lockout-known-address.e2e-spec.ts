import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@trackside/identity-service';
import { errorCode, IdentityTestApp } from '../support/identity-test-app';

// Issue 18, L5. The probe's reproduction: five wrong passwords for bidder1 sent from five different
// addresses locked the owner out for 15 minutes, even with the right password from their usual address.

describe('the account lock never holds a correct password from an address that signed in before (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
        LOGIN_FAILURE_WINDOW_SECONDS: '900',
        LOGIN_LOCKOUT_SECONDS: '900',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('probe: an attacker locking the account from elsewhere does not lock out the owner at home', async () => {
    const home = '192.0.2.10';
    expect((await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: home })).errors).toBeUndefined();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(errorCode(await app.login('bidder1@trackside.demo', 'Wrong!pass1', { address: `198.51.100.${attempt}` }))).toBe(
        'Auth.form.error.invalid',
      );
    }
    // A new address is held by the account's lock; the owner at home signs in (which clears it).
    expect(errorCode(await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: '203.0.113.99' }))).toBe(
      'Auth.form.error.rateLimit',
    );
    expect((await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: home })).errors).toBeUndefined();
  });

  it("an address known to one account is not known to another, and the address's own lock still applies", async () => {
    const shared = '192.0.2.20';
    expect((await app.login('bidder2@trackside.demo', DEMO_PASSWORD, { address: shared })).errors).toBeUndefined();
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await app.login('bidder3@trackside.demo', 'Wrong!pass1', { address: `198.51.101.${attempt}` });
    expect(errorCode(await app.login('bidder3@trackside.demo', DEMO_PASSWORD, { address: shared }))).toBe('Auth.form.error.rateLimit');
    // Eight failures from the known address lock the address itself, for every account.
    for (let attempt = 0; attempt < 8; attempt += 1) await app.login(`nobody${attempt}@example.test`, 'Wrong!pass1', { address: shared });
    expect(errorCode(await app.login('bidder2@trackside.demo', DEMO_PASSWORD, { address: shared }))).toBe('Auth.form.error.rateLimit');
  });
});
