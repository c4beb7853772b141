import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CryptoComPaymentProvider } from './crypto-com-payment-provider';
import { ProviderApiError } from './payment-provider.port';
import { SquarePaymentProvider } from './square-payment-provider';

/**
 * Contract tests of the Square and Crypto.com Pay adapters against LOCAL HTTP DOUBLES on 127.0.0.1
 * (no server of theirs can run here). Each double follows the provider's published API shapes
 * (paths, auth headers, snake_case or form bodies, answers and error objects) and records what it
 * received, so the tests prove what our adapters send and how they read the answers; they do not
 * prove the providers' behaviour (docs/payments.md "What is tested against what").
 */

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (request: Received) => { status: number; body: unknown };

async function startDouble(handler: Handler): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const answer = handler(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const CONFIRM = {
  ref: null,
  amountCents: 4_900,
  currency: 'USD',
  capture: 'automatic' as const,
  idempotencyKey: 'pay:trackside:user-1:LISTING:item-1:ONE_TIME:1:confirm',
  description: 'ONE_TIME LISTING item-1',
  metadata: { paymentId: 'payment-1' },
  paymentMethodRef: null,
  customerRef: null,
  locationId: null,
};

/** Square's sandbox test nonces (published) and the answers Square gives for them. */
function squarePayments(request: Received): { status: number; body: unknown } {
  const body = JSON.parse(request.body || '{}') as Record<string, unknown>;
  if (request.path === '/v2/payments') {
    const card = { card_brand: 'VISA', last_4: '1111', exp_month: 12, exp_year: 2030 };
    switch (body.source_id) {
      case 'cnon:card-nonce-ok':
        return {
          status: 200,
          body: {
            payment: {
              id: 'sq_payment_1',
              status: body.autocomplete === false ? 'APPROVED' : 'COMPLETED',
              amount_money: body.amount_money,
              card_details: { status: 'CAPTURED', card },
            },
          },
        };
      // Strong customer authentication: refused until the charge carries verifyBuyer's token.
      case 'cnon:card-nonce-requires-verification':
        if (typeof body.verification_token !== 'string')
          return {
            status: 400,
            body: {
              errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED_VERIFICATION_REQUIRED', detail: 'Verification required.' }],
            },
          };
        return {
          status: 200,
          body: { payment: { id: 'sq_payment_verified', status: 'COMPLETED', amount_money: body.amount_money, card_details: { card } } },
        };
      case 'cnon:card-nonce-rejected-cvv':
        return {
          status: 400,
          body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: 'Card verification code check failed.' }] },
        };
      default:
        return {
          status: 400,
          body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: 'Authorization error.' }] },
        };
    }
  }
  if (/^\/v2\/payments\/[^/]+\/(complete|cancel)$/.test(request.path)) {
    const [, , , id, action] = request.path.split('/');
    return { status: 200, body: { payment: { id, status: action === 'complete' ? 'COMPLETED' : 'CANCELED' } } };
  }
  if (/^\/v2\/cards\/[^/]+\/disable$/.test(request.path))
    return { status: 200, body: { card: { id: request.path.split('/')[3], enabled: false } } };
  if (request.path === '/v2/customers') return { status: 200, body: { customer: { id: 'sq_customer_1' } } };
  if (request.path === '/v2/cards')
    return { status: 200, body: { card: { id: 'ccof:card-1', card_brand: 'MASTERCARD', last_4: '4444', exp_month: 3, exp_year: 2031 } } };
  return { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'no such path' }] } };
}

describe('Square adapter contract (local HTTP double)', () => {
  let double: Awaited<ReturnType<typeof startDouble>>;
  let square: SquarePaymentProvider;

  beforeAll(async () => {
    double = await startDouble(squarePayments);
    square = new SquarePaymentProvider({
      accessToken: 'EAAA-test-token',
      environment: 'sandbox',
      apiUrl: double.url,
      locationId: 'LOC_1',
      webhookSignatureKey: null,
      webhookUrl: null,
    });
  });
  afterAll(() => new Promise<void>((resolve) => double.server.close(() => resolve())));

  it('creates a payment (local HTTP double): bearer token, version header, snake_case body, idempotency key within 45 characters', async () => {
    const outcome = await square.confirm({ ...CONFIRM, sourceId: 'cnon:card-nonce-ok' });
    expect(outcome).toEqual({ ok: true, status: 'PAID', ref: 'sq_payment_1', card: { cardBrand: 'VISA', last4: '1111' } });
    const sent = double.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer EAAA-test-token');
    expect(sent.headers['square-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = JSON.parse(sent.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      source_id: 'cnon:card-nonce-ok',
      amount_money: { amount: 4900, currency: 'USD' },
      autocomplete: true,
      location_id: 'LOC_1',
      reference_id: 'payment-1',
    });
    expect(String(body.idempotency_key).length).toBeLessThanOrEqual(45);
    // The same request again carries the same key (a retry reaches the same Square payment).
    await square.confirm({ ...CONFIRM, sourceId: 'cnon:card-nonce-ok' });
    expect((JSON.parse(double.received.at(-1)!.body) as Record<string, unknown>).idempotency_key).toBe(body.idempotency_key);
  });

  it('authorises a hold without completing it, then completes and cancels by payment id (local HTTP double)', async () => {
    const held = await square.confirm({ ...CONFIRM, capture: 'manual', sourceId: 'cnon:card-nonce-ok' });
    expect(held).toMatchObject({ ok: true, status: 'AUTHORIZED', ref: 'sq_payment_1' });
    expect((JSON.parse(double.received.at(-1)!.body) as Record<string, unknown>).autocomplete).toBe(false);
    expect(await square.capture('sq_payment_1', 4_900, 'k:capture')).toEqual({ ok: true, status: 'PAID', ref: 'sq_payment_1' });
    expect(double.received.at(-1)!.path).toBe('/v2/payments/sq_payment_1/complete');
    expect(await square.cancel('sq_payment_1', 'k:release')).toEqual({ ok: true, status: 'CANCELED', ref: 'sq_payment_1' });
    expect(double.received.at(-1)!.path).toBe('/v2/payments/sq_payment_1/cancel');
  });

  it("maps Square's card errors to the spec's card failures (local HTTP double)", async () => {
    expect(await square.confirm({ ...CONFIRM, sourceId: 'cnon:card-nonce-rejected-cvv' })).toMatchObject({
      ok: false,
      failure: 'cvv',
      providerCode: 'CVV_FAILURE',
    });
    expect(await square.confirm({ ...CONFIRM, sourceId: 'cnon:card-nonce-declined' })).toMatchObject({
      ok: false,
      failure: 'declined',
      providerCode: 'GENERIC_DECLINE',
    });
  });

  it('asks for buyer verification, then charges with verification_token (3-D Secure, local HTTP double)', async () => {
    const key = 'pay:trackside:user-1:LISTING:item-1:ONE_TIME:1:confirm';
    const first = await square.confirm({
      ...CONFIRM,
      ref: 'sq_pending_k1',
      idempotencyKey: key,
      sourceId: 'cnon:card-nonce-requires-verification',
    });
    expect(first).toEqual({ ok: true, status: 'REQUIRES_ACTION', ref: 'sq_pending_k1' });
    expect(JSON.parse(double.received.at(-1)!.body)).not.toHaveProperty('verification_token');
    const verified = await square.confirm({
      ...CONFIRM,
      ref: 'sq_pending_k1',
      idempotencyKey: `${key}:verified:abc`,
      sourceId: 'cnon:card-nonce-requires-verification',
      verificationToken: 'verf:CBASEtest-token_1',
    });
    expect(verified).toEqual({ ok: true, status: 'PAID', ref: 'sq_payment_verified', card: { cardBrand: 'VISA', last4: '1111' } });
    const sent = JSON.parse(double.received.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ source_id: 'cnon:card-nonce-requires-verification', verification_token: 'verf:CBASEtest-token_1' });
    // A still-refused verified charge is a card failure, not another challenge (no loop).
    expect(
      await square.confirm({ ...CONFIRM, sourceId: 'cnon:card-nonce-declined', verificationToken: 'verf:CBASEtest-token_2' }),
    ).toMatchObject({ ok: false, failure: 'declined' });
  });

  it('saves a card on a new customer and reads brand, last 4 and expiry (local HTTP double)', async () => {
    const saved = await square.saveCard({
      sourceId: 'cnon:card-nonce-ok',
      customerRef: null,
      email: 'buyer@example.test',
      idempotencyKey: 'card-1',
    });
    expect(saved).toEqual({
      customerRef: 'sq_customer_1',
      paymentMethodRef: 'ccof:card-1',
      cardBrand: 'MASTERCARD',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
    });
    const [customer, card] = double.received.slice(-2);
    expect(customer.path).toBe('/v2/customers');
    expect(JSON.parse(customer.body)).toMatchObject({ email_address: 'buyer@example.test' });
    expect(card.path).toBe('/v2/cards');
    expect(JSON.parse(card.body)).toMatchObject({ source_id: 'cnon:card-nonce-ok', card: { customer_id: 'sq_customer_1' } });
  });

  it('disables a removed card at Square (local HTTP double)', async () => {
    await square.removeCard('ccof:card-1');
    const sent = double.received.at(-1)!;
    expect([sent.method, sent.path]).toEqual(['POST', `/v2/cards/${encodeURIComponent('ccof:card-1')}/disable`]);
  });
});

describe('Crypto.com Pay adapter contract (local HTTP double)', () => {
  let double: Awaited<ReturnType<typeof startDouble>>;

  beforeAll(async () => {
    double = await startDouble((request) => {
      const expected = `Basic ${Buffer.from('sk_test_crypto:').toString('base64')}`;
      if (request.headers.authorization !== expected)
        return { status: 401, body: { error: { type: 'authentication_error', code: 'unauthorized' } } };
      if (request.method !== 'POST' || request.path !== '/api/payments') return { status: 404, body: { error: { code: 'not_found' } } };
      const form = new URLSearchParams(request.body);
      return {
        status: 201,
        body: {
          id: `cro_${form.get('order_id')}`,
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'pending',
          payment_url: `https://pay.crypto.example/checkout/${form.get('order_id')}`,
        },
      };
    });
  });
  afterAll(() => new Promise<void>((resolve) => double.server.close(() => resolve())));

  const request = {
    amountCents: 29_000,
    currency: 'USD',
    idempotencyKey: 'pay:trackside:user-1:DIRECTORY:dir-1:YEARLY:1',
    orderId: 'payment-7',
    description: 'YEARLY DIRECTORY dir-1',
    metadata: { paymentId: 'payment-7', brand: 'trackside' },
  };

  it('creates a payment (local HTTP double): basic auth with the secret key, form body in minor units, idempotency key', async () => {
    const crypto = new CryptoComPaymentProvider({
      secretKey: 'sk_test_crypto',
      webhookSecret: null,
      apiUrl: `${double.url}/api`,
      toleranceSeconds: 300,
    });
    const created = await crypto.createPayment(request);
    expect(created).toEqual({ id: 'cro_payment-7', paymentUrl: 'https://pay.crypto.example/checkout/payment-7' });
    const sent = double.received.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
    const form = new URLSearchParams(sent.body);
    expect(Object.fromEntries(form)).toMatchObject({
      amount: '29000',
      currency: 'USD',
      order_id: 'payment-7',
      'metadata[paymentId]': 'payment-7',
      'metadata[brand]': 'trackside',
    });
  });

  it('turns an API refusal into a provider API error (local HTTP double)', async () => {
    const crypto = new CryptoComPaymentProvider({
      secretKey: 'sk_wrong',
      webhookSecret: null,
      apiUrl: `${double.url}/api`,
      toleranceSeconds: 300,
    });
    await expect(crypto.createPayment(request)).rejects.toBeInstanceOf(ProviderApiError);
    await expect(crypto.createPayment(request)).rejects.toMatchObject({ providerCode: 'unauthorized' });
  });
});
