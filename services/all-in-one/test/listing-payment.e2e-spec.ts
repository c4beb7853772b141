import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCardToken } from '@trackside/contracts';
import { demoId, seedCatalogueDemo } from '@trackside/catalogue-service';
import { seedDemoUsers } from '@trackside/identity-service';
import { TestMarketplace } from './support/test-marketplace';
import { eventually, waitUntil } from '@trackside/testing';

/** The sandbox card element's token for a TEST card (card numbers never reach the server; docs/payments.md). */
function card(number: string): string {
  const result = sandboxCardToken({ number, expMonth: 12, expYear: 2030 });
  if (!result.ok) throw new Error(`not a sandbox test card: ${result.reason}`);
  return result.token;
}

/**
 * A Paddock listing on a paid package (demo "Standard", one-time USD 29.00) is paid through
 * identity's payments REST, priced by the server from the package: until identity's
 * PaymentSucceeded for that listing and package reaches the catalogue, the listing is UNPAID, staff
 * cannot approve it and search does not show it. No test-side event appends: the whole path runs
 * as in `npm start`.
 */
describe('paid listing package end to end (e2e, all-in-one, PostgreSQL)', () => {
  let system: TestMarketplace;

  beforeAll(async () => {
    system = await TestMarketplace.start('all_in_one_listing_payment', 'listingpay', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      await seedCatalogueDemo(marketplace.catalogue.app, { log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    await system?.close();
  });

  it('keeps the listing unpaid until its package is paid by card, then staff approve it and search finds it', async () => {
    const token = await system.login('bidder1@trackside.demo');
    const staff = await system.login('staff@trackside.demo');
    const standard = demoId('trackside', 'package', 'Standard');
    const starter = demoId('trackside', 'package', 'Starter');

    const form = new FormData();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(png)]), 'car.png');
    const upload = await fetch(`${system.url}/upload`, {
      method: 'POST',
      headers: { 'x-brand': 'trackside', authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBeLessThan(300);
    const [image] = (await upload.json()) as Array<{ id: string }>;

    const created = await system.gql<{ createListing: { listing: { id: string; status: string; paymentStatus: string } } }>(
      `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id status paymentStatus } } }`,
      {
        data: {
          title: 'Paid Package Porsche 964 RS',
          category: 'parts',
          type: 'wheels',
          description: 'Paid through the Standard package.',
          price: 4_500,
          currency: 'USD',
          address: { country: 'US', state: 'CA', city: 'Monterey' },
          sellerType: 'PERSONAL',
          images: [image!.id],
          extraDetails: { condition: 'used' },
          packageId: standard,
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    const listing = created.data!.createListing.listing;
    expect(listing).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID' });

    const REVIEW = `mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { id status } }`;
    const found = async (): Promise<number> => {
      const answer = await system.gql<{ listings: { nbHits: number } }>(
        `{ listings(where: { q: "Paid Package Porsche" }) { nbHits } }`,
        {},
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.listings.nbHits;
    };
    expect((await system.gql(REVIEW, { id: listing.id }, staff)).errors?.[0]?.extensions?.code).toBe('listing.status.invalid');
    expect(await found()).toBe(0);

    // Paying another (free) package for this listing does not pay it.
    const payment = (packageId: string, sourceId: string): Record<string, unknown> => ({
      itemId: listing.id,
      itemType: 'LISTING',
      packageId,
      paymentType: 'ONE_TIME',
      brand: 'trackside',
      saveCard: false,
      useSavedCard: false,
      sourceId,
    });
    // The catalogue's package prices reach identity through PricingPackagePriced: wait until they are known.
    const cheap = await waitUntil(
      () => system.rest('/payment/payment-intent', payment(starter, card('4242424242424242')), token),
      (answer) => answer.body.code !== 'payment.package.notFound',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(cheap.body).toMatchObject({ status: 'FREE' });

    // The amount is the server's: a browser asking to pay less is refused.
    const priced = await waitUntil(
      () => system.rest('/payment/payment-intent', { ...payment(standard, ''), amount: 1 }, token),
      (answer) => answer.body.code !== 'payment.package.notFound',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(priced).toMatchObject({ status: 400, body: { code: 'payment.amount.mismatch' } });

    const declined = await system.rest('/payment/confirm-payment', payment(standard, card('4000000000000002')), token);
    expect(declined.body).toMatchObject({ message: 'Card declined' });
    const status = async (): Promise<string | undefined> => {
      const answer = await system.gql<{ listing: { paymentStatus: string } | null }>(
        `query($id: ID!) { listing(id: $id) { paymentStatus } }`,
        { id: listing.id },
        token,
      );
      return answer.data?.listing?.paymentStatus;
    };
    // Neither the free package's payment nor the declined card paid it.
    expect(await status()).toBe('UNPAID');
    expect((await system.gql(REVIEW, { id: listing.id }, staff)).errors?.[0]?.extensions?.code).toBe('listing.status.invalid');
    const paid = await system.rest('/payment/confirm-payment', payment(standard, card('4242424242424242')), token);
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID', amount: 29, currency: 'USD' } });

    await eventually(async () => expect(await status()).toBe('PAID'), { timeoutMs: 10_000, intervalMs: 100 });

    const approved = await system.gql<{ reviewListing: { status: string } }>(REVIEW, { id: listing.id }, staff);
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.reviewListing.status).toBe('APPROVED');
    expect(await found()).toBe(1);
  });
  it('a 100 % promotion for the package pays the listing without a card (FREE), and staff may approve it', async () => {
    const token = await system.login('bidder2@trackside.demo');
    const staff = await system.login('staff@trackside.demo');
    const standard = demoId('trackside', 'package', 'Standard');
    const promotion = await system.gql<{ createPromotion: { promotion: { id: string } } }>(
      `mutation($data: PromotionInput!) { createPromotion(input: { data: $data }) { promotion { id } } }`,
      { data: { code: 'PADDOCKFREE', isFree: true, pricingPackageId: standard } },
      staff,
    );
    expect(promotion.errors).toBeUndefined();

    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a50' } })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(png)]), 'wheel.png');
    const upload = await fetch(`${system.url}/upload`, {
      method: 'POST',
      headers: { 'x-brand': 'trackside', authorization: `Bearer ${token}` },
      body: form,
    });
    const [image] = (await upload.json()) as Array<{ id: string }>;
    const created = await system.gql<{ createListing: { listing: { id: string; paymentStatus: string } } }>(
      `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id paymentStatus } } }`,
      {
        data: {
          title: 'Promotion Wheels',
          category: 'parts',
          type: 'wheels',
          description: 'Paid with a 100 % promotion.',
          price: 800,
          currency: 'USD',
          address: { country: 'US' },
          sellerType: 'PERSONAL',
          images: [image!.id],
          extraDetails: { condition: 'new' },
          packageId: standard,
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    const listing = created.data!.createListing.listing;
    expect(listing.paymentStatus).toBe('UNPAID');

    const body = {
      itemId: listing.id,
      itemType: 'LISTING',
      packageId: standard,
      paymentType: 'ONE_TIME',
      brand: 'trackside',
      promotion: 'PADDOCKFREE',
    };
    const free = await waitUntil(
      () => system.rest('/payment/payment-intent', body, token),
      (answer) => answer.body.code !== 'payment.package.notFound',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(free.body).toMatchObject({ status: 'FREE', amount: 0 });

    const status = async (): Promise<string | undefined> =>
      (
        await system.gql<{ listing: { paymentStatus: string } | null }>(
          `query($id: ID!) { listing(id: $id) { paymentStatus } }`,
          { id: listing.id },
          token,
        )
      ).data?.listing?.paymentStatus;
    await eventually(async () => expect(await status()).toBe('FREE'), { timeoutMs: 10_000, intervalMs: 100 });
    const approved = await system.gql<{ reviewListing: { status: string } }>(
      `mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { status } }`,
      { id: listing.id },
      staff,
    );
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.reviewListing.status).toBe('APPROVED');
  });
});
