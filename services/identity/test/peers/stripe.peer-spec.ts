import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeMock, type RunningStripeMock } from '../../../../scripts/peers/stripe-mock.mjs';
import { IdentityTestApp } from '../support/identity-test-app';
import { announceListing } from '../support/payable-items-support';
import { demoToken, seedPackages, transactionsOf } from '../support/payments-support';

const WEBHOOK_SECRET = 'whsec_trackside_peer_test';

/**
 * The Stripe adapter against stripe-mock (Stripe's own API mock, built with `go install` by
 * scripts/peers/stripe-mock.mjs): the requests the `stripe` package sends must be valid for
 * Stripe's OpenAPI description, and its answers go through our mapping. stripe-mock is stateless
 * (it answers fixtures), so these tests check request validity and response handling, not money
 * movement; webhooks are signed with the stripe package's own scheme.
 */
describe('Stripe adapter against stripe-mock (peer)', () => {
  let mock: RunningStripeMock;
  let app: IdentityTestApp;
  let token: string;

  // A listing bidder1 owns, announced as the catalogue does (identity refuses missing items, issue 17).
  const listing = async (overrides: Record<string, unknown> = {}) => ({
    itemId: await announceListing(app, 'bidder1'),
    itemType: 'LISTING',
    packageId: 'listing-featured',
    paymentType: 'ONE_TIME',
    paymentProvider: 'STRIPE',
    brand: 'trackside',
    ...overrides,
  });

  beforeAll(async () => {
    mock = await startStripeMock();
    app = await IdentityTestApp.create({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_trackside',
        STRIPE_API_URL: mock.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { stripeActive: true } }),
      },
    });
    await seedPackages(app);
    token = await demoToken(app, 'bidder1');
  });
  afterAll(async () => {
    await app?.close();
    await mock?.stop();
  });

  it('creates a PaymentIntent with the server price and moves it to PAID on a signed payment_intent.succeeded', async () => {
    const intent = await app.rest('POST', '/payment/payment-intent', await listing(), { token });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ code: 200, amount: 49, currency: 'USD', status: 'UNPAID' });
    expect(intent.body.paymentIntent).toMatch(/^pi_/);
    expect(intent.body.clientSecret).toMatch(/^pi_.+_secret_/);
    const [row] = await transactionsOf(app, token);
    expect(row).toMatchObject({ paymentProvider: 'STRIPE', status: 'UNPAID' });

    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intent.body.paymentIntent, object: 'payment_intent', status: 'succeeded' } },
    });
    const forged = await fetch(`${app.service.url}/webhooks/payment/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect((await transactionsOf(app, token))[0].status).toBe('UNPAID');

    const signed = await fetch(`${app.service.url}/webhooks/payment/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ received: true, status: 'PAID' });
  });

  it('confirms a payment with a payment method: the request is valid for the Stripe API and the answer is mapped', async () => {
    const answer = await app.rest('POST', '/payment/confirm-payment', await listing({ sourceId: 'pm_card_visa' }), { token });
    // An invalid request would be refused by stripe-mock and surface as 502 (provider API error).
    expect(answer.status).not.toBe(502);
    // stripe-mock answers its fixture PaymentIntent (status requires_payment_method with a
    // last_payment_error), which the adapter treats as a refused card: the spec's card message.
    if (answer.status === 400) {
      expect(answer.body).toMatchObject({ details: { status: 'FAILED_PAYMENT' } });
      expect(['payment.card.declined', 'payment.card.cvv', 'payment.card.postalCode', 'payment.card.expiration', 'payment.api']).toContain(
        answer.body.code,
      );
    } else {
      expect(answer.status).toBe(200);
      expect(['PAID', 'PENDING', 'REQUIRES_ACTION']).toContain(answer.body.status);
    }
  });

  it('creates a SetupIntent and saves a card on a Stripe customer', async () => {
    const setup = await app.rest('POST', '/payment/setup-intent', { paymentProvider: 'STRIPE', brand: 'trackside' }, { token });
    expect(setup.status).toBe(200);
    expect(setup.body.clientSecret).toMatch(/^seti_.+_secret_/);
    const saved = await app.rest(
      'POST',
      '/payment/confirm-card-and-save',
      { paymentProvider: 'STRIPE', sourceId: 'pm_card_visa' },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: "You're card has been saved.", card: { cardBrand: 'VISA', last4: '4242' } });
    const details = await app.rest('POST', '/payment/getCustomerSavedCardDetails', { paymentProvider: 'STRIPE' }, { token });
    expect(details.body).toMatchObject({ message: { cardBrand: 'VISA', last4: '4242' } });
  });

  it('places a bid-hold style manual-capture intent and captures and cancels it through the API', async () => {
    const provider = new Stripe('sk_test_trackside', {
      host: '127.0.0.1',
      port: mock.port,
      protocol: 'http',
    });
    // The same calls the lot-end processor makes, straight to stripe-mock: they must be valid requests.
    const intent = await provider.paymentIntents.create(
      { amount: 25_000, currency: 'usd', capture_method: 'manual' },
      { idempotencyKey: 'k-1' },
    );
    await expect(
      provider.paymentIntents.capture(intent.id, { amount_to_capture: 25_000 }, { idempotencyKey: 'k-1:capture' }),
    ).resolves.toMatchObject({
      object: 'payment_intent',
    });
    await expect(provider.paymentIntents.cancel(intent.id, {}, { idempotencyKey: 'k-1:release' })).resolves.toMatchObject({
      object: 'payment_intent',
    });
  });
});
