import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp } from '../support/identity-test-app';
import {
  auctionPackage,
  cardToken,
  demoToken,
  paymentSucceededCount,
  sandboxWebhook,
  SANDBOX_SECRET,
  seedPackages,
  sellerLot,
  transactionsOf,
} from '../support/payments-support';

/**
 * Issue 17, defect 1 (free payments in production): the sandbox provider runs only when
 * PAYMENT_SANDBOX_ENABLED is on. Without it, a brand whose provider has no keys refuses payments
 * with an error naming the brand and provider, and /health reports it. No notification secret has
 * a default: with none configured, a forged "paid" notification is refused and changes nothing.
 */
describe('payments fail closed without provider keys (e2e)', () => {
  let app: IdentityTestApp;
  let seller: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        PAYMENT_SANDBOX_ENABLED: 'false',
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { cryptoEnabled: true }, jewelry: { stripeActive: true } }),
      },
    });
    await seedPackages(app);
    seller = await demoToken(app, 'seller');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses intent, confirm, setup, saved cards and crypto with payment.provider.unavailable naming brand and provider', async () => {
    const lot = await sellerLot(app);
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['/payment/payment-intent', auctionPackage(lot), 'SQUARE'],
      ['/payment/confirm-payment', auctionPackage(lot, { sourceId: cardToken('4242424242424242') }), 'SQUARE'],
      ['/payment/setup-intent', { brand: 'trackside' }, 'SQUARE'],
      ['/payment/confirm-card-and-save', { brand: 'trackside', sourceId: cardToken('4242424242424242') }, 'SQUARE'],
      ['/payment/saved-cards', { brand: 'trackside' }, 'SQUARE'],
      ['/cro/payments', auctionPackage(lot, { paymentProvider: 'CRYPTO_DOT_COM' }), 'CRYPTO_DOT_COM'],
    ];
    for (const [path, body, provider] of calls) {
      const answer = await app.rest('POST', path, body, { token: seller });
      expect(answer.status, path).toBe(503);
      expect(answer.body, path).toMatchObject({
        code: 'payment.provider.unavailable',
        message: `Payments are unavailable for trackside: ${provider} has no keys configured.`,
      });
    }
    expect(await transactionsOf(app, seller)).toEqual([]);

    const jewelry = await demoToken(app, 'seller', 'jewelry');
    const stripe = await app.rest('POST', '/payment/setup-intent', { brand: 'jewelry' }, { token: jewelry, brand: 'jewelry' });
    expect(stripe.body).toMatchObject({ message: 'Payments are unavailable for jewelry: STRIPE has no keys configured.' });
  });

  it('tells the payment dialog (POST /payment/settings, no token) that the brand cannot pay', async () => {
    const answer = await app.rest('POST', '/payment/settings', { brand: 'trackside' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 200,
      available: false,
      message: 'Payments are unavailable for trackside: SQUARE has no keys configured.',
      provider: 'SQUARE',
      adapter: null,
      stripePublishableKey: null,
      squareAppId: null,
      squareLocationId: null,
      cryptoEnabled: false,
      currency: 'USD',
    });
  });

  it('reports the brands that cannot pay in GET /health, keeping the existing fields', async () => {
    const answer = await app.rest<Record<string, unknown>>('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', service: 'identity', database: 'up' });
    expect(answer.body.checks).toMatchObject({
      payments: {
        status: 'degraded',
        sandboxEnabled: false,
        brands: expect.arrayContaining([
          expect.objectContaining({ brand: 'trackside', available: false, adapter: null }),
          expect.objectContaining({ brand: 'jewelry', available: false, message: expect.stringContaining('STRIPE') }),
        ]),
      },
    });
  });

  it('refuses every sandbox notification while the sandbox is off, even a correctly signed one', async () => {
    const answer = await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { ref: 'cro_sandbox_x' } });
    expect(answer).toMatchObject({ status: 400, body: { code: 'payment.webhook.signature' } });
    const unknown = await app.rest('POST', '/webhooks/payment/paypal', { id: 'evt_1' });
    expect(unknown.status).toBe(404);
  });
});

describe('the sandbox notification secret has no default (e2e)', () => {
  let app: IdentityTestApp;

  beforeAll(async () => {
    // The sandbox runs, but SANDBOX_WEBHOOK_SECRET is not set.
    app = await IdentityTestApp.create({ env: { PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { cryptoEnabled: true } }) } });
    await seedPackages(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a "paid" notification for a Crypto.com payment signed with the old committed default; nothing changes', async () => {
    const seller = await demoToken(app, 'seller');
    const created = await app.rest('POST', '/cro/payments', auctionPackage(await sellerLot(app), { paymentProvider: 'CRYPTO_DOT_COM' }), {
      token: seller,
    });
    expect(created.body).toMatchObject({ status: 'PENDING' });
    for (const secret of ['sandbox-webhook-secret-change-me', SANDBOX_SECRET]) {
      const forged = await sandboxWebhook(
        app,
        { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { ref: String(created.body.id) } },
        secret,
      );
      expect(forged).toMatchObject({ status: 400, body: { code: 'payment.webhook.signature' } });
    }
    const status = await app.rest('POST', '/payment/status', { paymentId: created.body.paymentId, brand: 'trackside' }, { token: seller });
    expect(status.body).toMatchObject({ status: 'PENDING' });
    expect(status.body.message).toBeUndefined();
    expect(await paymentSucceededCount(app, String(created.body.paymentId))).toBe(0);
  });
});
