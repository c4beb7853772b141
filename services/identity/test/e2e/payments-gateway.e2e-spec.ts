import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '@trackside/gateway-service';
import { signedHeader } from '../../src/payments/providers/signed-header';
import { startTestGateway } from '../../../gateway/test/support/test-gateway';
import { IdentityTestApp, TEST_JWT_SECRET } from '../support/identity-test-app';
import { announceListing } from '../support/payable-items-support';
import { cardToken, demoToken, SANDBOX_SECRET, seedPackages, TRANSACTIONS } from '../support/payments-support';

/**
 * The payment calls as a browser makes them: through the gateway's REST routes (/payment, /cro,
 * /webhooks proxied to identity byte for byte, so webhook signatures still verify) and the
 * federated graph (identity's promotion and transaction types composed by the real gateway).
 */
describe('payments through the gateway (e2e)', () => {
  let identity: IdentityTestApp;
  let gateway: RunningGateway;
  let token: string;

  beforeAll(async () => {
    identity = await IdentityTestApp.create({
      env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, PAYMENT_BRAND_SETTINGS: JSON.stringify({ trackside: { cryptoEnabled: true } }) },
    });
    await seedPackages(identity);
    gateway = await startTestGateway({
      jwtSecret: TEST_JWT_SECRET,
      subgraphs: { identity: identity.service.url },
      env: { IDENTITY_URL: identity.service.url },
    });
    token = await demoToken(identity, 'bidder1');
  });
  afterAll(async () => {
    await gateway?.close();
    await identity?.close();
  });

  async function post(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("pays through the gateway's REST routes, 'Unauthorized' without a token", async () => {
    const item = {
      itemId: await announceListing(identity, 'bidder1'),
      itemType: 'LISTING',
      packageId: 'listing-featured',
      paymentType: 'ONE_TIME',
      paymentProvider: 'SQUARE',
    };
    expect(await post('/payment/payment-intent', item)).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    const auth = { authorization: `Bearer ${token}` };
    const intent = await post('/payment/payment-intent', item, auth);
    expect(intent).toMatchObject({ status: 200, body: { code: 200, amount: 49 } });
    const paid = await post('/payment/confirm-payment', { ...item, sourceId: cardToken('4000000000000069') }, auth);
    expect(paid).toMatchObject({ status: 400, body: { message: 'Card expiration date incorrect' } });
    const crypto = await post(
      '/cro/payments',
      { ...item, itemId: await announceListing(identity, 'bidder1'), paymentProvider: 'CRYPTO_DOT_COM' },
      auth,
    );
    expect(crypto.status).toBe(200);
  });

  it('delivers signed webhooks byte for byte through the gateway', async () => {
    const item = {
      itemId: await announceListing(identity, 'bidder1'),
      itemType: 'LISTING',
      packageId: 'listing-featured',
      paymentType: 'ONE_TIME',
    };
    const pending = await post(
      '/payment/confirm-payment',
      { ...item, sourceId: cardToken('4000002500003155') },
      { authorization: `Bearer ${token}` },
    );
    expect(pending.body).toMatchObject({ status: 'REQUIRES_ACTION' });
    // Odd spacing: a proxy that re-serialised the JSON would break the signature.
    const raw = `{ "id": "evt_${randomUUID()}",  "type": "payment.succeeded", "data": { "ref": "${String(pending.body.paymentIntent)}" } }`;
    const forged = await post('/webhooks/payment/sandbox', raw, {
      'x-sandbox-signature': signedHeader(raw, 'not-the-secret-of-it', new Date()),
    });
    expect(forged.status).toBe(400);
    const good = await post('/webhooks/payment/sandbox', raw, { 'x-sandbox-signature': signedHeader(raw, SANDBOX_SECRET, new Date()) });
    expect(good).toMatchObject({ status: 200, body: { status: 'PAID' } });
  });

  it('serves promotionByCode and myTransactions from the federated graph', async () => {
    const graph = async (query: string, variables: Record<string, unknown>, auth?: string) => {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as {
        data?: Record<string, unknown>;
        errors?: Array<{ message: string; extensions?: { code?: string } }>;
      };
    };
    const empty = await graph(
      `query($c: String) { promotionByCode(code: $c, pricingPackageId: "x") { id isFree redeemed coupon { id } } }`,
      { c: '' },
    );
    expect(empty.errors?.[0]).toMatchObject({ message: 'Please enter a promotion code', extensions: { code: 'promotion.code.provide' } });
    const transactions = await graph(TRANSACTIONS, { limit: 10 }, token);
    expect(transactions.errors).toBeUndefined();
    const list = (transactions.data?.myTransactions as { transactions: Array<{ status: string }> }).transactions;
    expect(list.map((row) => row.status).sort()).toEqual(['FAILED_PAYMENT', 'PAID', 'PENDING']);
  });
});
