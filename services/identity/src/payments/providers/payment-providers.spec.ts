import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { sandboxCardToken } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount } from '../payment-values';
import { cryptoComPaymentRequest, CryptoComPaymentProvider } from './crypto-com-payment-provider';
import { WebhookSignatureError } from './payment-provider.port';
import { sandboxCardBehaviour, sandboxCardOf } from './sandbox-cards';
import { SandboxPaymentProvider } from './sandbox-payment-provider';
import { signedHeader, verifySignedHeader } from './signed-header';
import { squareCardFailure, squareCreatePaymentRequest, squareIdempotencyKey, SquarePaymentProvider } from './square-payment-provider';
import { stripeCardFailure, StripePaymentProvider } from './stripe-payment-provider';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('sandbox test cards (tokens only)', () => {
  const token = (number: string, expMonth = 12, expYear = 2030) => {
    const result = sandboxCardToken({ number, expMonth, expYear });
    if (!result.ok) throw new Error(`not a test card: ${number}`);
    return result.token;
  };
  const behaviourOf = (source: string) => {
    const card = sandboxCardOf(source);
    if (!card) throw new Error(`not a sandbox source: ${source}`);
    return sandboxCardBehaviour(card);
  };

  it.each([
    ['4242424242424242', 'success'],
    ['4000002500003155', 'requires_action'],
  ])('%s succeeds or asks for action', (card, kind) => {
    expect(behaviourOf(token(card)).kind).toBe(kind);
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'declined'],
    ['4000000000000127', 'cvv'],
    ['4000000000000036', 'postalCode'],
    ['4000000000000069', 'expiration'],
    ['4000000000000119', 'other'],
  ])('%s fails with %s', (card, failure) => {
    const behaviour = behaviourOf(token(card));
    expect(behaviour.kind === 'failure' && behaviour.failure).toBe(failure);
  });

  it('reads saved-card refs like tokens, and nothing else (no card numbers)', () => {
    expect(behaviourOf('pm_sandbox_success_VISA_4242_1230').kind).toBe('success');
    expect(sandboxCardOf('4242424242424242')).toBeNull();
    expect(sandboxCardOf('tok_visa')).toBeNull();
  });

  it('answers the same idempotency key with the same intent and outcome, and counts one charge', async () => {
    const sandbox = new SandboxPaymentProvider('secret-secret-secret', 300);
    const request = { amountCents: 100, currency: 'USD', capture: 'manual' as const, idempotencyKey: 'k1', description: 'd', metadata: {} };
    const a = await sandbox.createIntent(request);
    const b = await sandbox.createIntent(request);
    expect(b).toEqual(a);
    const first = await sandbox.confirm({ ...request, ref: a.ref, sourceId: token('4242424242424242'), idempotencyKey: 'k1:confirm' });
    expect(first).toMatchObject({ ok: true, status: 'AUTHORIZED' });
    const replay = await sandbox.confirm({ ...request, ref: a.ref, sourceId: token('4000000000000002'), idempotencyKey: 'k1:confirm' });
    expect(replay).toEqual(first);
    expect(sandbox.chargeCount).toBe(1);
  });

  it('refuses a raw number as a source, and saves only cards whose check passes', async () => {
    const sandbox = new SandboxPaymentProvider(null, 300);
    const request = { amountCents: 100, currency: 'USD', capture: 'automatic' as const, description: 'd', metadata: {} };
    const raw = await sandbox.confirm({ ...request, ref: null, sourceId: '4242424242424242', idempotencyKey: 'raw' });
    expect(raw).toMatchObject({ ok: false, failure: 'other', providerCode: 'invalid_source' });
    const save = (sourceId: string) => sandbox.saveCard({ sourceId, customerRef: null, email: 'a@b.test', idempotencyKey: sourceId });
    await expect(save(token('4000000000000002'))).rejects.toMatchObject({ failure: 'declined' });
    await expect(save(token('5555555555554444', 3, 2031))).resolves.toMatchObject({
      paymentMethodRef: 'pm_sandbox_success_MASTERCARD_4444_0331',
      cardBrand: 'MASTERCARD',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
  });

  it('completes a 3-D Secure challenge once: approve charges, fail refuses', async () => {
    const sandbox = new SandboxPaymentProvider(null, 300);
    const request = { amountCents: 100, currency: 'USD', capture: 'automatic' as const, description: 'd', metadata: {} };
    const pending = await sandbox.confirm({ ...request, ref: null, sourceId: token('4000002500003155'), idempotencyKey: 'a' });
    expect(pending).toMatchObject({ ok: true, status: 'REQUIRES_ACTION' });
    const ref = pending.ok ? pending.ref : '';
    expect(sandbox.completeAction(ref, 'approve')).toMatchObject({ ok: true, status: 'PAID' });
    expect(sandbox.completeAction(ref, 'approve')).toMatchObject({ ok: true, status: 'PAID' });
    expect(sandbox.chargeCount).toBe(1);
    const other = await sandbox.confirm({ ...request, ref: null, sourceId: token('4000002500003155'), idempotencyKey: 'b' });
    expect(sandbox.completeAction(other.ok ? other.ref : '', 'fail')).toMatchObject({ ok: false, failure: 'declined' });
  });

  it('refuses every notification without a configured secret', () => {
    const sandbox = new SandboxPaymentProvider(null, 300);
    const body = Buffer.from('{"id":"evt_1","type":"payment.succeeded","data":{"ref":"x"}}');
    expect(() => sandbox.parseWebhook(body, { 'x-sandbox-signature': signedHeader(body, 'any-secret-at-all-00', NOW) }, NOW)).toThrow(
      WebhookSignatureError,
    );
  });
});

describe('signed webhook headers (t=,v1=)', () => {
  const body = Buffer.from('{"id":"evt_1"}');

  it('accepts a fresh signature and refuses forged, stale and malformed ones', () => {
    expect(() => verifySignedHeader(body, signedHeader(body, 'k'.repeat(20), NOW), 'k'.repeat(20), 300, NOW)).not.toThrow();
    expect(() => verifySignedHeader(body, signedHeader(body, 'other-key-000000000', NOW), 'k'.repeat(20), 300, NOW)).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      verifySignedHeader(Buffer.from('{"id":"evt_2"}'), signedHeader(body, 'k'.repeat(20), NOW), 'k'.repeat(20), 300, NOW),
    ).toThrow(WebhookSignatureError);
    const old = signedHeader(body, 'k'.repeat(20), new Date(NOW.getTime() - 301_000));
    expect(() => verifySignedHeader(body, old, 'k'.repeat(20), 300, NOW)).toThrow('tolerance');
    for (const header of [null, '', 't=abc,v1=00', 'v1=zz'])
      expect(() => verifySignedHeader(body, header, 'k'.repeat(20), 300, NOW)).toThrow(WebhookSignatureError);
  });
});

describe('Stripe adapter (no network)', () => {
  it('maps Stripe card errors to the spec messages', () => {
    expect(stripeCardFailure('incorrect_cvc')).toBe('cvv');
    expect(stripeCardFailure('incorrect_zip')).toBe('postalCode');
    expect(stripeCardFailure('expired_card')).toBe('expiration');
    expect(stripeCardFailure('card_declined', 'insufficient_funds')).toBe('declined');
    expect(stripeCardFailure('card_declined', 'incorrect_cvc')).toBe('cvv');
    expect(stripeCardFailure('processing_error')).toBe('other');
  });

  it('verifies webhooks with the stripe package and reads payment intent events', () => {
    const secret = 'whsec_test_secret';
    const provider = new StripePaymentProvider({ secretKey: 'sk_test_123', webhookSecret: secret, toleranceSeconds: 300 });
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    });
    const stripe = new Stripe('sk_test_123');
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(NOW.getTime() / 1000) });
    expect(provider.parseWebhook(Buffer.from(payload), { 'stripe-signature': header }, NOW)).toEqual({
      id: 'evt_1',
      kind: 'authorized',
      ref: 'pi_1',
    });
    expect(() => provider.parseWebhook(Buffer.from(payload.replace('pi_1', 'pi_2')), { 'stripe-signature': header }, NOW)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.parseWebhook(Buffer.from(payload), {}, NOW)).toThrow(WebhookSignatureError);
  });
});

describe('Square adapter (no network: no Square server is reachable from CI)', () => {
  it('builds CreatePayment with the amount in cents, the idempotency key and manual completion for holds', () => {
    const request = squareCreatePaymentRequest(
      {
        amountCents: 25_000,
        currency: 'USD',
        capture: 'manual',
        idempotencyKey: 'pay:trackside:user:BID:lot:HOLD:1:confirm',
        description: 'HOLD BID lot',
        metadata: { paymentId: 'p-1' },
        ref: null,
        sourceId: 'cnon:card-nonce-ok',
      },
      'LOC1',
    );
    expect(request).toMatchObject({
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: 25_000n, currency: 'USD' },
      autocomplete: false,
      locationId: 'LOC1',
      referenceId: 'p-1',
    });
    expect(request.idempotencyKey.length).toBeLessThanOrEqual(45);
    expect(squareIdempotencyKey('a'.repeat(100))).toBe(squareIdempotencyKey('a'.repeat(100)));
    expect(squareIdempotencyKey('a'.repeat(100))).not.toBe(squareIdempotencyKey(`${'a'.repeat(99)}b`));
  });

  it('maps Square payment errors to the spec messages', () => {
    expect(squareCardFailure('CVV_FAILURE')).toBe('cvv');
    expect(squareCardFailure('ADDRESS_VERIFICATION_FAILURE')).toBe('postalCode');
    expect(squareCardFailure('INVALID_EXPIRATION')).toBe('expiration');
    expect(squareCardFailure('GENERIC_DECLINE')).toBe('declined');
    expect(squareCardFailure('INTERNAL_SERVER_ERROR')).toBe('other');
  });

  it('checks the x-square-hmacsha256-signature header (HMAC of the notification URL and the body)', async () => {
    const key = 'square-signature-key';
    const url = 'https://example.test/webhooks/payment/square';
    const provider = new SquarePaymentProvider({
      accessToken: 't',
      environment: 'sandbox',
      locationId: null,
      webhookSignatureKey: key,
      webhookUrl: url,
    });
    const body = JSON.stringify({
      event_id: 'e1',
      type: 'payment.updated',
      data: { object: { payment: { id: 'sq1', status: 'COMPLETED' } } },
    });
    const signature = createHmac('sha256', key)
      .update(url + body)
      .digest('base64');
    await expect(provider.parseWebhook(Buffer.from(body), { 'x-square-hmacsha256-signature': signature })).resolves.toEqual({
      id: 'e1',
      kind: 'succeeded',
      ref: 'sq1',
    });
    await expect(provider.parseWebhook(Buffer.from(body), { 'x-square-hmacsha256-signature': 'AAAA' })).rejects.toThrow(
      WebhookSignatureError,
    );
  });
});

describe('Crypto.com Pay adapter (no network: no Crypto.com server is reachable from CI)', () => {
  it('builds POST /payments with basic auth, minor units and the idempotency key', () => {
    const { url, init } = cryptoComPaymentRequest(
      { secretKey: 'sk_live_x', apiUrl: 'https://pay.example.test/api/' },
      {
        amountCents: 29_000,
        currency: 'USD',
        idempotencyKey: 'key-1',
        orderId: 'order-1',
        description: 'YEARLY',
        metadata: { paymentId: 'p1' },
      },
    );
    expect(url).toBe('https://pay.example.test/api/payments');
    expect(init.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('sk_live_x:').toString('base64')}`,
      'idempotency-key': 'key-1',
      'content-type': 'application/x-www-form-urlencoded',
    });
    const form = new URLSearchParams(init.body);
    expect(Object.fromEntries(form)).toEqual({
      amount: '29000',
      currency: 'USD',
      order_id: 'order-1',
      description: 'YEARLY',
      'metadata[paymentId]': 'p1',
    });
  });

  it('checks the Pay-Signature header and reads payment events', () => {
    const secret = 'crypto-webhook-secret';
    const provider = new CryptoComPaymentProvider({
      secretKey: 'sk',
      webhookSecret: secret,
      apiUrl: 'https://x.test',
      toleranceSeconds: 300,
    });
    const body = Buffer.from(JSON.stringify({ id: 'e1', type: 'payment.captured', data: { object: { id: 'cro1', status: 'succeeded' } } }));
    expect(provider.parseWebhook(body, { 'pay-signature': signedHeader(body, secret, NOW) }, NOW)).toEqual({
      id: 'e1',
      kind: 'succeeded',
      ref: 'cro1',
    });
    expect(() => provider.parseWebhook(body, { 'pay-signature': signedHeader(body, 'wrong', NOW) }, NOW)).toThrow(WebhookSignatureError);
  });

  it('turns an unreachable or failing API into a provider error', async () => {
    const failing = new CryptoComPaymentProvider({
      secretKey: 'sk',
      webhookSecret: null,
      apiUrl: 'https://x.test',
      toleranceSeconds: 300,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ error: { code: 'invalid_amount' } }), { status: 422 })),
    });
    await expect(
      failing.createPayment({ amountCents: 1, currency: 'USD', idempotencyKey: 'k', orderId: 'o', description: 'd', metadata: {} }),
    ).rejects.toMatchObject({ name: 'ProviderApiError', providerCode: 'invalid_amount' });
  });
});

describe('amounts', () => {
  it('parses decimal amounts into cents without float maths', () => {
    expect(amountToCents(49)).toBe(4900);
    expect(amountToCents('39.2')).toBe(3920);
    expect(amountToCents('0.07')).toBe(7);
    expect(amountToCents('1000000000.00')).toBe(100_000_000_000);
    for (const bad of ['1000000000.01', '-1', '1.234', 'abc', Number.NaN, Infinity, null]) expect(amountToCents(bad)).toBeNull();
    expect(centsToAmount(3920)).toBe(39.2);
  });
});
