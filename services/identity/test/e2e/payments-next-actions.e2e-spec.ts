import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityTestApp } from '../support/identity-test-app';
import { announceListing } from '../support/payable-items-support';
import {
  CARDS,
  demoToken,
  paymentFailedCount,
  paymentSucceededCount,
  sandboxWebhook,
  SANDBOX_SECRET,
  seedPackages,
  transactionsOf,
} from '../support/payments-support';

const CREATE_COUPON = `mutation($data: CouponInput!) { createCoupon(input: { data: $data }) { coupon { id } } }`;
const CREATE_PROMOTION = `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id code } } }`;

const LISTING = (itemId: string, overrides: Record<string, unknown> = {}) => ({
  itemId,
  itemType: 'LISTING',
  packageId: 'listing-featured',
  paymentType: 'ONE_TIME',
  brand: 'trackside',
  ...overrides,
});

/**
 * Issue 17, defect 5 and "Next actions": a card that needs 3-D Secure is not a success. Confirm
 * answers REQUIRES_ACTION with the next action and no "Payment received."; the sandbox challenge
 * (or the provider's notification) completes it through the same compare-and-set, once. Also the
 * notification rules (replays refused, unprocessed re-deliveries applied), the sandbox's
 * Crypto.com pay page, the brand settings the dialog reads, and the card-number refusal.
 */
describe('next actions, notifications and the sandbox pages (e2e)', () => {
  let app: IdentityTestApp;
  let bidder: string;
  let other: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create({
      env: {
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { cryptoEnabled: true } }),
      },
    });
    await seedPackages(app);
    bidder = await demoToken(app, 'bidder1');
    other = await demoToken(app, 'bidder2');
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: Record<string, unknown>, token: string = bidder) =>
    app.rest('POST', path, { brand: 'trackside', ...body }, { token });

  async function requiresAction(): Promise<{ paymentId: string; ref: string }> {
    const confirmed = await post(
      '/payment/confirm-payment',
      LISTING(await announceListing(app, 'bidder1'), { sourceId: CARDS.threeDSecure }),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ code: 200, status: 'REQUIRES_ACTION', nextAction: { type: 'sandbox_challenge' } });
    expect(confirmed.body.message).toBeUndefined();
    return { paymentId: String(confirmed.body.id), ref: String(confirmed.body.paymentIntent) };
  }

  it('answers REQUIRES_ACTION without "Payment received."; an approved challenge pays once, the notification after it changes nothing', async () => {
    const { paymentId, ref } = await requiresAction();
    const polled = await post('/payment/status', { paymentId });
    expect(polled.body).toMatchObject({ code: 200, id: paymentId, status: 'REQUIRES_ACTION', amount: 49, currency: 'USD' });
    expect(polled.body.message).toBeUndefined();
    // Another user's payment does not exist for them.
    expect((await post('/payment/status', { paymentId }, other)).body).toMatchObject({ code: 'payment.item.notFound' });
    expect((await post('/payment/sandbox/challenge', { paymentId, outcome: 'approve' }, other)).status).toBe(404);

    const approved = await post('/payment/sandbox/challenge', { paymentId, outcome: 'approve' });
    expect(approved.body).toEqual({ code: 200, id: paymentId, status: 'PAID', amount: 49, currency: 'USD', message: 'Payment received.' });
    const notified = await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { ref } });
    expect(notified).toMatchObject({ status: 200, body: { status: 'PAID' } });
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
    const again = await post('/payment/sandbox/challenge', { paymentId, outcome: 'approve' });
    expect(again).toMatchObject({ status: 409, body: { code: 'payment.notPending' } });
    expect((await post('/payment/status', { paymentId })).body).toMatchObject({ status: 'PAID', message: 'Payment received.' });
  });

  it('takes the notification first and then refuses the late challenge: still one PaymentSucceeded', async () => {
    const { paymentId, ref } = await requiresAction();
    const notified = await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.succeeded', data: { ref } });
    expect(notified.body).toMatchObject({ status: 'PAID' });
    expect((await post('/payment/sandbox/challenge', { paymentId, outcome: 'approve' })).status).toBe(409);
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
  });

  it('fails the payment on a failed challenge and releases the promotion code it held', async () => {
    const staff = await app.staffToken();
    const coupon = await app.gql<{ createCoupon: { coupon: { id: string } } }>(
      CREATE_COUPON,
      { data: { name: 'Challenge', percentOff: 20 } },
      { token: staff },
    );
    const code = `CHAL${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await app.gql(CREATE_PROMOTION, { data: { code, coupon: coupon.data!.createCoupon.coupon.id } }, { token: staff });
    expect(created.errors).toBeUndefined();
    const first = await announceListing(app, 'bidder1');
    const second = await announceListing(app, 'bidder1');
    const confirmed = await post('/payment/confirm-payment', LISTING(first, { promotion: code, sourceId: CARDS.threeDSecure }));
    expect(confirmed.body).toMatchObject({ status: 'REQUIRES_ACTION', amount: 39.2 });
    // While the payment holds the code, another item cannot use it.
    expect((await post('/payment/payment-intent', LISTING(second, { promotion: code }))).body).toMatchObject({
      code: 'promotion.redeemed',
    });

    const failed = await post('/payment/sandbox/challenge', { paymentId: confirmed.body.id, outcome: 'fail' });
    expect(failed.body).toMatchObject({ status: 'FAILED_PAYMENT' });
    expect(failed.body.message).toBeUndefined();
    expect(await paymentSucceededCount(app, String(confirmed.body.id))).toBe(0);
    // Announced once as failed (the catalogue marks a running plan past due from it).
    expect(await paymentFailedCount(app, String(confirmed.body.id))).toBe(1);
    const reused = await post('/payment/payment-intent', LISTING(second, { promotion: code }));
    expect(reused.body).toMatchObject({ code: 200, amount: 39.2, listPrice: 49 });
  });

  it('announces a declined card and a failed notification once each as PaymentFailed', async () => {
    const declined = await post('/payment/confirm-payment', LISTING(await announceListing(app, 'bidder1'), { sourceId: CARDS.declined }));
    expect(declined.body).toMatchObject({ code: 'payment.card.declined' });
    const paymentId = String((declined.body.details as { paymentId: string }).paymentId);
    expect(await paymentFailedCount(app, paymentId)).toBe(1);

    const { paymentId: pending, ref } = await requiresAction();
    const notified = await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.failed', data: { ref } });
    expect(notified.body).toMatchObject({ status: 'FAILED_PAYMENT' });
    await sandboxWebhook(app, { id: `evt_${randomUUID()}`, type: 'payment.failed', data: { ref } });
    expect(await paymentFailedCount(app, pending)).toBe(1);
  });

  it('refuses a replayed notification, and applies a re-delivery of one recorded but never processed (a crash in between)', async () => {
    const { paymentId, ref } = await requiresAction();
    const eventId = `evt_${randomUUID()}`;
    // The process died after recording the event and before applying it.
    await app.service.app
      .get(DataSource)
      .query(
        `INSERT INTO identity.payment_webhook_events (adapter, event_id, kind, provider_ref, received_at, processed_at) VALUES ('sandbox', $1, 'succeeded', $2, now(), NULL)`,
        [eventId, ref],
      );
    const redelivered = await sandboxWebhook(app, { id: eventId, type: 'payment.succeeded', data: { ref } });
    expect(redelivered).toMatchObject({ status: 200, body: { received: true, status: 'PAID' } });
    const replayed = await sandboxWebhook(app, { id: eventId, type: 'payment.succeeded', data: { ref } });
    expect(replayed).toMatchObject({
      status: 400,
      body: { code: 'payment.webhook.replayed', message: 'This notification has already been processed.' },
    });
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
  });

  it('pays and fails Crypto.com payments on the sandbox pay page (paymentUrl), for brands that enable it', async () => {
    const created = await app.rest(
      'POST',
      '/cro/payments',
      LISTING(await announceListing(app, 'bidder1'), { paymentProvider: 'CRYPTO_DOT_COM' }),
      {
        token: bidder,
      },
    );
    const paymentId = String(created.body.paymentId);
    expect(created.body).toMatchObject({ status: 'PENDING', paymentUrl: `/payment/sandbox/crypto/${paymentId}` });
    expect((await post('/payment/status', { paymentId })).body).toMatchObject({ status: 'PENDING' });
    expect((await post('/payment/sandbox/crypto', { paymentId, outcome: 'pay' }, other)).status).toBe(404);
    const paid = await post('/payment/sandbox/crypto', { paymentId, outcome: 'pay' });
    expect(paid.body).toMatchObject({ status: 'PAID', message: 'Payment received.' });
    expect((await post('/payment/sandbox/crypto', { paymentId, outcome: 'pay' })).status).toBe(409);
    expect(await paymentSucceededCount(app, paymentId)).toBe(1);
    // A card payment is not a crypto payment.
    const { paymentId: cardPayment } = await requiresAction();
    expect((await post('/payment/sandbox/crypto', { paymentId: cardPayment, outcome: 'pay' })).status).toBe(404);

    const another = await app.rest(
      'POST',
      '/cro/payments',
      LISTING(await announceListing(app, 'bidder1'), { paymentProvider: 'CRYPTO_DOT_COM' }),
      {
        token: bidder,
      },
    );
    const failed = await post('/payment/sandbox/crypto', { paymentId: another.body.paymentId, outcome: 'fail' });
    expect(failed.body).toMatchObject({ status: 'FAILED_PAYMENT' });
    expect(await paymentFailedCount(app, String(another.body.paymentId))).toBe(1);
    const rows = await transactionsOf(app, bidder);
    expect(rows.find((row) => row.id === another.body.paymentId)?.status).toBe('FAILED_PAYMENT');

    const jewelry = await demoToken(app, 'bidder1', 'jewelry');
    const refused = await app.rest(
      'POST',
      '/cro/payments',
      LISTING(await announceListing(app, 'bidder1', { brand: 'jewelry' }), { brand: 'jewelry', paymentProvider: 'CRYPTO_DOT_COM' }),
      { token: jewelry, brand: 'jewelry' },
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'payment.crypto.notEnabled', message: 'Crypto.com Pay is not available for this brand.' },
    });
  });

  it('tells the payment dialog which element to show (POST /payment/settings, no token)', async () => {
    const trackside = await app.rest('POST', '/payment/settings', { brand: 'trackside' });
    expect(trackside.body).toMatchObject({
      code: 200,
      available: true,
      message: null,
      provider: 'SQUARE',
      adapter: 'sandbox',
      cryptoEnabled: true,
    });
    const jewelry = await app.rest('POST', '/payment/settings', { brand: 'jewelry' }, { brand: 'jewelry' });
    expect(jewelry.body).toMatchObject({ available: true, adapter: 'sandbox', cryptoEnabled: false, currency: 'USD' });
  });

  it('refuses card numbers anywhere in a payment body (payment.card.rawNumber) and records nothing', async () => {
    const before = (await transactionsOf(app, bidder)).length;
    const listing = await announceListing(app, 'bidder1');
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/payment/confirm-payment', LISTING(listing, { sourceId: '4242424242424242' })],
      ['/payment/confirm-payment', LISTING(listing, { sourceId: '4242 4242 4242 4242' })],
      ['/payment/confirm-payment', LISTING(listing, { sourceId: 4242424242424242 })],
      ['/payment/payment-intent', LISTING(listing, { promotion: { code: 'card 5555-5555-5555-4444 exp 12/30' } })],
      ['/payment/payment-intent', LISTING(listing, { notes: ['ok', { nested: '378282246310005' }] })],
      ['/payment/confirm-card-and-save', { sourceId: '4000000000000002' }],
      ['/payment/setup-intent', { cardNumber: '4111111111111111' }],
      ['/cro/payments', LISTING(listing, { paymentProvider: 'CRYPTO_DOT_COM', memo: '6011111111111117' })],
      ['/payment/sandbox/challenge', { paymentId: randomUUID(), outcome: 'approve', card: '4242424242424242' }],
      ['/payment/saved-cards/remove', { id: '4242424242424242' }],
      ['/payment/status', { paymentId: '4242424242424242' }],
    ];
    for (const [path, body] of bodies) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body, path).toMatchObject({
        code: 'payment.card.rawNumber',
        message: 'Card numbers are entered in the secure card form only; they must not be sent to our server.',
      });
    }
    const settings = await app.rest('POST', '/payment/settings', { brand: 'trackside', pan: '4242424242424242' });
    expect(settings.body).toMatchObject({ code: 'payment.card.rawNumber' });
    expect((await transactionsOf(app, bidder)).length).toBe(before);
    // Ids, tokens and amounts are not card numbers.
    const fine = await post('/payment/payment-intent', LISTING(listing, { amount: '49.00' }));
    expect(fine.status).toBe(200);
  });
});

describe('Stripe notifications (e2e, signed with the Stripe library test header; no network)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret_for_notifications';
  let app: IdentityTestApp;

  beforeAll(async () => {
    app = await IdentityTestApp.create({ env: { STRIPE_SECRET_KEY: 'sk_test_notifications', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function deliver(payload: string, secret: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
    const response = await fetch(`${app.service.url}/webhooks/payment/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('applies an event once, refuses its replay and a forged signature', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_unknown_to_us', object: 'payment_intent' } },
    });
    expect(await deliver(payload, WEBHOOK_SECRET)).toMatchObject({ status: 200, body: { received: true } });
    expect(await deliver(payload, WEBHOOK_SECRET)).toMatchObject({ status: 400, body: { code: 'payment.webhook.replayed' } });
    expect(await deliver(payload.replace('pi_unknown', 'pi_other'), 'whsec_forged')).toMatchObject({
      status: 400,
      body: { code: 'payment.webhook.signature' },
    });
  });
});
