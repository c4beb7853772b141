import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp, newAccount, pathOf, REGISTER, type EmailMessage } from '../support/identity-test-app';
import { waitUntil } from '@trackside/testing';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Quoted-printable soft breaks and escapes, so links in the raw message can be read. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** How long the polls below wait for the service to catch up, and how often they look. */
const WAIT = { timeoutMs: 5000, intervalMs: 25 };

describe('email outbox delivered over SMTP (e2e, real SMTP server, PostgreSQL)', () => {
  let smtp: SMTPServer;
  let app: IdentityTestApp;
  const received: Received[] = [];
  let rejectRecipients = 0;
  const logins: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(auth.username ?? '');
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(_address: SMTPServerAddress, _session, callback) {
        if (rejectRecipients > 0) {
          rejectRecipients -= 1;
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    app = await IdentityTestApp.create({
      env: {
        SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
        EMAIL_FROM: 'Trackside <no-reply@trackside.test>',
        EMAIL_DISPATCH_INTERVAL_MS: '50',
        EMAIL_RETRY_BASE_MS: '60000',
        EMAIL_MAX_ATTEMPTS: '3',
        CONTACT_EMAIL: 'inbox@trackside.test',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  const outbox = async (to: string, template: string): Promise<EmailMessage | undefined> =>
    (await app.emailsTo(to, 'trackside', template))[0];

  it('delivers the confirmation email through the SMTP server, then keeps no body', async () => {
    const account = newAccount();
    expect((await app.gql(REGISTER, account)).errors).toBeUndefined();
    const message = await waitUntil(
      async () => received.find((item) => item.to.includes(account.email)),
      (item) => item !== undefined,
      WAIT,
    );
    expect(logins).toContain('mailer');
    expect(message!.from).toBe('no-reply@trackside.test');
    const decoded = decodeQuotedPrintable(message!.raw);
    expect(decoded).toContain('Subject: Trackside: confirm your email address');
    expect(decoded).toContain('Content-Type: text/html');
    const link = /http:\/\/web\.test\/auth\/email-confirmation\?confirmation=[A-Za-z0-9_-]+/.exec(decoded)![0];

    const row = await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.status === 'sent',
      WAIT,
    );
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      text: null,
      html: null,
      lastError: null,
      from: 'Trackside <no-reply@trackside.test>',
    });
    expect(row!.sentAt).not.toBeNull();

    expect((await app.rest('GET', pathOf(link))).status).toBe(302);
    expect((await app.login(account.email, account.password)).errors).toBeUndefined();
  });

  it('delivers a contact form to the brand’s inbox with the sender as Reply-To', async () => {
    const answer = await app.rest('POST', '/email', {
      template: 'CONTACT_US',
      subject: 'Question about a lot',
      'v:name': 'Ada Smtp',
      'v:email': 'ada.smtp@example.test',
      'v:message': 'Is the car still available?',
    });
    expect(answer.status).toBe(200);
    const message = await waitUntil(
      async () => received.find((item) => item.to.includes('inbox@trackside.test')),
      (item) => item !== undefined,
      WAIT,
    );
    expect(message!.from).toBe('no-reply@trackside.test');
    const decoded = decodeQuotedPrintable(message!.raw);
    expect(decoded).toContain('Reply-To: ada.smtp@example.test');
    expect(decoded).toContain('Subject: Trackside: Contact us - Question about a lot');
    expect(decoded).toContain('Is the car still available?');
  });

  it('retries a delivery the server refused, after the back-off', async () => {
    const account = newAccount();
    rejectRecipients = 1;
    expect((await app.gql(REGISTER, account)).errors).toBeUndefined();
    const failedOnce = await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.attempts === 1,
      WAIT,
    );
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failedOnce!.lastError).toContain('Mailbox busy');
    // The body is kept until it is delivered.
    expect(failedOnce!.text).toContain('/auth/email-confirmation?confirmation=');
    expect(received.some((item) => item.to.includes(account.email))).toBe(false);

    app.clock.advance(61_000);
    const sent = await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.status === 'sent',
      WAIT,
    );
    expect(sent).toMatchObject({ attempts: 2, lastError: null, text: null });
    expect(received.filter((item) => item.to.includes(account.email))).toHaveLength(1);
  });

  it('gives up after the last attempt and says why', async () => {
    const account = newAccount();
    rejectRecipients = 3;
    expect((await app.gql(REGISTER, account)).errors).toBeUndefined();
    await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.attempts === 1,
      WAIT,
    );
    app.clock.advance(61_000);
    await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.attempts === 2,
      WAIT,
    );
    app.clock.advance(121_000);
    const failed = await waitUntil(
      () => outbox(account.email, 'email-confirmation'),
      (email) => email?.status === 'failed',
      WAIT,
    );
    expect(failed).toMatchObject({ attempts: 3 });
    expect(failed!.lastError).toContain('451');
    app.clock.advance(10 * 60_000);
    // A deliberate pause, not a wait for a condition: it gives the outbox time to (wrongly) retry a failed email.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outbox(account.email, 'email-confirmation'))!.attempts).toBe(3);
    expect(received.some((item) => item.to.includes(account.email))).toBe(false);
  });
});
