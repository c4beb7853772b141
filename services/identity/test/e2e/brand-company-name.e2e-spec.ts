import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_EVENTS, brandStreamId } from '@trackside/contracts';
import { eventually } from '@trackside/testing';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { IdentityTestApp, newAccount, REGISTER } from '../support/identity-test-app';

/**
 * Email subjects name the brand by its configured company name (issue 24 item 4): identity follows
 * the catalogue's `BrandProfileConfigured` and a jewelry email says "Trackside Jewelry", not the
 * brand key's "Jewelry". A brand without the event keeps the name made from its key.
 */
describe('brand company name in emails (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a jewelry confirmation email says "Trackside Jewelry" once the catalogue announced the name', async () => {
    const before = newAccount();
    expect((await app.gql(REGISTER, { ...before, brand: 'jewelry' }, { brand: 'jewelry' })).errors).toBeUndefined();
    const [old] = await app.emailsTo(before.email, 'jewelry', 'email-confirmation');
    expect(old!.subject).toBe('Jewelry: confirm your email address');

    // What the catalogue appends when the jewelry brand's companyName is saved.
    await app.service.app.get(IdentityEventStore).store.append(
      brandStreamId('jewelry'),
      [
        {
          type: BRAND_EVENTS.profileConfigured,
          data: { brand: 'jewelry', companyName: 'Trackside Jewelry' },
          metadata: { brand: 'jewelry', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );

    await eventually(
      async () => {
        const account = newAccount();
        expect((await app.gql(REGISTER, { ...account, brand: 'jewelry' }, { brand: 'jewelry' })).errors).toBeUndefined();
        const [email] = await app.emailsTo(account.email, 'jewelry', 'email-confirmation');
        expect(email!.subject).toBe('Trackside Jewelry: confirm your email address');
        expect(email!.text).toContain('Thank you for registering with Trackside Jewelry.');
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );

    const trackside = newAccount();
    expect((await app.gql(REGISTER, trackside)).errors).toBeUndefined();
    const [email] = await app.emailsTo(trackside.email, 'trackside', 'email-confirmation');
    expect(email!.subject).toBe('Trackside: confirm your email address');
  });
  it("draws a brand's emails in its announced colour and logo, and in the default look again once it is removed (issue 23)", async () => {
    const store = app.service.app.get(IdentityEventStore).store;
    const announce = (data: Record<string, unknown>) =>
      store.append(
        brandStreamId('jewelry'),
        [{ type: BRAND_EVENTS.profileConfigured, data, metadata: { brand: 'jewelry', occurredAt: new Date().toISOString() } }],
        { expectedVersion: 'any' },
      );
    const confirmationHtml = async (): Promise<string> => {
      const account = newAccount();
      expect((await app.gql(REGISTER, { ...account, brand: 'jewelry' }, { brand: 'jewelry' })).errors).toBeUndefined();
      const [email] = await app.emailsTo(account.email, 'jewelry', 'email-confirmation');
      return email!.html ?? '';
    };

    await announce({
      brand: 'jewelry',
      companyName: 'Trackside Jewelry',
      primaryColor: '#1E6B52',
      headerLogo: 'https://cdn.jewelry.test/logo.png',
    });
    await eventually(
      async () => {
        const html = await confirmationHtml();
        expect(html).toContain('background:#1E6B52');
        expect(html).toContain('<img src="https://cdn.jewelry.test/logo.png" alt="Trackside Jewelry"');
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );

    await announce({ brand: 'jewelry', companyName: 'Trackside Jewelry' });
    await eventually(
      async () => {
        const html = await confirmationHtml();
        expect(html).not.toContain('#1E6B52');
        expect(html).not.toContain('<img');
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
  });
});
