import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { IdentityTestApp } from '../support/identity-test-app';
import { cardToken, demoToken, seedPackages, transactionsOf } from '../support/payments-support';

/**
 * Issue 17, defect 3: an auction's package is paid only by the lot's seller; another user is
 * refused with the spec's 'Access denied...', a lot that does not exist with payment.item.notFound,
 * and neither leaves a payment behind. (Directory entries and listings: the catalogue applies only
 * the owner's payment, services/all-in-one/test/directory-payment.e2e-spec.ts.)
 */
describe('auction package payments belong to the seller (e2e, sandbox provider)', () => {
  let app: IdentityTestApp;
  let seller: string;
  let bidder: string;

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    await seedPackages(app);
    seller = await demoToken(app, 'seller');
    bidder = await demoToken(app, 'bidder1');
  });
  afterAll(async () => {
    await app?.close();
  });

  async function lot(): Promise<string> {
    const id = randomUUID();
    await app.service.app.get(IdentityEventStore).store.append(
      `lot-${id}`,
      [
        {
          type: 'LotCreated',
          data: { brand: 'trackside', sellerId: demoUserId('trackside', 'seller'), currency: 'USD', title: 'Lancia Stratos' },
          metadata: { brand: 'trackside', occurredAt: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    return id;
  }

  const body = (itemId: string) => ({
    itemId,
    itemType: 'AUCTION',
    packageId: 'auction-basic',
    paymentType: 'ONE_TIME',
    brand: 'trackside',
    sourceId: cardToken('4242424242424242'),
  });

  it("refuses another user's lot and a lot that does not exist, for intent and confirm, and records nothing", async () => {
    const id = await lot();
    for (const path of ['/payment/payment-intent', '/payment/confirm-payment']) {
      const foreign = await app.rest('POST', path, body(id), { token: bidder });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ code: 'payment.access.denied', message: 'Access denied...' });
      const missing = await app.rest('POST', path, body(randomUUID()), { token: bidder });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'payment.item.notFound' });
    }
    expect(await transactionsOf(app, bidder)).toEqual([]);

    const own = await app.rest('POST', '/payment/confirm-payment', body(id), { token: seller });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'PAID', amount: 99 });
  });
});
