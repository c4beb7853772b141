import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoComPaymentRequest } from './crypto-com-payment-provider';
import { SquarePaymentProvider } from './square-payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';

/**
 * Issue 23 defect 1, the payment side: inside, amounts are cents (1/100 of a unit whatever the
 * currency); Stripe, Square and Crypto.com Pay take the currency's ISO 4217 minor unit, which for
 * JPY is the yen. A ¥1,000 payment (100000 cents inside) must reach them as 1000. The providers are
 * LOCAL HTTP DOUBLES on 127.0.0.1 that record the bodies they receive and answer in the providers'
 * published shapes.
 */
interface Received {
  method: string;
  path: string;
  body: string;
}

async function startDouble(answer: (request: Received) => unknown): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(request)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const YEN_1000 = 100_000;
const REQUEST = {
  ref: null,
  amountCents: YEN_1000,
  currency: 'JPY',
  capture: 'manual' as const,
  idempotencyKey: 'pay:jpy-lot:hold',
  description: 'bid hold',
  metadata: { paymentId: 'payment-jpy' },
  sourceId: null,
  paymentMethodRef: 'pm_card_visa',
  customerRef: null,
  locationId: null,
};

describe('payment providers receive JPY in yen, not yen x 100', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

  describe('Stripe', () => {
    let double: Awaited<ReturnType<typeof startDouble>>;
    let stripe: StripePaymentProvider;
    const intent = { id: 'pi_jpy', object: 'payment_intent', currency: 'jpy', status: 'requires_capture', client_secret: 'pi_jpy_secret' };
    beforeAll(async () => {
      double = await startDouble((request) => (request.path.startsWith('/v1/refunds') ? { id: 're_1', object: 'refund' } : intent));
      servers.push(double.server);
      stripe = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: null, apiUrl: double.url, toleranceSeconds: 300 });
    });
    const form = (request: Received | undefined): URLSearchParams => new URLSearchParams(request?.body ?? '');

    it('creates, captures and refunds in yen', async () => {
      await stripe.confirm(REQUEST);
      const created = double.received.find((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
      expect(form(created).get('amount')).toBe('1000');
      expect(form(created).get('currency')).toBe('jpy');
      await stripe.capture('pi_jpy', YEN_1000, 'capture-key');
      expect(form(double.received.find((request) => request.path === '/v1/payment_intents/pi_jpy/capture')).get('amount_to_capture')).toBe(
        '1000',
      );
      await stripe.refund('pi_jpy', 50_000, 'refund-key');
      expect(form(double.received.find((request) => request.path === '/v1/refunds')).get('amount')).toBe('500');
    });
  });

  describe('Square', () => {
    let double: Awaited<ReturnType<typeof startDouble>>;
    let square: SquarePaymentProvider;
    beforeAll(async () => {
      double = await startDouble((request) => {
        const money = { amount: 1000, currency: 'JPY' };
        if (request.path.startsWith('/v2/refunds')) return { refund: { id: 'rf_1', status: 'PENDING', amount_money: money } };
        return { payment: { id: 'sq_jpy', status: 'APPROVED', amount_money: money } };
      });
      servers.push(double.server);
      square = new SquarePaymentProvider({
        accessToken: 'EAAA-test-token',
        environment: 'sandbox',
        apiUrl: double.url,
        locationId: 'LOC_1',
        webhookSignatureKey: null,
        webhookUrl: null,
      });
    });

    it('charges and refunds in yen', async () => {
      await square.confirm({ ...REQUEST, sourceId: 'cnon:card-nonce-ok' });
      const payment = JSON.parse(double.received.find((request) => request.path === '/v2/payments')!.body) as Record<string, unknown>;
      expect(payment.amount_money).toEqual({ amount: 1000, currency: 'JPY' });
      await square.refund('sq_jpy', 50_000, 'refund-key');
      const refund = JSON.parse(double.received.find((request) => request.path === '/v2/refunds')!.body) as Record<string, unknown>;
      expect(refund.amount_money).toEqual({ amount: 500, currency: 'JPY' });
    });
  });

  it('Crypto.com Pay: the form amount is in yen; USD stays in cents', () => {
    const base = { idempotencyKey: 'k', orderId: 'o', description: 'd', metadata: {} };
    const options = { secretKey: 'sk_test_crypto', apiUrl: 'http://127.0.0.1:1' };
    expect(
      new URLSearchParams(cryptoComPaymentRequest(options, { ...base, amountCents: YEN_1000, currency: 'JPY' }).init.body).get('amount'),
    ).toBe('1000');
    expect(
      new URLSearchParams(cryptoComPaymentRequest(options, { ...base, amountCents: 29_000, currency: 'USD' }).init.body).get('amount'),
    ).toBe('29000');
  });
});
