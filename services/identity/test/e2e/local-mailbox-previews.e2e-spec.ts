import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp } from '../support/identity-test-app';

/**
 * The local mailbox's previews (issue 23 "Branded emails"): every template with sample data for each
 * brand, outside production only (docs/decisions.md "Branded emails (issue 23)").
 */
describe('local mailbox previews (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders every template for each demo brand, uncached', async () => {
    const page = await app.rest<string>('GET', '/dev/mailbox/previews');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toContain('<h2>Trackside (trackside)</h2>');
    expect(page.body).toContain('(jewelry)</h2>');
    for (const template of ['email-confirmation', 'payment-receipt', 'max-bid-exceeded', 'directory-plan-ended']) {
      expect(page.body.split(`<summary>${template}: `).length, template).toBeGreaterThanOrEqual(3);
    }
    expect(page.body).toContain('background:#D7262B');
  });
});

describe('local mailbox previews in production (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not exist', async () => {
    const page = await app.rest<string>('GET', '/dev/mailbox/previews');
    expect(page.status).toBe(404);
    expect(String(page.body)).not.toContain('<summary>');
  });
});
