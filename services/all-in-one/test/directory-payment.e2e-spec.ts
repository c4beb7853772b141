import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSucceededStreamId, sandboxCardToken } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { demoId, seedCatalogueDemo } from '@trackside/catalogue-service';
import { seedDemoUsers } from '@trackside/identity-service';
import { TestMarketplace } from './support/test-marketplace';
import { waitUntil } from '@trackside/testing';

/** The sandbox card element's token for a TEST card (card numbers never reach the server; docs/payments.md). */
function card(number: string): string {
  const result = sandboxCardToken({ number, expMonth: 12, expYear: 2030 });
  if (!result.ok) throw new Error(`not a sandbox test card: ${result.reason}`);
  return result.token;
}

/**
 * A featured directory plan paid through identity's payments REST turns the entry's subscription
 * on in the catalogue: identity appends PaymentSucceeded, the catalogue follows it (no test-side
 * event appends: the whole path runs as in `npm start`).
 */
describe('featured directory plan paid end to end (e2e, all-in-one, PostgreSQL)', () => {
  let system: TestMarketplace;

  beforeAll(async () => {
    system = await TestMarketplace.start('all_in_one_directory_payment', 'dirpay', async (marketplace) => {
      await seedDemoUsers(marketplace.identity.app, { log: () => undefined });
      await seedCatalogueDemo(marketplace.catalogue.app, { log: () => undefined });
    });
  }, 120_000);
  afterAll(async () => {
    await system?.close();
  });

  it('activates the subscription once the card payment succeeds, and a double submit changes nothing', async () => {
    const token = await system.login('bidder1@trackside.demo');
    const featuredPlan = demoId('trackside', 'package', 'Featured Listing');

    const created = await system.gql<{ createDirectory: { directory: { id: string; featured: boolean; activeSubscription: boolean } } }>(
      `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id featured activeSubscription } } }`,
      {
        data: {
          name: 'Apex Paint and Body',
          category: 'ENGINEERS',
          addressCountry: 'US',
          addressState: 'CA',
          addressCity: 'Monterey',
          addressPostal: '93940',
          addressStreet1: '1 Pit Lane',
          website: 'https://apex.example.com',
          phone: '+1 555 0100',
          email: 'hello@apex.example.com',
          keywords: ['paint', 'body'],
          featured: true,
          packageId: featuredPlan,
          tos: true,
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    const entry = created.data!.createDirectory.directory;
    expect(entry).toMatchObject({ featured: true, activeSubscription: false });

    const payment = {
      itemId: entry.id,
      itemType: 'DIRECTORY',
      packageId: featuredPlan,
      paymentType: 'MONTHLY',
      brand: 'trackside',
      saveCard: false,
      useSavedCard: false,
      sourceId: card('4242424242424242'),
    };
    // The catalogue's package price reaches identity through PricingPackagePriced: wait until it is known.
    const paid = await waitUntil(
      () => system.rest('/payment/confirm-payment', payment, token),
      (answer) => answer.body.code !== 'payment.package.notFound',
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID' } });

    const mine = async (): Promise<{ id: string; activeSubscription: boolean } | undefined> => {
      const answer = await system.gql<{ myDirectories: Array<{ id: string; activeSubscription: boolean }> }>(
        `query { myDirectories(start: 0, limit: 50) { id activeSubscription } }`,
        {},
        token,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.myDirectories.find((row) => row.id === entry.id);
    };
    const row = await waitUntil(mine, (current) => current?.activeSubscription === true, { timeoutMs: 10_000, intervalMs: 100 });
    expect(row).toMatchObject({ id: entry.id, activeSubscription: true });

    // The same confirmation again answers the same payment; the event is not appended twice.
    const again = await system.rest('/payment/confirm-payment', payment, token);
    expect(again.body).toMatchObject({ status: 'PAID', id: paid.body.id });
    const pool = new pg.Pool({ connectionString: system.database.url, max: 1 });
    const events = await new PostgresEventStore(pool).readStream(paymentSucceededStreamId(String(paid.body.id))).finally(() => pool.end());
    expect(events.map((event) => event.type)).toEqual(['PaymentSucceeded']);
    expect(events[0]!.data).toMatchObject({ itemType: 'DIRECTORY', itemId: entry.id, status: 'PAID', paymentType: 'MONTHLY' });
  });
  it("grants the Featured plan only to the entry owner's PAID payment for a paid plan (issue 17, defects 2 and 3)", async () => {
    const owner = await system.login('bidder1@trackside.demo');
    const other = await system.login('bidder2@trackside.demo');
    const featuredPlan = demoId('trackside', 'package', 'Featured Listing');
    const freePlan = demoId('trackside', 'package', 'Basic Listing');

    const create = async (name: string, featured: boolean): Promise<string> => {
      const created = await system.gql<{ createDirectory: { directory: { id: string } } }>(
        `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }`,
        {
          data: {
            name,
            category: 'ENGINEERS',
            addressCountry: 'US',
            addressState: 'CA',
            addressCity: 'Monterey',
            addressPostal: '93940',
            addressStreet1: '2 Pit Lane',
            website: 'https://example.com',
            phone: '+1 555 0101',
            email: 'hello@example.com',
            keywords: ['paint'],
            featured,
            packageId: featured ? featuredPlan : freePlan,
            tos: true,
          },
        },
        owner,
      );
      expect(created.errors).toBeUndefined();
      return created.data!.createDirectory.directory.id;
    };
    const pay = async (itemId: string, packageId: string, token: string) => {
      const body = {
        itemId,
        itemType: 'DIRECTORY',
        packageId,
        paymentType: 'MONTHLY',
        brand: 'trackside',
        sourceId: card('4242424242424242'),
      };
      const answer = await waitUntil(
        () => system.rest('/payment/confirm-payment', body, token),
        (answer) => answer.body.code !== 'payment.package.notFound',
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      return answer;
    };
    const entryOf = async (id: string): Promise<{ featured: boolean; activeSubscription: boolean } | undefined> => {
      const answer = await system.gql<{ myDirectories: Array<{ id: string; featured: boolean; activeSubscription: boolean }> }>(
        `query { myDirectories(start: 0, limit: 50) { id featured activeSubscription } }`,
        {},
        owner,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data!.myDirectories.find((row) => row.id === id);
    };

    const victim = await create('Victim Featured Motors', true);
    const basic = await create('Basic Body Shop', false);
    const marker = await create('Marker Motors', true);
    expect(await entryOf(basic)).toMatchObject({ featured: false, activeSubscription: false });

    // Defect 3: another user pays the featured plan for the owner's entry. Identity now refuses it
    // up front (nothing charged); the catalogue would ignore it anyway (still checked below).
    const foreign = await pay(victim, featuredPlan, other);
    expect(foreign).toMatchObject({ status: 403, body: { code: 'payment.access.denied', message: 'Access denied...' } });
    // Defect 2: a FREE "payment" (the free plan's package) on an entry must not turn the Featured plan on.
    const free = await pay(basic, freePlan, owner);
    expect(free.body).toMatchObject({ status: 'FREE', amount: 0 });

    // The catalogue follows payments in log order: once the owner's own later payment is applied,
    // the earlier ones have been handled.
    expect((await pay(marker, featuredPlan, owner)).body).toMatchObject({ status: 'PAID' });
    await waitUntil(
      () => entryOf(marker),
      (current) => current?.activeSubscription === true,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(await entryOf(marker)).toMatchObject({ featured: true, activeSubscription: true });

    // Both checked at once so a failure shows each defect.
    expect({ victim: await entryOf(victim), basic: await entryOf(basic) }).toMatchObject({
      victim: { activeSubscription: false },
      basic: { featured: false, activeSubscription: false },
    });
  });
});
