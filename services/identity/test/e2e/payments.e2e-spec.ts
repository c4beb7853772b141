import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_PAYMENT_EVENTS, brandPaymentStreamId, PRICING_PACKAGE_EVENTS, pricingPackageStreamId } from '@trackside/contracts';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { errorCode, errorMessage, IdentityTestApp } from '../support/identity-test-app';
import { announceDirectory, announceListing } from '../support/payable-items-support';
import {
  cardToken,
  demoToken,
  SANDBOX_SECRET,
  sandboxWebhook,
  seedPackages,
  TRANSACTIONS,
  transactionsOf,
} from '../support/payments-support';
import { waitUntil } from '@trackside/testing';

/** How long the polls below wait for identity to follow the catalogue's events, and how often they look. */
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };

const LISTING = (itemId: string, overrides: Record<string, unknown> = {}) => ({
  itemId,
  itemType: 'LISTING',
  packageId: 'listing-featured',
  paymentType: 'ONE_TIME',
  paymentProvider: 'SQUARE',
  brand: 'trackside',
  saveCard: false,
  useSavedCard: false,
  ...overrides,
});

describe('payments through the REST API (e2e, sandbox provider)', () => {
  let app: IdentityTestApp;
  let bidder: string;
  let other: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ jewelry: { disabled: true }, trackside: { cryptoEnabled: true } }),
      },
    });
    await seedPackages(app);
    bidder = await demoToken(app, 'bidder1');
    other = await demoToken(app, 'bidder2');
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 'Unauthorized' to every payment call without a token", async () => {
    for (const path of [
      '/payment/payment-intent',
      '/payment/setup-intent',
      '/payment/confirm-payment',
      '/cro/payments',
      '/payment/getCustomerSavedCardDetails',
      '/payment/confirm-card-and-save',
    ]) {
      const answer = await app.rest('POST', path, LISTING(randomUUID()));
      expect(answer.status, path).toBe(401);
      expect(answer.body, path).toMatchObject({ code: 'Unauthorized', message: 'Unauthorized' });
    }
    // A forged token is refused too (before the handler).
    const forged = await app.rest('POST', '/payment/payment-intent', LISTING(randomUUID()), { token: 'x.y.z' });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ message: 'Invalid token.' });
  });

  it('creates a payment intent with the price of the server list, never the client amount', async () => {
    const item = await announceListing(app, 'bidder1');
    const answer = await app.rest('POST', '/payment/payment-intent', LISTING(item), { token: bidder });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, amount: 49, currency: 'USD', status: 'UNPAID' });
    expect(answer.body.paymentIntent).toMatch(/^pi_sandbox_/);
    expect(answer.body.clientSecret).toMatch(/_secret_/);

    const monthly = await app.rest(
      'POST',
      '/payment/payment-intent',
      LISTING(await announceListing(app, 'bidder1'), { paymentType: 'MONTHLY' }),
      { token: bidder },
    );
    expect(monthly.body).toMatchObject({ amount: 15 });

    const cheaper = await app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder1'), { amount: 0.5 }), {
      token: bidder,
    });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body).toMatchObject({ code: 'payment.amount.mismatch' });
    const matching = await app.rest(
      'POST',
      '/payment/payment-intent',
      LISTING(await announceListing(app, 'bidder1'), { amount: '49.00' }),
      { token: bidder },
    );
    expect(matching.body).toMatchObject({ code: 200, amount: 49 });
  });

  it('refuses unknown packages, options that are not offered and malformed bodies', async () => {
    const unknown = await app.rest(
      'POST',
      '/payment/payment-intent',
      LISTING(await announceListing(app, 'bidder1'), { packageId: 'nope' }),
      { token: bidder },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'payment.package.notFound' });
    const noOption = await app.rest(
      'POST',
      '/payment/payment-intent',
      LISTING(await announceDirectory(app, 'bidder1'), { packageId: 'directory-featured', itemType: 'DIRECTORY', paymentType: 'ONE_TIME' }),
      { token: bidder },
    );
    expect(noOption.body).toMatchObject({ code: 'payment.option.notAvailable' });
    for (const bad of [
      { itemType: 'CAR' },
      { paymentType: 'WEEKLY' },
      { itemId: '' },
      { itemId: 'x'.repeat(500) },
      { paymentProvider: 'PAYPAL' },
      { amount: -1 },
    ]) {
      const answer = await app.rest('POST', '/payment/payment-intent', LISTING(randomUUID(), bad), { token: bidder });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body, JSON.stringify(bad)).toMatchObject({ code: 'payment.validation', message: 'Please check the payment details.' });
    }
    const wrongBrand = await app.rest('POST', '/payment/payment-intent', LISTING(randomUUID(), { brand: 'jewelry' }), { token: bidder });
    expect(wrongBrand.status).toBe(403);
  });

  it('answers a double-submitted payment with the same intent and charges once', async () => {
    const item = await announceListing(app, 'bidder1');
    const [first, second] = await Promise.all([
      app.rest('POST', '/payment/payment-intent', LISTING(item), { token: bidder }),
      app.rest('POST', '/payment/payment-intent', LISTING(item), { token: bidder }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.paymentIntent).toBe(first.body.paymentIntent);
    expect(second.body.id).toBe(first.body.id);

    const [paidA, paidB] = await Promise.all([
      app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: cardToken('4242 4242 4242 4242') }), { token: bidder }),
      app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: cardToken('4242424242424242') }), { token: bidder }),
    ]);
    expect([paidA.status, paidB.status]).toEqual([200, 200]);
    expect(paidA.body).toMatchObject({ code: 200, status: 'PAID', message: 'Payment received.', amount: 49 });
    expect(paidB.body).toMatchObject({ status: 'PAID', id: paidA.body.id });

    const again = await app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: cardToken('4242424242424242') }), {
      token: bidder,
    });
    expect(again.body).toMatchObject({ status: 'PAID', id: paidA.body.id });
    const rows = (await transactionsOf(app, bidder)).filter((row) => row.itemId === item);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PAID', amount: 49, paymentType: 'ONE_TIME', paymentProvider: 'SQUARE' });

    const repeat = await app.rest('POST', '/payment/payment-intent', LISTING(item), { token: bidder });
    expect(repeat.status).toBe(409);
    expect(repeat.body).toMatchObject({ code: 'payment.item.paid' });
  });

  it.each([
    [cardToken('4000000000000002'), 'payment.card.declined', 'Card declined'],
    [cardToken('4000000000009995'), 'payment.card.declined', 'Card declined'],
    [cardToken('4000000000000127'), 'payment.card.cvv', 'Card CVV incorrect'],
    [cardToken('4000000000000036'), 'payment.card.postalCode', 'Card postal code incorrect'],
    [cardToken('4000000000000069'), 'payment.card.expiration', 'Card expiration date incorrect'],
    [cardToken('4000000000000119'), 'payment.api', 'Payment API Error'],
    // Anything but a sandbox token (a provider's token of another adapter, a typo) is an API error, not a charge.
    ['tok_not_a_sandbox_card', 'payment.api', 'Payment API Error'],
  ])('maps the test card %s to %s', async (card, code, message) => {
    const item = await announceListing(app, 'bidder1');
    const answer = await app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: card }), { token: bidder });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, message });
    const rows = (await transactionsOf(app, bidder)).filter((row) => row.itemId === item);
    expect(rows.map((row) => row.status)).toEqual(['FAILED_PAYMENT']);
    // A new attempt with a good card is a new payment (a new idempotency key) and succeeds.
    const retry = await app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: cardToken('4242424242424242') }), {
      token: bidder,
    });
    expect(retry.body).toMatchObject({ status: 'PAID' });
    expect((await transactionsOf(app, bidder)).filter((row) => row.itemId === item).map((row) => row.status)).toEqual([
      'PAID',
      'FAILED_PAYMENT',
    ]);
  });

  it('requires action for 3-D Secure cards; a signed webhook completes it, a forged one changes nothing', async () => {
    const item = await announceListing(app, 'bidder1');
    const pending = await app.rest('POST', '/payment/confirm-payment', LISTING(item, { sourceId: cardToken('4000002500003155') }), {
      token: bidder,
    });
    expect(pending.body).toMatchObject({ code: 200, status: 'REQUIRES_ACTION' });
    const ref = pending.body.paymentIntent as string;

    const forged = await sandboxWebhook(
      app,
      { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { ref } },
      'not-the-secret-at-all',
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'payment.webhook.signature' });
    const unsigned = await app.rest('POST', '/webhooks/payment/sandbox', { id: 'evt_x', type: 'payment.succeeded', data: { ref } });
    expect(unsigned.status).toBe(400);
    expect((await transactionsOf(app, bidder)).find((row) => row.itemId === item)?.status).toBe('REQUIRES_ACTION');

    const eventId = `evt_${randomUUID()}`;
    const good = await sandboxWebhook(app, { id: eventId, type: 'payment.succeeded', data: { ref } });
    expect(good).toMatchObject({ status: 200, body: { received: true, status: 'PAID' } });
    // A replayed notification (same event id, processed) is refused and changes nothing (issue 17).
    const replay = await sandboxWebhook(app, { id: eventId, type: 'payment.failed', data: { ref } });
    expect(replay).toMatchObject({ status: 400, body: { code: 'payment.webhook.replayed' } });
    const late = await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.failed', data: { ref } });
    expect(late.status).toBe(200);
    expect((await transactionsOf(app, bidder)).find((row) => row.itemId === item)?.status).toBe('PAID');
  });

  it('moves an open payment to FAILED_PAYMENT and CANCELED from webhooks', async () => {
    const failed = await app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder2')), { token: other });
    await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.failed', data: { ref: failed.body.paymentIntent as string } });
    const canceled = await app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder2')), { token: other });
    await sandboxWebhook(app, {
      id: `evt_${randomUUID()}`,
      type: 'payment.canceled',
      data: { ref: canceled.body.paymentIntent as string },
    });
    const rows = await transactionsOf(app, other);
    expect(rows.find((row) => row.id === failed.body.id)?.status).toBe('FAILED_PAYMENT');
    expect(rows.find((row) => row.id === canceled.body.id)?.status).toBe('CANCELED');
  });

  it("saves a card ('You're card has been saved.'), shows it and pays with it", async () => {
    const token = await demoToken(app, 'bidder3');
    const setup = await app.rest(
      'POST',
      '/payment/setup-intent',
      { paymentProvider: 'SQUARE', brand: 'trackside', isBasic: true },
      { token },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.clientSecret).toMatch(/^seti_sandbox_/);
    const none = await app.rest('POST', '/payment/getCustomerSavedCardDetails', { paymentProvider: 'SQUARE' }, { token });
    expect(none.body).toMatchObject({ code: 200, message: null });
    const noCard = await app.rest(
      'POST',
      '/payment/confirm-payment',
      LISTING(await announceListing(app, 'bidder3'), { useSavedCard: true }),
      { token },
    );
    expect(noCard.body).toMatchObject({ code: 'payment.savedCard.notFound' });

    const cvv = await app.rest(
      'POST',
      '/payment/confirm-card-and-save',
      { paymentProvider: 'SQUARE', sourceId: cardToken('4000000000000127') },
      { token },
    );
    expect(cvv.body).toMatchObject({ code: 'payment.card.cvv', message: 'Card CVV incorrect' });
    const saved = await app.rest(
      'POST',
      '/payment/confirm-card-and-save',
      { paymentProvider: 'SQUARE', sourceId: cardToken('5555555555554444') },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: "You're card has been saved.", card: { cardBrand: 'MASTERCARD', last4: '4444' } });
    const details = await app.rest('POST', '/payment/getCustomerSavedCardDetails', { paymentProvider: 'SQUARE' }, { token });
    expect(details.body).toMatchObject({ code: 200, message: { cardBrand: 'MASTERCARD', last4: '4444' } });
    const paid = await app.rest(
      'POST',
      '/payment/confirm-payment',
      LISTING(await announceListing(app, 'bidder3'), { useSavedCard: true }),
      { token },
    );
    expect(paid.body).toMatchObject({ status: 'PAID' });
  });

  it('creates Crypto.com Pay payments (sandbox) and answers their id', async () => {
    const item = await announceDirectory(app, 'bidder1');
    const answer = await app.rest(
      'POST',
      '/cro/payments',
      {
        itemId: item,
        itemType: 'DIRECTORY',
        packageId: 'directory-featured',
        paymentType: 'YEARLY',
        paymentProvider: 'CRYPTO_DOT_COM',
        brand: 'trackside',
      },
      { token: bidder },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.id).toMatch(/^cro_sandbox_/);
    expect(answer.body).toMatchObject({ amount: 290, currency: 'USD', status: 'PENDING' });
    expect(answer.body.paymentUrl).toBe(`/payment/sandbox/crypto/${String(answer.body.paymentId)}`);
    const rows = (await transactionsOf(app, bidder)).filter((row) => row.itemId === item);
    expect(rows).toMatchObject([{ paymentProvider: 'CRYPTO_DOT_COM', status: 'PENDING', paymentType: 'YEARLY' }]);
    const signed = await sandboxWebhook(app, {
      id: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      data: { ref: answer.body.id as string },
    });
    expect(signed.body).toMatchObject({ status: 'PAID' });
  });

  it('answers a free package with status FREE and no provider call', async () => {
    const answer = await app.rest(
      'POST',
      '/payment/payment-intent',
      { itemId: await announceDirectory(app, 'bidder1'), itemType: 'DIRECTORY', packageId: 'directory-free', paymentType: 'MONTHLY' },
      { token: bidder },
    );
    expect(answer.body).toMatchObject({ code: 200, status: 'FREE', amount: 0, paymentIntent: null });
  });

  it('answers "Payment\'s are currently disabled" for a brand that switched payments off', async () => {
    const token = await demoToken(app, 'bidder1', 'jewelry');
    const answer = await app.rest(
      'POST',
      '/payment/payment-intent',
      LISTING(await announceListing(app, 'bidder1', { brand: 'jewelry' }), { brand: 'jewelry' }),
      {
        token,
        brand: 'jewelry',
      },
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'payment.disabled', message: "Payment's are currently disabled. Please try again later." });
  });

  it("takes package prices from the catalogue's PricingPackagePriced events", async () => {
    const packageId = randomUUID();
    const priced = (oneTimePriceCents: number | null, enabled = true) => ({
      type: PRICING_PACKAGE_EVENTS.priced,
      data: {
        brand: 'trackside',
        packageId,
        title: 'Gold',
        type: 'LISTING',
        currency: 'USD',
        enabled,
        isFree: false,
        oneTimePriceCents,
        monthlyPriceCents: null,
        yearlyPriceCents: null,
      },
      metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
    });
    const store = app.service.app.get(IdentityEventStore).store;
    const ask = async () =>
      app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder1'), { packageId }), { token: bidder });
    expect((await ask()).body).toMatchObject({ code: 'payment.package.notFound' });
    await store.append(pricingPackageStreamId(packageId), [priced(12_345)], { expectedVersion: 'no_stream' });
    const answer = await waitUntil(ask, (reply) => reply.status === 200, WAIT);
    expect(answer.body).toMatchObject({ code: 200, amount: 123.45 });
    await store.append(pricingPackageStreamId(packageId), [priced(12_345, false)], { expectedVersion: 1 });
    const disabled = await waitUntil(ask, (reply) => reply.status !== 200, WAIT);
    expect(disabled.body).toMatchObject({ code: 'payment.package.notFound' });
  });

  it("lists only the signed-in user's own transactions of the brand, newest first; visitors are refused", async () => {
    const mine = await transactionsOf(app, bidder);
    expect(mine.length).toBeGreaterThan(3);
    const times = mine.map((row) => Date.parse((row as unknown as { createdAt: string }).createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const theirs = await transactionsOf(app, other);
    expect(theirs.some((row) => mine.some((own) => own.id === row.id))).toBe(false);
    const visitor = await app.gql(TRANSACTIONS, {});
    expect(errorCode(visitor)).toBe('FORBIDDEN');
    const page = await app.gql(TRANSACTIONS, { limit: 1000 }, { token: bidder });
    expect(errorMessage(page)).toBe('Please check the payment details.');
  });

  it("charges with the provider the catalogue's BrandPaymentConfigured makes active (SQUARE unless STRIPE is active)", async () => {
    const before = await app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder2')), { token: other });
    expect((await transactionsOf(app, other)).find((row) => row.id === before.body.id)?.paymentProvider).toBe('SQUARE');
    await app.service.app.get(IdentityEventStore).store.append(
      brandPaymentStreamId('trackside'),
      [
        {
          type: BRAND_PAYMENT_EVENTS.paymentConfigured,
          data: {
            brand: 'trackside',
            configurations: [
              { provider: 'SQUARE', active: false, appId: 'sq-app', locationId: 'LOC1' },
              { provider: 'STRIPE', active: true, stripePublishableKey: 'pk_test_1' },
            ],
          },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    const provider = await waitUntil(
      async () => {
        const answer = await app.rest('POST', '/payment/payment-intent', LISTING(await announceListing(app, 'bidder2')), { token: other });
        return (await transactionsOf(app, other)).find((row) => row.id === answer.body.id)?.paymentProvider;
      },
      (current) => current === 'STRIPE',
      WAIT,
    );
    expect(provider).toBe('STRIPE');
  });
});
