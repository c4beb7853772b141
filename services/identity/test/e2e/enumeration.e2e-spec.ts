import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@trackside/contracts';
import { errorCode, errorMessage, IdentityTestApp, newAccount, REGISTER, type GqlResult } from '../support/identity-test-app';

// Issue 18, L6. The probe's reproduction: registerUser answers 'Email is already taken.' and
// send-email-confirmation answers already.confirmed / blocked.user, as the spec requires, with no
// limit, so a script could test any number of addresses. The texts stay; the attempts are limited
// per client address and per target email (docs/security.md, Account enumeration).

const FORGOT = `mutation($email: String) { forgotPasswordBrand(email: $email) { ok } }`;
const TOO_MANY = 'Auth.form.error.tooManyAttempts';

describe('account enumeration through registration, resend and forgot password (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    // The production defaults: 10 attempts per address and per email within 15 minutes.
    app = await IdentityTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  const register = (data: Record<string, unknown>, address?: string): Promise<GqlResult> => app.gql(REGISTER, data, { address });
  const resend = (email: string, address?: string) => app.rest('POST', '/auth/send-email-confirmation', { email }, { address });

  it("probe: the 11th registration attempt from one address within the window is refused with 429's message", async () => {
    const address = '198.51.100.61';
    // Probing a taken address ('Email is already taken.') counts like any other attempt.
    expect(errorCode(await register(newAccount({ email: 'bidder1@trackside.demo' }), address))).toBe('Auth.form.error.email.taken');
    for (let attempt = 2; attempt <= 10; attempt += 1) expect((await register(newAccount(), address)).errors).toBeUndefined();
    const refused = await register(newAccount({ email: 'bidder2@trackside.demo' }), address);
    expect(errorCode(refused)).toBe(TOO_MANY);
    expect(errorMessage(refused)).toBe(AUTH_ERROR_MESSAGES[TOO_MANY]);
    // Another address is not held.
    expect((await register(newAccount(), '198.51.100.62')).errors).toBeUndefined();
  });

  it('registration, resend and forgot password share the per-address count; the refusal is a 429 on REST too', async () => {
    const address = '198.51.100.63';
    for (let attempt = 0; attempt < 4; attempt += 1) await register(newAccount(), address);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await app.gql(FORGOT, { email: `n${attempt}@example.test` }, { address })).errors).toBeUndefined();
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await resend(`r${attempt}@example.test`, address)).status).toBe(200);
    const refused = await resend('bidder1@trackside.demo', address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: TOO_MANY, message: AUTH_ERROR_MESSAGES[TOO_MANY] });
    expect(errorCode(await app.gql(FORGOT, { email: 'bidder1@trackside.demo' }, { address }))).toBe(TOO_MANY);
  });

  it('probe from many addresses: the 11th resend or registration for one target email is refused', async () => {
    const target = 'bidder3@trackside.demo';
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await resend(target, `203.0.113.${attempt}`)).status).toBe(400);
    expect((await resend(target, '203.0.113.11')).body).toMatchObject({ code: TOO_MANY });
    expect(errorCode(await register(newAccount({ email: target }), '203.0.113.12'))).toBe(TOO_MANY);
  });

  it('resend answers an unknown email exactly like a sent one, and sends nothing to it', async () => {
    const known = newAccount();
    expect((await register(known)).errors).toBeUndefined();
    const unknown = 'nobody-here@example.test';
    const sent = await resend(known.email);
    const notSent = await resend(unknown);
    expect(sent.status).toBe(200);
    expect(notSent.status).toBe(sent.status);
    expect(notSent.body).toEqual({ email: unknown, sent: true });
    expect(sent.body).toEqual({ email: known.email, sent: true });
    expect(Object.keys(notSent.body as object)).toEqual(Object.keys(sent.body as object));
    // The unknown address's send was rehearsed and rolled back: no email, no code is left behind.
    expect(await app.emailsTo(unknown)).toEqual([]);
    expect((await app.emailsTo(known.email, 'trackside', 'email-confirmation')).length).toBeGreaterThan(0);
  });

  it('forgot password answers a known email (in any case) and an unknown one identically, and emails only the account', async () => {
    const unknown = 'nobody-else@example.test';
    const answers = await Promise.all(
      ['seller@trackside.demo', unknown, 'SELLER@trackside.demo'].map((email) => app.gql(FORGOT, { email })),
    );
    for (const answer of answers) expect(answer).toEqual({ data: { forgotPasswordBrand: { ok: true } } });
    expect(await app.emailsTo(unknown)).toEqual([]);
    expect((await app.emailsTo('seller@trackside.demo', 'trackside', 'reset-password')).length).toBeGreaterThan(0);
  });
});
