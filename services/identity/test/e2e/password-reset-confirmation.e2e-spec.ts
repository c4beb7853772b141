import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@trackside/contracts';
import { DEMO_PASSWORD } from '@trackside/identity-service';
import {
  codeIn,
  errorCode,
  errorMessage,
  IdentityTestApp,
  newAccount,
  pathOf,
  REGISTER,
  type GqlResult,
} from '../support/identity-test-app';

const MINUTE = 60_000;
const FORGOT = `mutation($email: String, $brand: String) { forgotPasswordBrand(email: $email, brand: $brand) { ok } }`;
const RESET = `mutation($password: String, $passwordConfirmation: String, $code: String) {
  resetPasswordBrand(password: $password, passwordConfirmation: $passwordConfirmation, code: $code) { jwt user { id email confirmed } }
}`;
const EXPIRED = 'Password reset token expired or invalid. Please reset your password again.';

describe('forgot and reset password, confirmation emails, change of password (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { RESET_CODE_TTL_MINUTES: '60', CONFIRMATION_CODE_TTL_HOURS: '48' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function registered(brand = 'trackside'): Promise<{ id: string; email: string; password: string }> {
    const account = newAccount();
    const result = await app.gql<{ registerUser: { user: { id: string } } }>(REGISTER, account, { brand });
    expect(result.errors).toBeUndefined();
    return { id: result.data!.registerUser.user.id, email: account.email, password: account.password };
  }

  async function resetCode(email: string, brand = 'trackside'): Promise<string> {
    const forgot = await app.gql(FORGOT, { email }, { brand });
    expect(forgot.data).toEqual({ forgotPasswordBrand: { ok: true } });
    return codeIn(await app.latestLink(email, 'reset-password', brand));
  }

  const reset = (code: string, password = 'Br4nd!new', passwordConfirmation = password, brand?: string) =>
    app.gql<{ resetPasswordBrand: { jwt: string; user: { id: string; email: string; confirmed: boolean } } }>(
      RESET,
      { password, passwordConfirmation, code },
      { brand },
    );

  function expectCode(result: GqlResult, code: keyof typeof AUTH_ERROR_MESSAGES, message = AUTH_ERROR_MESSAGES[code]): void {
    expect(errorCode(result)).toBe(code);
    expect(errorMessage(result)).toBe(message);
  }

  describe('forgotPasswordBrand', () => {
    it('checks the email, then answers ok whether or not the account exists', async () => {
      expectCode(await app.gql(FORGOT, { email: '' }), 'Auth.form.error.email.provide');
      expectCode(await app.gql(FORGOT, { email: 'nope' }), 'Auth.form.error.email.format', 'Please provide a valid email address.');
      const unknown = await app.gql(FORGOT, { email: 'nobody-here@example.test' });
      expect(unknown).toEqual({ data: { forgotPasswordBrand: { ok: true } } });
      expect(await app.emailsTo('nobody-here@example.test')).toEqual([]);

      const user = await registered();
      const known = await app.gql(FORGOT, { email: user.email.toUpperCase() });
      expect(known).toEqual(unknown);
      const [email] = await app.emailsTo(user.email, 'trackside', 'reset-password');
      expect(email).toMatchObject({ subject: 'Trackside: reset your password', status: 'captured' });
      expect(email!.text).toMatch(/http:\/\/web\.test\/reset-password\/[A-Za-z0-9_-]{43}/);
      expect(email!.text).toContain('expires in 60 minutes');
    });

    it('sends nothing to a blocked account, and still answers ok', async () => {
      const user = await registered();
      const staff = await app.staffToken();
      expect((await app.gql(`mutation($id: ID!) { blockUser(id: $id) { id } }`, { id: user.id }, { token: staff })).errors).toBeUndefined();
      expect((await app.gql(FORGOT, { email: user.email })).data).toEqual({ forgotPasswordBrand: { ok: true } });
      expect(await app.emailsTo(user.email, 'trackside', 'reset-password')).toEqual([]);
    });
  });

  describe('resetPasswordBrand', () => {
    it('sets the new password with a valid code, signs in, confirms the email and retires the code', async () => {
      const user = await registered();
      const code = await resetCode(user.email);
      const result = await reset(code);
      expect(result.errors).toBeUndefined();
      expect(result.data!.resetPasswordBrand.user).toMatchObject({ id: user.id, email: user.email, confirmed: true });
      expect(result.data!.resetPasswordBrand.jwt).toBeTruthy();
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.invalid');
      expect((await app.login(user.email, 'Br4nd!new')).errors).toBeUndefined();
      // Single use.
      expectCode(await reset(code, 'An0ther!pass'), 'Auth.form.error.code.provide', EXPIRED);
      expect((await app.login(user.email, 'Br4nd!new')).errors).toBeUndefined();
    });

    it('retires every other outstanding reset code once one is used', async () => {
      const user = await registered();
      const first = await resetCode(user.email);
      const second = await resetCode(user.email);
      expect(first).not.toBe(second);
      expect((await reset(second)).errors).toBeUndefined();
      expectCode(await reset(first, 'An0ther!pass'), 'Auth.form.error.code.provide');
    });

    it('refuses an expired code', async () => {
      const user = await registered();
      const code = await resetCode(user.email);
      app.clock.advance(61 * MINUTE);
      expectCode(await reset(code), 'Auth.form.error.code.provide', EXPIRED);
      // Nothing changed: the new password is refused, the old one still matches (unconfirmed account).
      expect(errorCode(await app.login(user.email, 'Br4nd!new'))).toBe('Auth.form.error.invalid');
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.confirmed');
    });

    it('checks the inputs before spending the code', async () => {
      const user = await registered();
      const code = await resetCode(user.email);
      expectCode(await reset(code, '', ''), 'Auth.form.error.params.provide', 'Incorrect params provided.');
      expectCode(await reset('', 'Br4nd!new'), 'Auth.form.error.params.provide');
      expectCode(await reset(code, 'Br4nd!new', 'Br4nd!neW'), 'Auth.form.error.password.matching', 'Passwords do not match.');
      expectCode(await reset(code, 'weakpass'), 'Auth.form.error.password.strength');
      expectCode(await reset(code, 'A$b$c$d$1'), 'Auth.form.error.password.format');
      expectCode(await reset('made-up-code-made-up-code-made-up-code-xx'), 'Auth.form.error.code.provide', EXPIRED);
      expectCode(await reset('short'), 'Auth.form.error.code.provide', EXPIRED);
      // None of that used the code up.
      expect((await reset(code)).errors).toBeUndefined();
    });

    it('accepts a code only on the brand it was issued for', async () => {
      const user = await registered('jewelry');
      const code = await resetCode(user.email, 'jewelry');
      expectCode(await reset(code, 'Br4nd!new', 'Br4nd!new', 'trackside'), 'Auth.form.error.code.provide');
      expect((await reset(code, 'Br4nd!new', 'Br4nd!new', 'jewelry')).errors).toBeUndefined();
    });

    it('stores only hashes of the codes', async () => {
      const user = await registered();
      const code = await resetCode(user.email);
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: app.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity.one_time_codes WHERE code_hash = $1`, [
          code,
        ]);
        expect(rows[0]!.n).toBe(0);
        const { rows: hashed } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM identity.one_time_codes WHERE code_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [code],
        );
        expect(hashed[0]!.n).toBe(1);
      } finally {
        await client.end();
      }
    });
  });

  describe('POST /auth/send-email-confirmation', () => {
    const resend = (body: unknown, brand?: string) =>
      app.rest<{ code?: string; message?: string; sent?: boolean; email?: string }>('POST', '/auth/send-email-confirmation', body, {
        brand,
      });

    it('answers the ids of spec 000 section 8', async () => {
      const missing = await resend({});
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ code: 'missing.email', message: 'Please provide your email.' });
      expect((await resend({ email: 'nope' })).body).toMatchObject({ code: 'wrong.email' });
      const confirmed = await resend({ email: 'seller@trackside.demo' });
      expect(confirmed.status).toBe(400);
      expect(confirmed.body).toMatchObject({ code: 'already.confirmed', message: 'Your account has already been confirmed.' });

      const user = await registered();
      const staff = await app.staffToken();
      await app.gql(`mutation($id: ID!) { blockUser(id: $id) { id } }`, { id: user.id }, { token: staff });
      expect((await resend({ email: user.email })).body).toMatchObject({
        code: 'blocked.user',
        message: 'Your account is blocked. Please contact support.',
      });
    });

    it('sends a new confirmation email whose link confirms, and answers an unknown address the same way', async () => {
      const user = await registered();
      const sent = await resend({ email: user.email.toUpperCase(), brand: 'trackside' });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ email: user.email, sent: true });
      const emails = await app.emailsTo(user.email, 'trackside', 'email-confirmation');
      expect(emails).toHaveLength(2);
      const unknown = await resend({ email: 'ghost-account@example.test' });
      expect(unknown).toMatchObject({ status: 200, body: { email: 'ghost-account@example.test', sent: true } });
      expect(await app.emailsTo('ghost-account@example.test')).toEqual([]);

      const newest = await app.latestLink(user.email, 'email-confirmation');
      expect((await app.rest('GET', pathOf(newest))).status).toBe(302);
      expect((await app.login(user.email, user.password)).errors).toBeUndefined();
    });

    it('refuses a brand in the body that contradicts the request', async () => {
      const mismatch = await resend({ email: 'seller@trackside.demo', brand: 'jewelry' });
      expect(mismatch.status).toBe(403);
      expect(mismatch.body).toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('GET /auth/email-confirmation', () => {
    it('refuses unknown, malformed and expired codes', async () => {
      for (const query of ['', '?confirmation=', '?confirmation=x', '?confirmation=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ']) {
        const result = await app.rest<{ code: string; message: string }>('GET', `/auth/email-confirmation${query}`);
        expect(result.status).toBe(400);
        expect(result.body).toMatchObject({ code: 'Auth.form.error.confirmation.invalid' });
      }
      const user = await registered();
      const link = await app.latestLink(user.email, 'email-confirmation');
      app.clock.advance(49 * 60 * MINUTE);
      expect((await app.rest('GET', pathOf(link))).status).toBe(400);
      expect(errorCode(await app.login(user.email, user.password))).toBe('Auth.form.error.confirmed');
    });
  });

  describe('PUT /users/changePassword', () => {
    it('needs a token, the current password and a valid new password', async () => {
      const anonymous = await app.rest('PUT', '/users/changePassword', { currentPassword: 'x', password: 'y', passwordConfirmation: 'y' });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body).toMatchObject({ code: 'FORBIDDEN' });

      const token = (await app.login('bidder2@jewelry.demo', DEMO_PASSWORD, { brand: 'jewelry' })).data!.loginUser.jwt;
      const change = (body: Record<string, unknown>) => app.rest('PUT', '/users/changePassword', body, { token, brand: 'jewelry' });
      expect((await change({ password: 'N3w!pass1', passwordConfirmation: 'N3w!pass1' })).body).toMatchObject({
        code: 'Auth.form.error.params.provide',
      });
      expect(
        (await change({ currentPassword: DEMO_PASSWORD, password: 'N3w!pass1', passwordConfirmation: 'N3w!pass2' })).body,
      ).toMatchObject({
        code: 'Auth.form.error.password.matching',
      });
      expect(
        (await change({ currentPassword: 'Wrong!pass1', password: 'N3w!pass1', passwordConfirmation: 'N3w!pass1' })).body,
      ).toMatchObject({
        code: 'Auth.form.error.currentPassword.invalid',
      });
      expect((await change({ currentPassword: DEMO_PASSWORD, password: 'weak', passwordConfirmation: 'weak' })).body).toMatchObject({
        code: 'Auth.form.error.password.strength',
      });
      const ok = await change({ currentPassword: DEMO_PASSWORD, password: 'N3w!pass1', passwordConfirmation: 'N3w!pass1' });
      expect(ok).toMatchObject({ status: 200, body: { ok: true } });
      expect(errorCode(await app.login('bidder2@jewelry.demo', DEMO_PASSWORD, { brand: 'jewelry' }))).toBe('Auth.form.error.invalid');
      expect((await app.login('bidder2@jewelry.demo', 'N3w!pass1', { brand: 'jewelry' })).errors).toBeUndefined();
    });
  });

  describe('resend cool-down', () => {
    let cooled: IdentityTestApp;
    beforeAll(async () => {
      cooled = await IdentityTestApp.create({ env: { EMAIL_RESEND_COOLDOWN_SECONDS: '60' } });
    });
    afterAll(async () => {
      await cooled?.close();
    });

    it('sends one confirmation and one reset email per minute and account, answering the same', async () => {
      const account = newAccount();
      expect((await cooled.gql(REGISTER, account)).errors).toBeUndefined();
      const resend = () => cooled.rest('POST', '/auth/send-email-confirmation', { email: account.email });
      expect(await resend()).toMatchObject({ status: 200, body: { sent: true } });
      expect(await cooled.emailsTo(account.email, 'trackside', 'email-confirmation')).toHaveLength(1);
      cooled.clock.advance(61_000);
      expect(await resend()).toMatchObject({ status: 200, body: { sent: true } });
      expect(await cooled.emailsTo(account.email, 'trackside', 'email-confirmation')).toHaveLength(2);

      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await cooled.gql(FORGOT, { email: account.email })).data).toEqual({ forgotPasswordBrand: { ok: true } });
      }
      expect(await cooled.emailsTo(account.email, 'trackside', 'reset-password')).toHaveLength(1);
    });
  });
});
