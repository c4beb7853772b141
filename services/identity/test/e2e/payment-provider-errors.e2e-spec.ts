import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp } from '../support/identity-test-app';
import { announceListing } from '../support/payable-items-support';
import { demoToken, seedPackages, transactionsOf } from '../support/payments-support';

/** A loopback port nobody listens on: the configured provider API is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The spec's provider API errors when a real provider (keys configured) cannot be reached. */
describe('provider API errors (e2e, providers unreachable)', () => {
  let app: IdentityTestApp;
  let token: string;

  beforeAll(async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    app = await IdentityTestApp.create({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_API_URL: down,
        CRYPTO_COM_SECRET_KEY: 'sk_crypto_unreachable',
        CRYPTO_COM_API_URL: `${down}/api`,
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { stripeActive: true, cryptoEnabled: true } }),
      },
    });
    await seedPackages(app);
    token = await demoToken(app, 'bidder1');
  });
  afterAll(async () => {
    await app?.close();
  });

  const item = async (overrides: Record<string, unknown> = {}) => ({
    itemId: await announceListing(app, 'bidder1'),
    itemType: 'LISTING',
    packageId: 'listing-featured',
    paymentType: 'ONE_TIME',
    ...overrides,
  });

  it("answers 'PaymentIntent API Error' and leaves a FAILED_PAYMENT, not a half-made payment", async () => {
    const request = await item();
    const answer = await app.rest('POST', '/payment/payment-intent', request, { token });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'payment.intent.api', message: 'PaymentIntent API Error' });
    const rows = (await transactionsOf(app, token)).filter((row) => row.itemId === request.itemId);
    expect(rows.map((row) => [row.status, row.paymentProvider])).toEqual([['FAILED_PAYMENT', 'STRIPE']]);
  });

  it("answers 'SetupIntent API Error'", async () => {
    const answer = await app.rest('POST', '/payment/setup-intent', { paymentProvider: 'STRIPE' }, { token });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'payment.setupIntent.api', message: 'SetupIntent API Error' });
  });

  it("answers 'Crypto Payment API Error'", async () => {
    const answer = await app.rest('POST', '/cro/payments', await item({ paymentProvider: 'CRYPTO_DOT_COM' }), { token });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ code: 'payment.crypto.api', message: 'Crypto Payment API Error' });
  });
});
