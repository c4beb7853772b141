import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@trackside/identity-service';
import { errorCode, errorMessage, IdentityTestApp } from '../support/identity-test-app';

const MINUTE = 60_000;

describe('login lock-out per account and per address (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
        LOGIN_FAILURE_WINDOW_SECONDS: '900',
        LOGIN_LOCKOUT_SECONDS: '600',
        // Locks are progressive (issue 18, L5; login-throttle.spec.ts): this file pins the first to the full lock-out.
        LOGIN_FIRST_LOCKOUT_SECONDS: '600',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const fail = (email: string, address: string) => app.login(email, 'Wrong!pass1', { address });

  it('locks an account after five failures, even for the right password, until the lock-out ends', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      // Different addresses: the account's own counter is what locks.
      expect(errorCode(await fail('bidder1@trackside.demo', `10.0.0.${attempt}`))).toBe('Auth.form.error.invalid');
    }
    const locked = await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: '10.0.1.1' });
    expect(errorCode(locked)).toBe('Auth.form.error.rateLimit');
    expect(errorMessage(locked)).toBe('Your account has had too many failed login attempts. Please wait a few minutes.');
    // Another account from the same addresses is not affected.
    expect((await app.login('bidder2@trackside.demo', DEMO_PASSWORD, { address: '10.0.0.1' })).errors).toBeUndefined();
    // The same email on another brand is another account.
    expect((await app.login('bidder1@jewelry.demo', DEMO_PASSWORD, { brand: 'jewelry', address: '10.0.1.1' })).errors).toBeUndefined();

    app.clock.advance(9 * MINUTE);
    expect(errorCode(await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: '10.0.1.1' }))).toBe('Auth.form.error.rateLimit');
    app.clock.advance(2 * MINUTE);
    expect((await app.login('bidder1@trackside.demo', DEMO_PASSWORD, { address: '10.0.1.1' })).errors).toBeUndefined();
  });

  it('forgets failures outside the window and after a successful sign-in', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await fail('bidder2@trackside.demo', '10.1.0.1');
    app.clock.advance(16 * MINUTE);
    for (let attempt = 0; attempt < 4; attempt += 1) await fail('bidder2@trackside.demo', '10.1.0.2');
    expect((await app.login('bidder2@trackside.demo', DEMO_PASSWORD, { address: '10.1.0.3' })).errors).toBeUndefined();
    for (let attempt = 0; attempt < 4; attempt += 1) await fail('bidder2@trackside.demo', '10.1.0.4');
    expect((await app.login('bidder2@trackside.demo', DEMO_PASSWORD, { address: '10.1.0.5' })).errors).toBeUndefined();
  });

  it('locks an address that fails across many accounts, without locking those accounts elsewhere', async () => {
    const address = '203.0.113.7';
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect(errorCode(await fail(`someone${attempt}@example.test`, address))).toBe('Auth.form.error.invalid');
    }
    expect(errorCode(await app.login('seller@trackside.demo', DEMO_PASSWORD, { address }))).toBe('Auth.form.error.rateLimit');
    expect((await app.login('seller@trackside.demo', DEMO_PASSWORD, { address: '198.51.100.1' })).errors).toBeUndefined();
  });

  it('does not lump requests without a forwarded address into one address', async () => {
    // Behind the gateway every request comes from its address; without X-Forwarded-For there is no
    // client address to count, so only the accounts lock.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(errorCode(await app.login(`nobody${attempt}@example.test`, 'Wrong!pass1'))).toBe('Auth.form.error.invalid');
    }
    expect((await app.login('seller@jewelry.demo', DEMO_PASSWORD, { brand: 'jewelry' })).errors).toBeUndefined();
  });

  it('locks unknown emails the same way as real accounts, so the lock reveals nothing', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await fail('ghost@example.test', `10.2.0.${attempt}`);
    expect(errorCode(await fail('ghost@example.test', '10.2.1.1'))).toBe('Auth.form.error.rateLimit');
  });

  it('counts wrong current passwords of PUT /users/changePassword towards the lock-out', async () => {
    const token = (await app.login('bidder3@trackside.demo', DEMO_PASSWORD, { address: '10.3.0.1' })).data!.loginUser.jwt;
    const change = (currentPassword: string) =>
      app.rest(
        'PUT',
        '/users/changePassword',
        { currentPassword, password: 'N3w!password', passwordConfirmation: 'N3w!password' },
        { token, address: '10.3.0.1' },
      );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await change('Guess!1234');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'Auth.form.error.currentPassword.invalid' });
    }
    const locked = await change(DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'Auth.form.error.rateLimit' });
    expect(errorCode(await app.login('bidder3@trackside.demo', DEMO_PASSWORD, { address: '10.3.0.2' }))).toBe('Auth.form.error.rateLimit');
  });
});
