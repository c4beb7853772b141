import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp, newAccount, pathOf, REGISTER } from '../support/identity-test-app';

/** The email's page address and the first link in a mailbox page's text. */
const EMAIL_ROW = (subject: string) => new RegExp(`<a href="(/dev/mailbox/[0-9a-f-]{36})">${subject}</a>`);
const LINK = /<a href="(http:\/\/web\.test\/auth\/email-confirmation\?confirmation=[^"]+)">/;

/**
 * The local mailbox (issue 24 item 24; docs/decisions.md "Local mailbox"): outside production the
 * outbox's emails are readable as web pages at /dev/mailbox, so a local user can follow their
 * confirmation link; in production the path answers 404.
 */
describe('local mailbox (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the confirmation email, shows it with its link, and the link confirms the account', async () => {
    const account = newAccount();
    const registered = await app.gql(REGISTER, account);
    expect(registered.errors).toBeUndefined();

    const list = await app.rest<string>('GET', '/dev/mailbox');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('text/html');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body).toContain(account.email);
    const emailPath = EMAIL_ROW('Trackside: confirm your email address').exec(list.body)?.[1];
    expect(emailPath).toBeDefined();

    const shown = await app.rest<string>('GET', emailPath!);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain(`<dd>${account.email}</dd>`);
    expect(shown.body).toContain(`${emailPath}/html`);
    const link = LINK.exec(shown.body)?.[1];
    expect(link).toBeDefined();

    const html = await app.rest<string>('GET', `${emailPath}/html`);
    expect(html.status).toBe(200);
    expect(html.body).toContain('Confirm my email');

    const confirmed = await app.rest('GET', pathOf(link!.replace(/&#38;/g, '&')));
    expect([301, 302, 303]).toContain(confirmed.status);
    const login = await app.login(account.email, account.password);
    expect(login.errors).toBeUndefined();
    expect(login.data!.loginUser.jwt).toBeTruthy();
  });

  it('answers 404 for an unknown or malformed email id', async () => {
    expect((await app.rest('GET', '/dev/mailbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await app.rest('GET', '/dev/mailbox/not-an-id')).status).toBe(404);
  });
});

describe('local mailbox in production (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not exist: the list and an email answer 404 even after an email was written', async () => {
    const account = newAccount();
    expect((await app.gql(REGISTER, account)).errors).toBeUndefined();
    const [email] = await app.emailsTo(account.email);
    expect(email).toBeDefined();
    const list = await app.rest<string>('GET', '/dev/mailbox');
    expect(list.status).toBe(404);
    expect(String(list.body)).not.toContain(account.email);
    expect((await app.rest('GET', `/dev/mailbox/${email!.id}`)).status).toBe(404);
    expect((await app.rest('GET', `/dev/mailbox/${email!.id}/html`)).status).toBe(404);
  });
});
