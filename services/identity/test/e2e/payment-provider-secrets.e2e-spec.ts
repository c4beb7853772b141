import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, signAccessToken, type StaffPermissions } from '@trackside/platform';
import { errorCode, IdentityTestApp, TEST_JWT_SECRET, type GqlResult } from '../support/identity-test-app';
import { demoToken } from '../support/payments-support';

const SECRETS = `{ paymentProviderSecrets { provider secretKeySet secretKeyMasked webhookSecretSet webhookSecretMasked updatedAt updatedBy updatedByName } }`;
const UPDATE = `mutation($provider: String!, $secretKey: String, $webhookSecret: String) {
  updatePaymentProviderSecrets(provider: $provider, secretKey: $secretKey, webhookSecret: $webhookSecret) {
    provider secretKeySet secretKeyMasked webhookSecretSet webhookSecretMasked updatedAt updatedBy updatedByName
  }
}`;

const STRIPE_KEY = 'sk_test_jewelryOwnStripeKey0000004242';
const WEBHOOK = 'whsec_jewelryOwnWebhookSecret00009876';

interface Masked {
  provider: string;
  secretKeySet: boolean;
  secretKeyMasked: string | null;
  webhookSecretSet: boolean;
  webhookSecretMasked: string | null;
  updatedByName: string | null;
}

function staffWith(brand: string, permissions: Partial<StaffPermissions>): string {
  const id = randomUUID();
  return signAccessToken(
    {
      id,
      brand,
      email: `${id.slice(0, 8)}@example.test`,
      username: 'cms-staff',
      confirmed: true,
      permissions: { ...NO_PERMISSIONS, ...permissions },
    },
    TEST_JWT_SECRET,
    3600,
  );
}

/**
 * Per-brand payment provider secrets (issue 16 payment section, issue 17 fail closed;
 * docs/payments.md "Per-brand secrets"): write-only over GraphQL, encrypted at rest, the registry
 * running the brand's own adapter, per-brand notification paths. No Stripe server is called: the
 * adapter choice shows in /payment/settings and notifications are signed with the Stripe library's
 * test header.
 */
describe('payment provider secrets per brand (e2e, sandbox off)', () => {
  let app: IdentityTestApp;
  let pool: pg.Pool;
  let jewelryStaff: string;

  const gql = async <T>(query: string, variables: Record<string, unknown>, token = jewelryStaff, brand = 'jewelry') =>
    (await app.gql<T>(query, variables, { token, brand })) as GqlResult<T>;
  const update = (variables: Record<string, unknown>, token?: string) =>
    gql<{ updatePaymentProviderSecrets: Masked }>(UPDATE, variables, token);

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        PAYMENT_SANDBOX_ENABLED: 'false',
        PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ jewelry: { stripeActive: true } }),
      },
    });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    jewelryStaff = await app.staffToken('jewelry');
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  it('fails closed naming the brand and provider while neither brand nor process keys exist', async () => {
    const answer = await app.rest('POST', '/payment/settings', { brand: 'jewelry' }, { brand: 'jewelry' });
    expect(answer.body).toMatchObject({
      available: false,
      adapter: null,
      message: 'Payments are unavailable for jewelry: STRIPE has no keys configured.',
    });
    const intent = await app.rest(
      'POST',
      '/payment/setup-intent',
      { brand: 'jewelry' },
      { token: await demoToken(app, 'seller', 'jewelry'), brand: 'jewelry' },
    );
    expect(intent).toMatchObject({
      status: 503,
      body: { code: 'payment.provider.unavailable', message: 'Payments are unavailable for jewelry: STRIPE has no keys configured.' },
    });
  });

  it('stores the secrets write-only: answers show masks, never the values', async () => {
    const result = await update({ provider: 'STRIPE', secretKey: STRIPE_KEY, webhookSecret: WEBHOOK });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updatePaymentProviderSecrets).toMatchObject({
      provider: 'STRIPE',
      secretKeySet: true,
      secretKeyMasked: 'sk_test_…4242',
      webhookSecretSet: true,
      webhookSecretMasked: 'whsec_…9876',
      updatedByName: 'staff',
    });
    const listed = await gql<{ paymentProviderSecrets: Masked[] }>(SECRETS, {});
    expect(listed.data!.paymentProviderSecrets.map((row) => [row.provider, row.secretKeySet])).toEqual([
      ['SQUARE', false],
      ['STRIPE', true],
      ['CRYPTO_DOT_COM', false],
    ]);
    for (const text of [JSON.stringify(result), JSON.stringify(listed)]) {
      expect(text).not.toContain('jewelryOwnStripeKey');
      expect(text).not.toContain('jewelryOwnWebhookSecret');
    }
    // Another brand's staff see their own (empty) secrets only.
    const trackside = await gql<{ paymentProviderSecrets: Masked[] }>(SECRETS, {}, await app.staffToken('trackside'), 'trackside');
    expect(trackside.data!.paymentProviderSecrets.every((row) => !row.secretKeySet && !row.webhookSecretSet)).toBe(true);
  });

  it('keeps only ciphertext at rest: no stored byte sequence or text contains the secret', async () => {
    const { rows } = await pool.query<{ secret_key_enc: Buffer; webhook_secret_enc: Buffer; whole: string }>(
      `SELECT secret_key_enc, webhook_secret_enc, s::text AS whole FROM identity.payment_provider_secrets s WHERE brand = 'jewelry' AND provider = 'STRIPE'`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.secret_key_enc.length).toBeGreaterThan(STRIPE_KEY.length);
    for (const needle of ['jewelryOwnStripeKey', 'jewelryOwnWebhookSecret']) {
      expect(row.secret_key_enc.includes(Buffer.from(needle))).toBe(false);
      expect(row.webhook_secret_enc.includes(Buffer.from(needle))).toBe(false);
      expect(row.whole).not.toContain(needle);
      expect(row.whole).not.toContain(Buffer.from(needle).toString('hex'));
    }
  });

  it("runs the brand's own Stripe adapter; the other brand still fails closed naming itself", async () => {
    const jewelry = await app.rest('POST', '/payment/settings', { brand: 'jewelry' }, { brand: 'jewelry' });
    expect(jewelry.body).toMatchObject({ available: true, adapter: 'stripe', provider: 'STRIPE' });
    const trackside = await app.rest('POST', '/payment/settings', { brand: 'trackside' });
    expect(trackside.body).toMatchObject({
      available: false,
      message: 'Payments are unavailable for trackside: SQUARE has no keys configured.',
    });
    const health = await app.rest<{ checks: { payments: { brands: Array<{ brand: string; adapter: string | null }> } } }>('GET', '/health');
    expect(health.body.checks.payments.brands).toEqual(
      expect.arrayContaining([expect.objectContaining({ brand: 'jewelry', available: true, adapter: 'stripe' })]),
    );
  });

  it("verifies the brand's notification path with the brand's own webhook secret", async () => {
    const deliver = async (path: string, secret: string) => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_unknown_to_us', object: 'payment_intent' } },
      });
      const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
      const response = await fetch(`${app.service.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await deliver('/webhooks/payment/stripe/jewelry', WEBHOOK)).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver('/webhooks/payment/stripe/jewelry', 'whsec_forged_secret')).toMatchObject({
      status: 400,
      body: { code: 'payment.webhook.signature' },
    });
    // No brand secret for trackside, and no process-wide secret on the old path.
    expect(await deliver('/webhooks/payment/stripe/trackside', WEBHOOK)).toMatchObject({
      status: 400,
      body: { code: 'payment.webhook.signature' },
    });
    expect(await deliver('/webhooks/payment/stripe', WEBHOOK)).toMatchObject({ status: 400, body: { code: 'payment.webhook.signature' } });
  });

  it('refuses a card number, spaces and an unknown provider, naming only the field', async () => {
    const card = await update({ provider: 'STRIPE', secretKey: '4242 4242 4242 4242' });
    expect(errorCode(card)).toBe('payment.card.rawNumber');
    expect(JSON.stringify(card)).not.toContain('4242 4242');
    expect(errorCode(await update({ provider: 'STRIPE', webhookSecret: 'whsec_two words' }))).toBe('payment.secrets.validation');
    expect(errorCode(await update({ provider: 'PAYPAL', secretKey: 'x' }))).toBe('payment.provider.notConfigured');
    const listed = await gql<{ paymentProviderSecrets: Masked[] }>(SECRETS, {});
    expect(listed.data!.paymentProviderSecrets.find((row) => row.provider === 'STRIPE')).toMatchObject({
      secretKeyMasked: 'sk_test_…4242',
    });
  });

  it('lets superAdmin and websiteEnabled staff in, and refuses everyone else', async () => {
    const website = staffWith('jewelry', { websiteEnabled: true });
    expect((await gql(SECRETS, {}, website)).errors).toBeUndefined();
    for (const token of [
      staffWith('jewelry', { auctionEnabled: true, manageUsers: true, manageHomepage: true }),
      await demoToken(app, 'bidder1', 'jewelry'),
    ]) {
      expect(errorCode(await gql(SECRETS, {}, token))).toBe('FORBIDDEN');
      expect(errorCode(await update({ provider: 'STRIPE', secretKey: '' }, token))).toBe('FORBIDDEN');
    }
    // Signed out: the platform's guard answers FORBIDDEN for staff operations.
    expect(errorCode(await app.gql(SECRETS, {}, { brand: 'jewelry' }))).toBe('FORBIDDEN');
  });

  it('keeps the secrets across a restart, and an empty string clears them back to fail closed', async () => {
    await app.restart();
    jewelryStaff = await app.staffToken('jewelry');
    const after = await app.rest('POST', '/payment/settings', { brand: 'jewelry' }, { brand: 'jewelry' });
    expect(after.body).toMatchObject({ available: true, adapter: 'stripe' });

    const keepWebhook = await update({ provider: 'STRIPE', secretKey: '' });
    expect(keepWebhook.data!.updatePaymentProviderSecrets).toMatchObject({
      secretKeySet: false,
      secretKeyMasked: null,
      webhookSecretSet: true,
    });
    const cleared = await update({ provider: 'STRIPE', webhookSecret: '' });
    expect(cleared.data!.updatePaymentProviderSecrets).toMatchObject({ secretKeySet: false, webhookSecretSet: false });
    const { rows } = await pool.query(`SELECT 1 FROM identity.payment_provider_secrets WHERE brand = 'jewelry'`);
    expect(rows).toHaveLength(0);
    const closed = await app.rest('POST', '/payment/settings', { brand: 'jewelry' }, { brand: 'jewelry' });
    expect(closed.body).toMatchObject({
      available: false,
      message: 'Payments are unavailable for jewelry: STRIPE has no keys configured.',
    });
  });
});

describe('payment secrets in production need PAYMENT_SECRETS_KEY (e2e)', () => {
  it('refuses to start when secrets are stored and no key is configured', async () => {
    const seeded = await IdentityTestApp.create({ env: { PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64') } });
    try {
      const result = await seeded.gql(
        UPDATE,
        { provider: 'SQUARE', secretKey: 'EAAAsquareAccessToken000000001' },
        { token: await seeded.staffToken() },
      );
      expect(result.errors).toBeUndefined();
      await seeded.service.close();
      await expect(
        IdentityTestApp.create({ databaseUrl: seeded.databaseUrl, env: { NODE_ENV: 'production', PAYMENT_SANDBOX_ENABLED: 'false' } }),
      ).rejects.toThrow('PAYMENT_SECRETS_KEY');
    } finally {
      await seeded.close().catch(() => undefined);
    }
  });
});
