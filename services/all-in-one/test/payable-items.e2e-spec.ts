import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCardToken } from '@trackside/contracts';
import { demoId, seedCatalogueDemo } from '@trackside/catalogue-service';
import { demoUserId, seedDemoUsers } from '@trackside/identity-service';
import { TestMarketplace } from './support/test-marketplace';
import { waitUntil } from '@trackside/testing';

const CARD = (() => {
  const made = sandboxCardToken({ number: '4242424242424242', expMonth: 12, expYear: 2030 });
  if (!made.ok) throw new Error('sandbox token');
  return made.token;
})();

/**
 * Issue 17 "Prices come from the server", across services as in `npm start`: an entry or listing a
 * user creates in the catalogue is announced to identity in the same transaction, so another user's
 * payment for it is refused at once with 'Access denied...' (nothing charged), an unknown id with
 * payment.item.notFound, and staff paying for the owner's item are recorded as on the owner's
 * behalf and the catalogue applies that payment to the owner's item.
 */
describe('payable items checked up front (e2e, all-in-one, PostgreSQL)', () => {
  let system: TestMarketplace;

  beforeAll(async () => {
    system = await TestMarketplace.start('all_in_one_payable_items', 'payable', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      await seedCatalogueDemo(marketplace.catalogue.app, { log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    await system?.close();
  });

  /** Polls until `check` holds or 15 s pass (package prices and payments travel through the log). */
  async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    return waitUntil(probe, check, { timeoutMs: 15_000, intervalMs: 100 });
  }

  async function createListing(token: string): Promise<string> {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#35a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'car.png');
    const upload = await fetch(`${system.url}/upload`, {
      method: 'POST',
      headers: { 'x-brand': 'trackside', authorization: `Bearer ${token}` },
      body: form,
    });
    const [image] = (await upload.json()) as Array<{ id: string }>;
    const created = await system.gql<{ createListing: { listing: { id: string } } }>(
      `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id } } }`,
      {
        data: {
          title: 'Owner Only Ferrari Wheels',
          category: 'parts',
          type: 'wheels',
          description: 'Wheels paid through the Standard package.',
          price: 2_500,
          currency: 'USD',
          address: { country: 'US', state: 'CA', city: 'Monterey' },
          sellerType: 'PERSONAL',
          images: [image!.id],
          extraDetails: { condition: 'used' },
          packageId: demoId('trackside', 'package', 'Standard'),
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createListing.listing.id;
  }

  async function createEntry(token: string): Promise<string> {
    const created = await system.gql<{ createDirectory: { directory: { id: string } } }>(
      `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }`,
      {
        data: {
          name: 'Laguna Seca Detailing',
          category: 'ENGINEERS',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Monterey',
          addressPostal: '93940',
          addressStreet1: '11 Rainey Curve',
          website: 'https://laguna.example.com',
          phone: '+1 555 0111',
          email: 'hello@laguna.example.com',
          keywords: ['detailing'],
          featured: true,
          packageId: demoId('trackside', 'package', 'Featured Listing'),
          tos: true,
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    return created.data!.createDirectory.directory.id;
  }

  const listingPayment = (itemId: string) => ({
    itemId,
    itemType: 'LISTING',
    packageId: demoId('trackside', 'package', 'Standard'),
    paymentType: 'ONE_TIME',
    brand: 'trackside',
    sourceId: CARD,
  });
  const entryPayment = (itemId: string) => ({
    itemId,
    itemType: 'DIRECTORY',
    packageId: demoId('trackside', 'package', 'Featured Listing'),
    paymentType: 'MONTHLY',
    brand: 'trackside',
    sourceId: CARD,
  });

  it("refuses another user's listing and entry at once and unknown ids, then applies staff's payment to the owner's items", async () => {
    const owner = await system.login('bidder1@trackside.demo');
    const other = await system.login('bidder2@trackside.demo');
    const staff = await system.login('staff@trackside.demo');
    const listing = await createListing(owner);
    const entry = await createEntry(owner);

    // Right after creation, with no waiting: the announcement committed with the row.
    for (const body of [listingPayment(listing), entryPayment(entry)]) {
      for (const path of ['/payment/payment-intent', '/payment/confirm-payment']) {
        expect(await system.rest(path, body, other)).toMatchObject({
          status: 403,
          body: { code: 'payment.access.denied', message: 'Access denied...' },
        });
      }
    }
    for (const body of [listingPayment(randomUUID()), entryPayment(randomUUID())])
      expect(await system.rest('/payment/payment-intent', body, other)).toMatchObject({
        status: 404,
        body: { code: 'payment.item.notFound' },
      });
    const refused = await system.gql<{ myTransactions: { count: number } }>(`{ myTransactions { count } }`, {}, other);
    expect(refused.data?.myTransactions.count).toBe(0);

    // Staff pay for both on the owner's behalf (the package prices reach identity through the log first).
    const paidListing = await until(
      () => system.rest('/payment/confirm-payment', listingPayment(listing), staff),
      (answer) => answer.body.code !== 'payment.package.notFound',
    );
    expect(paidListing).toMatchObject({ status: 200, body: { status: 'PAID' } });
    const paidEntry = await until(
      () => system.rest('/payment/confirm-payment', entryPayment(entry), staff),
      (answer) => answer.body.code !== 'payment.package.notFound',
    );
    expect(paidEntry).toMatchObject({ status: 200, body: { status: 'PAID' } });

    const listingStatus = await until(
      async () =>
        (
          await system.gql<{ listing: { paymentStatus: string } | null }>(
            `query($id: ID!) { listing(id: $id) { paymentStatus } }`,
            { id: listing },
            owner,
          )
        ).data?.listing?.paymentStatus,
      (status) => status === 'PAID',
    );
    expect(listingStatus).toBe('PAID');
    const entryState = await until(
      async () =>
        (
          await system.gql<{ myDirectories: Array<{ id: string; activeSubscription: boolean }> }>(
            `query { myDirectories(start: 0, limit: 50) { id activeSubscription } }`,
            {},
            owner,
          )
        ).data?.myDirectories.find((row) => row.id === entry),
      (row) => row?.activeSubscription === true,
    );
    expect(entryState).toMatchObject({ activeSubscription: true });

    const history = await system.gql<{
      myTransactions: { transactions: Array<{ itemId: string; itemName: string; onBehalfOf: string | null }> };
    }>(`{ myTransactions { transactions { itemId itemName onBehalfOf } } }`, {}, staff);
    const ownerId = demoUserId('trackside', 'bidder1');
    expect(history.data!.myTransactions.transactions).toEqual(
      expect.arrayContaining([
        { itemId: listing, itemName: 'Owner Only Ferrari Wheels', onBehalfOf: ownerId },
        { itemId: entry, itemName: 'Laguna Seca Detailing', onBehalfOf: ownerId },
      ]),
    );
  });
});
