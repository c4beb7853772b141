import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_ERROR_MESSAGES, CONTACT_ERROR_MESSAGES } from '@trackside/contracts';
import { DEMO_PASSWORD, demoEmail } from '@trackside/identity-service';
import { eventually } from '../../../auction/test/support/auction-test-app';
import { IdentityTestApp } from '../support/identity-test-app';

interface Answer {
  ok?: boolean;
  message?: string;
  code?: string;
  email?: string;
}

const SUBSCRIBERS = `{ newsletterSubscribers(limit: 50) { count subscribers { email name } } }`;

/** POST /email (contact forms, partner inquiry, email the seller) and POST /subscribe, spec 000 sections 5, 7 and 8. */
describe('contact forms, email the seller and newsletter (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let address = 0;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        CONTACT_EMAIL: 'hello@trackside.test',
        BRAND_CONTACT_EMAILS: 'jewelry=desk@jewels.test',
        CONTACT_MAX_PER_HOUR: '5',
        // The limit counts in PostgreSQL by wall time (rate-limiter-flexible): a short window instead of an hour.
        CONTACT_LIMIT_WINDOW_SECONDS: '3',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Each test its own client address, so the per-address limit only bites where it is tested. */
  const nextAddress = (): string => `198.51.100.${(address += 1)}`;

  async function post(path: string, body: unknown, options: { brand?: string; token?: string; address?: string } = {}) {
    return app.rest<Answer>('POST', path, body, { address: nextAddress(), ...options });
  }

  it('sends the contact-us forms to the brand’s inbox with the sender as Reply-To, and answers the spec’s text', async () => {
    const answer = await post('/email', {
      to: 'someone-else@example.test',
      from: 'Ada <ada.contact@example.test>',
      subject: 'Selling my car',
      template: 'CONTACT_US',
      'o:tag': 'contact-us',
      'v:name': 'Ada Lovelace',
      'v:email': 'ada.contact@example.test',
      'v:phone': '555 0100',
      'v:reason': 'Selling',
      'v:message': 'I would like to sell <b>my</b> car.',
      brand: 'trackside',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      message: 'Thank you for reaching out to Trackside. We will try to get back to you as soon as possible.',
    });
    const [email] = await app.emailsTo('hello@trackside.test', 'trackside', 'contact-us');
    expect(email).toMatchObject({ to: 'hello@trackside.test', replyTo: 'ada.contact@example.test', tag: 'contact-us', status: 'captured' });
    expect(email!.subject).toBe('Trackside: Contact us - Selling my car');
    expect(email!.text).toContain('Name: Ada Lovelace');
    expect(email!.text).toContain('Reason: Selling');
    expect(email!.html).toContain('&#60;b&#62;my&#60;/b&#62;');
    // The client's `to` is never used: the forms cannot mail arbitrary addresses.
    expect(await app.emailsTo('someone-else@example.test')).toEqual([]);

    const dealer = await post('/email', { template: 'CONTACT_US_DEALER', subject: 'Dealer', 'v:name': 'Bo', 'v:email': 'bo@example.test' });
    expect(dealer.body.ok).toBe(true);
    const partnerType = await post('/email', {
      template: 'CONTACT_US_PARTNER',
      'v:name': 'Cy',
      'v:email': 'cy@example.test',
      'v:reason': 'Ads',
    });
    expect(partnerType.body.ok).toBe(true);
    const templates = (await app.emailsTo('hello@trackside.test')).map((sent) => sent.template);
    expect(templates).toEqual(expect.arrayContaining(['contact-us', 'contact-us-dealer', 'contact-us-partner']));

    const jewelry = await post(
      '/email',
      { template: 'CONTACT_US', subject: 'Ring', 'v:name': 'Di', 'v:email': 'di@example.test' },
      { brand: 'jewelry' },
    );
    expect(jewelry.body.message).toBe('Thank you for reaching out to Jewelry. We will try to get back to you as soon as possible.');
    expect((await app.emailsTo('desk@jewels.test', 'jewelry'))[0]).toMatchObject({ template: 'contact-us', replyTo: 'di@example.test' });
  });

  it('checks the contact form: name, a valid email and a reason, with the spec’s messages', async () => {
    const base = { template: 'CONTACT_US', subject: 'Hi', 'v:name': 'Ada', 'v:email': 'ada@example.test' };
    const cases: Array<[Record<string, unknown>, keyof typeof CONTACT_ERROR_MESSAGES]> = [
      [{ ...base, 'v:name': ' ' }, 'contact.name.provide'],
      [{ ...base, 'v:email': '' }, 'contact.email.provide'],
      [{ ...base, 'v:email': 'ada@' }, 'contact.email.format'],
      [{ ...base, subject: '' }, 'contact.reason.provide'],
      [{ ...base, template: 'reset-password' }, 'contact.template.invalid'],
      [{ ...base, 'v:message': 'x'.repeat(5001) }, 'contact.field.tooLong'],
    ];
    for (const [body, code] of cases) {
      const answer = await post('/email', body);
      expect(answer.status, code).toBe(400);
      expect(answer.body).toMatchObject({ code, message: CONTACT_ERROR_MESSAGES[code] });
    }
    expect(CONTACT_ERROR_MESSAGES['contact.name.provide']).toBe('Please enter in your name');
    expect(CONTACT_ERROR_MESSAGES['contact.email.format']).toBe('Please enter in a valid email');
    const wrongBrand = await post('/email', { ...base, brand: 'jewelry' }, { brand: 'trackside' });
    expect(wrongBrand.status).toBe(403);
  });

  it('takes the partner inquiry with its rules and success message', async () => {
    const base = {
      template: 'PARTNER_INQUIRY',
      'v:name': 'Eve',
      'v:email': 'eve@example.test',
      'v:phoneNumber': '555 0199',
      'v:businessName': 'Eve Racing',
      'v:businessWebsite': 'https://eve.example.test',
    };
    const answer = await post('/email', base);
    expect(answer.body).toEqual({ ok: true, message: 'We will look into your inquiry shortly.' });
    const [email] = await app.emailsTo('hello@trackside.test', 'trackside', 'partner-inquiry');
    expect(email!.text).toContain('Business name: Eve Racing');
    expect(email!.replyTo).toBe('eve@example.test');

    const cases: Array<[Record<string, unknown>, keyof typeof CONTACT_ERROR_MESSAGES, string]> = [
      [{ ...base, 'v:name': '' }, 'contact.name.provide', 'Please enter in your name'],
      [{ ...base, 'v:email': '' }, 'contact.email.provide', 'Please enter in your email'],
      [{ ...base, 'v:email': 'eve' }, 'contact.email.format', 'Please enter in a valid email'],
      [{ ...base, 'v:phoneNumber': '' }, 'contact.phoneNumber.provide', 'Please enter in your phone number'],
      [{ ...base, 'v:businessName': '' }, 'contact.businessName.provide', 'Please enter in your business name'],
    ];
    for (const [body, code, message] of cases) expect((await post('/email', body)).body).toMatchObject({ code, message });
  });

  it('limits the forms per client address and window (an hour by default)', async () => {
    const from = nextAddress();
    const body = { template: 'CONTACT_US', subject: 'Hi', 'v:name': 'Flo', 'v:email': 'flo@example.test' };
    for (let i = 0; i < 5; i += 1) expect((await post('/email', body, { address: from })).status).toBe(200);
    const limited = await post('/email', body, { address: from });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'contact.rateLimit' });
    expect((await post('/email', body, { address: nextAddress() })).status).toBe(200);
    // Once the address's window has passed, it may send again.
    await eventually(
      async () => (await post('/email', body, { address: from })).status,
      (status) => status === 200,
      6000,
    );
  });

  it('emails a seller (template general) for signed-in users only, never revealing who has an account', async () => {
    const general = {
      to: demoEmail('trackside', 'seller'),
      from: 'ignored@example.test',
      subject: 'Your Porsche',
      template: 'general',
      'v:header': 'About your lot',
      'v:content': 'Is it still available?',
      'v:contactPhone': '555 0123',
    };
    const anonymous = await post('/email', general);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'email.login.required', message: 'Must be logged in to send email.' });

    const token = (await app.login(demoEmail('trackside', 'bidder1'), DEMO_PASSWORD)).data!.loginUser.jwt;
    expect((await post('/email', { ...general, subject: '' }, { token })).body).toMatchObject({
      code: 'email.subject.required',
      message: COMMENT_ERROR_MESSAGES['email.subject.required'],
    });
    expect((await post('/email', { ...general, 'v:content': '' }, { token })).body).toMatchObject({ code: 'email.body.required' });

    const sent = await post('/email', general, { token });
    expect(sent.body).toEqual({ ok: true, message: 'Email sent' });
    const [email] = await app.emailsTo(demoEmail('trackside', 'seller'), 'trackside', 'email-seller');
    expect(email).toMatchObject({ replyTo: demoEmail('trackside', 'bidder1'), subject: 'Trackside: Your Porsche' });
    expect(email!.text).toContain('Is it still available?');
    expect(email!.text).toContain('Phone: 555 0123');

    // An address without an account gets the same answer and no email.
    const stranger = await post('/email', { ...general, to: 'nobody-here@example.test' }, { token });
    expect(stranger.body).toEqual({ ok: true, message: 'Email sent' });
    expect(await app.emailsTo('nobody-here@example.test')).toEqual([]);
  });

  it('subscribes to the newsletter once per email, with the spec’s error otherwise', async () => {
    const first = await post('/subscribe', { email: ' News.Reader@Example.test ', fields: { name: 'Reader' }, brand: 'trackside' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, email: 'news.reader@example.test' });
    const message = 'An error occured when trying to subscribe. The provided email may be subscribed already or looks fake.';
    const again = await post('/subscribe', { email: 'news.reader@example.test', fields: { name: 'Reader' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'newsletter.subscribe.error', message });
    expect((await post('/subscribe', { email: 'not an email' })).body).toMatchObject({ code: 'newsletter.subscribe.error', message });
    expect((await post('/subscribe', {})).body).toMatchObject({ code: 'newsletter.subscribe.error' });
    // Another brand has its own list.
    expect((await post('/subscribe', { email: 'news.reader@example.test' }, { brand: 'jewelry' })).status).toBe(200);

    const staff = { token: await app.staffToken('trackside'), brand: 'trackside' };
    const listed = await app.gql<{ newsletterSubscribers: { count: number; subscribers: Array<{ email: string; name: string }> } }>(
      SUBSCRIBERS,
      {},
      staff,
    );
    expect(listed.data!.newsletterSubscribers).toEqual({ count: 1, subscribers: [{ email: 'news.reader@example.test', name: 'Reader' }] });
    const bidder = (await app.login(demoEmail('trackside', 'bidder1'), DEMO_PASSWORD)).data!.loginUser.jwt;
    expect((await app.gql(SUBSCRIBERS, {}, { token: bidder })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
