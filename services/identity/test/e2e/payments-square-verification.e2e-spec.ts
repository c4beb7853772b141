import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { IdentityTestApp } from '../support/identity-test-app';
import { announceListing } from '../support/payable-items-support';
import { demoToken, seedPackages } from '../support/payments-support';

/**
 * Square's CreatePayment as a LOCAL HTTP DOUBLE on 127.0.0.1 (no Square server can run here; it
 * follows the published shape of POST /v2/payments): the SCA test nonce is refused with
 * CARD_DECLINED_VERIFICATION_REQUIRED until the request carries `verification_token`.
 */
async function startSquareDouble(): Promise<{ url: string; bodies: Array<Record<string, unknown>>; server: Server }> {
  const bodies: Array<Record<string, unknown>> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      if (req.url === '/v2/payments') bodies.push(body);
      const verified = typeof body.verification_token === 'string';
      const answer =
        req.url !== '/v2/payments'
          ? { status: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' }] } }
          : verified
            ? {
                status: 200,
                body: {
                  payment: {
                    id: 'sq_payment_verified',
                    status: 'COMPLETED',
                    amount_money: body.amount_money,
                    card_details: { card: { card_brand: 'VISA', last_4: '1111' } },
                  },
                },
              }
            : {
                status: 400,
                body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED_VERIFICATION_REQUIRED', detail: 'Verify.' }] },
              };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

describe('Square 3-D Secure through confirm-payment (e2e, Square local HTTP double)', () => {
  let app: IdentityTestApp;
  let token: string;
  let square: Awaited<ReturnType<typeof startSquareDouble>>;

  beforeAll(async () => {
    square = await startSquareDouble();
    app = await IdentityTestApp.create({
      env: {
        SQUARE_ACCESS_TOKEN: 'EAAA-test-token',
        SQUARE_API_URL: square.url,
        SQUARE_LOCATION_ID: 'LOC_1',
        PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { stripeActive: false } }),
      },
    });
    await seedPackages(app);
    token = await demoToken(app, 'bidder1');
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => square?.server.close(() => resolve()));
  });

  const request = async () => ({
    itemId: await announceListing(app, 'bidder1'),
    itemType: 'LISTING',
    packageId: 'listing-featured',
    paymentType: 'ONE_TIME',
  });

  it("answers square_verify without 'Payment received.', then charges with the verification token (local HTTP double)", async () => {
    const body = { ...(await request()), sourceId: 'cnon:card-nonce-requires-verification' };
    const first = await app.rest('POST', '/payment/confirm-payment', body, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'REQUIRES_ACTION', nextAction: { type: 'square_verify' } });
    expect(first.body).not.toHaveProperty('message');

    const verified = await app.rest('POST', '/payment/confirm-payment', { ...body, verificationToken: 'verf:CBASE-test_token' }, { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: first.body.id, status: 'PAID', message: 'Payment received.', nextAction: null });
    expect(square.bodies.at(-1)).toMatchObject({
      source_id: 'cnon:card-nonce-requires-verification',
      verification_token: 'verf:CBASE-test_token',
      location_id: 'LOC_1',
    });
    // Square's own payment id is kept, so its notifications find the payment.
    const [row] = (await app.service.app
      .get(DataSource)
      .query(`SELECT provider_ref FROM identity.payments WHERE id = $1`, [first.body.id])) as Array<{ provider_ref: string }>;
    expect(row.provider_ref).toBe('sq_payment_verified');
    // The verified charge is a new request at Square: its idempotency key differs from the first one's.
    expect(square.bodies.at(-1)!.idempotency_key).not.toBe(square.bodies.at(-2)!.idempotency_key);
  });

  it('refuses a verification token that is not a token, and one holding a card number', async () => {
    const body = { ...(await request()), sourceId: 'cnon:card-nonce-requires-verification' };
    const sent = square.bodies.length;
    for (const verificationToken of [{ token: 'x' }, 'verf: two words', 4242]) {
      const answer = await app.rest('POST', '/payment/confirm-payment', { ...body, verificationToken }, { token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'payment.validation' });
    }
    const card = await app.rest('POST', '/payment/confirm-payment', { ...body, verificationToken: '4242 4242 4242 4242' }, { token });
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({ code: 'payment.card.rawNumber' });
    expect(square.bodies.length).toBe(sent);
  });
});
