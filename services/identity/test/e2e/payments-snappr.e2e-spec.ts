import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_PACKAGE_EVENTS, pricingPackageStreamId } from '@trackside/contracts';
import { demoUserId } from '../../src/demo/demo-users';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { IdentityTestApp } from '../support/identity-test-app';
import { demoToken, seedPackages } from '../support/payments-support';
import { waitUntil } from '@trackside/testing';

/**
 * The package payment of an auction adds the package's Snappr price when the lot uses the Snappr
 * service (spec 001): the identity service reads serviceSnappr from the lot's log and the Snappr
 * price from the catalogue's PricingPackagePriced events; the browser's amount never sets the price.
 */
describe('auction package payments with Snappr (e2e, sandbox provider)', () => {
  let app: IdentityTestApp;
  let seller: string;

  const AUCTION = (itemId: string, overrides: Record<string, unknown> = {}) => ({
    itemId,
    itemType: 'AUCTION',
    packageId: 'auction-basic',
    paymentType: 'ONE_TIME',
    brand: 'trackside',
    saveCard: false,
    useSavedCard: false,
    ...overrides,
  });

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    await seedPackages(app);
    seller = await demoToken(app, 'seller');
  });
  afterAll(async () => {
    await app?.close();
  });

  const store = () => app.service.app.get(IdentityEventStore).store;
  const meta = (brand = 'trackside') => ({ brand, occurredAt: new Date().toISOString() });

  /** A lot as the auction service records it (only the fields identity reads). */
  async function lot(serviceSnappr: boolean, brand = 'trackside'): Promise<string> {
    const id = randomUUID();
    await store().append(
      `lot-${id}`,
      [
        {
          type: 'LotCreated',
          data: {
            brand,
            sellerId: demoUserId(brand, 'seller'),
            currency: 'USD',
            title: 'Ferrari 308 GTS',
            serviceSnappr,
            packageId: 'auction-basic',
          },
          metadata: meta(brand),
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    return id;
  }

  const intent = (body: Record<string, unknown>) => app.rest('POST', '/payment/payment-intent', body, { token: seller });

  it('charges the package alone without Snappr, and package + Snappr with it', async () => {
    const plain = await intent(AUCTION(await lot(false)));
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ code: 200, amount: 99, currency: 'USD' });

    const withSnappr = await intent(AUCTION(await lot(true)));
    expect(withSnappr.status).toBe(200);
    expect(withSnappr.body).toMatchObject({ code: 200, amount: 248, currency: 'USD' });
  });

  it('follows the lot: opting in or out by an update changes the price', async () => {
    const id = await lot(false);
    await store().append(
      `lot-${id}`,
      [
        {
          type: 'LotUpdated',
          data: { changes: { serviceSnappr: true }, updatedBy: 'seller', updatedAt: new Date().toISOString() },
          metadata: meta(),
        },
      ],
      { expectedVersion: 1 },
    );
    expect((await intent(AUCTION(id))).body).toMatchObject({ amount: 248 });
    await store().append(
      `lot-${id}`,
      [
        {
          type: 'LotUpdated',
          data: { changes: { title: 'Renamed' }, updatedBy: 'seller', updatedAt: new Date().toISOString() },
          metadata: meta(),
        },
      ],
      { expectedVersion: 2 },
    );
    expect((await intent(AUCTION(id))).body).toMatchObject({ amount: 248 });
    await store().append(
      `lot-${id}`,
      [
        {
          type: 'LotUpdated',
          data: { changes: { serviceSnappr: false }, updatedBy: 'seller', updatedAt: new Date().toISOString() },
          metadata: meta(),
        },
      ],
      { expectedVersion: 3 },
    );
    expect((await intent(AUCTION(id))).body).toMatchObject({ amount: 99 });
  });

  it("never takes the browser's amount: the package price alone is refused for a Snappr lot", async () => {
    const id = await lot(true);
    const cheaper = await intent(AUCTION(id, { amount: 99 }));
    expect(cheaper.status).toBe(400);
    expect(cheaper.body).toMatchObject({ code: 'payment.amount.mismatch' });
    const matching = await intent(AUCTION(id, { amount: '248.00' }));
    expect(matching.body).toMatchObject({ code: 200, amount: 248 });
  });

  it("refuses a Snappr package payment for a lot that is not the brand's or does not exist", async () => {
    const foreign = await intent(AUCTION(await lot(true, 'jewelry')));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'payment.item.notFound' });
    const missing = await intent(AUCTION(randomUUID()));
    expect(missing.status).toBe(404);
  });

  it("takes the Snappr price and the forced flag from the catalogue's PricingPackagePriced events", async () => {
    const packageId = randomUUID();
    const priced = (snappr: { snapprPriceCents?: number | null; snapprForceEnabled?: boolean }) => ({
      type: PRICING_PACKAGE_EVENTS.priced,
      data: {
        brand: 'trackside',
        packageId,
        title: 'Auction Plus',
        type: 'AUCTION',
        currency: 'USD',
        enabled: true,
        isFree: false,
        oneTimePriceCents: 10_000,
        monthlyPriceCents: null,
        yearlyPriceCents: null,
        ...snappr,
      },
      metadata: meta(),
    });
    const optedOut = await lot(false);
    const optedIn = await lot(true);
    const amountOf = async (id: string, expected: number): Promise<void> => {
      const answer = await waitUntil(
        () => intent(AUCTION(id, { packageId })),
        (reply) => reply.body.amount === expected,
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      expect(answer.body).toMatchObject({ code: 200, amount: expected });
    };
    // An event from before the Snappr fields: no Snappr price.
    await store().append(pricingPackageStreamId(packageId), [priced({})], { expectedVersion: 'no_stream' });
    await amountOf(optedIn, 100);
    await store().append(pricingPackageStreamId(packageId), [priced({ snapprPriceCents: 12_550, snapprForceEnabled: false })], {
      expectedVersion: 1,
    });
    await amountOf(optedIn, 225.5);
    await amountOf(optedOut, 100);
    // Forced on by the package: every auction on it pays for Snappr.
    await store().append(pricingPackageStreamId(packageId), [priced({ snapprPriceCents: 12_550, snapprForceEnabled: true })], {
      expectedVersion: 2,
    });
    await amountOf(optedOut, 225.5);
  });
});
