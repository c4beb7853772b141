import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventDataRecord,
  DIRECTORY_EVENTS,
  directoryStreamId,
  paymentFailedStreamId,
  paymentSucceededStreamId,
} from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { eventually } from '../../../auction/test/support/auction-test-app';
import { CatalogueTestApp, dataOf, type TestUser } from '../support/catalogue-test-app';

const DAY = 86_400_000;
const FIELDS = `id featured activeSubscription subscriptionPeriodEnd subscriptionCancelAtPeriodEnd subscriptionPastDue packageId`;
const CREATE = `mutation($data: DirectoryInput!) { createDirectory(input: { data: $data }) { directory { id } } }`;
const ONE = `query($id: ID!) { directory(id: $id) { ${FIELDS} } }`;
const REVIEW = `mutation($id: ID!) { reviewDirectory(id: $id, status: "approved") { directory { id } } }`;
const SEARCH = `query($q: String) { directorySearch(q: $q) { featured { hits { id } } regular { hits { id } } } }`;

interface Entry {
  id: string;
  featured: boolean;
  activeSubscription: boolean;
  subscriptionPeriodEnd: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
  subscriptionPastDue: boolean;
  packageId: string | null;
}

/**
 * Directory subscriptions (issue 17): a paid MONTHLY / YEARLY plan has a period counted from the
 * payment, renewals extend it, cancelling keeps the plan until the period ends, the sweep ends it
 * (the test moves the catalogue's clock, no waiting), and a failed renewal marks the entry past due.
 * Identity's PaymentSucceeded / PaymentFailed are appended by the test as identity appends them.
 */
describe('directory subscriptions (e2e, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let featuredPlan: string;

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ env: { DIRECTORY_SWEEP_INTERVAL_MS: '50' } });
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
    store = new PostgresEventStore(pool);
    const plans = dataOf(
      await app.gql<{ pricingPackages: Array<{ id: string; featured: boolean; isFree: boolean }> }>(
        `{ pricingPackages(where: { type: "DIRECTORY" }) { id featured isFree } }`,
        {},
        { brand: 'trackside' },
      ),
    ).pricingPackages;
    featuredPlan = plans.find((plan) => plan.featured && !plan.isFree)!.id;
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  async function entryOf(owner: TestUser, name: string): Promise<string> {
    const data = {
      name,
      category: 'ENGINEERS',
      addressCountry: 'US',
      addressState: 'CA',
      addressCity: 'Monterey',
      packageId: featuredPlan,
      tos: true,
    };
    const { id } = dataOf(await app.gql<{ createDirectory: { directory: { id: string } } }>(CREATE, { data }, { token: owner.token }))
      .createDirectory.directory;
    // Approved, so visitors and the search see it.
    dataOf(await app.gql(REVIEW, { id }, { token: app.user({ permissions: { websiteEnabled: true } }).token }));
    return id;
  }

  async function read(owner: TestUser, id: string): Promise<Entry> {
    return dataOf(await app.gql<{ directory: Entry }>(ONE, { id }, { token: owner.token })).directory;
  }

  async function pay(
    owner: TestUser,
    id: string,
    options: { paymentType?: string; paidAt?: Date; packageId?: string } = {},
  ): Promise<string> {
    const paymentId = randomUUID();
    const paidAt = (options.paidAt ?? app.clock.now()).toISOString();
    const data = {
      paymentId,
      itemType: 'DIRECTORY',
      itemId: id,
      brand: 'trackside',
      userId: owner.id,
      packageId: options.packageId ?? featuredPlan,
      paymentType: options.paymentType ?? 'MONTHLY',
      status: 'PAID',
      amountCents: 2_900,
      currency: 'USD',
      provider: 'SANDBOX',
      promotionId: null,
      paidAt,
    };
    const metadata = { brand: 'trackside', occurredAt: paidAt };
    await store.append(paymentSucceededStreamId(paymentId), [{ type: 'PaymentSucceeded', data, metadata }], {
      expectedVersion: 'no_stream',
    });
    return paymentId;
  }

  async function fail(owner: TestUser, id: string, packageId = featuredPlan): Promise<string> {
    const paymentId = randomUUID();
    const data = {
      paymentId,
      itemType: 'DIRECTORY',
      itemId: id,
      brand: 'trackside',
      userId: owner.id,
      packageId,
      paymentType: 'MONTHLY',
      status: 'FAILED_PAYMENT',
      amountCents: 2_900,
      currency: 'USD',
      provider: 'SANDBOX',
      reason: 'Card declined',
      failedAt: app.clock.now().toISOString(),
    };
    const metadata = { brand: 'trackside', occurredAt: app.clock.now().toISOString() };
    await store.append(paymentFailedStreamId(paymentId), [{ type: 'PaymentFailed', data, metadata }], { expectedVersion: 'no_stream' });
    return paymentId;
  }

  async function subscriptionEvents(id: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    return (await store.readStream(directoryStreamId(id)))
      .filter((event) => event.type.startsWith('DirectorySubscription'))
      .map((event) => ({ type: event.type, data: eventDataRecord(event) }));
  }

  async function featuredIds(name: string): Promise<string[]> {
    const result = dataOf(
      await app.gql<{ directorySearch: { featured: { hits: Array<{ id: string }> } } }>(SEARCH, { q: name }, { brand: 'trackside' }),
    );
    return result.directorySearch.featured.hits.map((hit) => hit.id);
  }

  it('counts a paid period from the payment, and a renewal extends it from its end, once however often the log is read', async () => {
    const owner = app.user();
    const id = await entryOf(owner, 'Period Motors');
    const paidAt = new Date(app.clock.now().getTime() - 2 * DAY);
    const first = await pay(owner, id, { paidAt });
    const started = await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    const firstEnd = new Date(paidAt);
    firstEnd.setUTCMonth(firstEnd.getUTCMonth() + 1);
    expect(started).toMatchObject({ featured: true, subscriptionPeriodEnd: firstEnd.toISOString(), subscriptionCancelAtPeriodEnd: false });

    const second = await pay(owner, id, { paymentType: 'YEARLY' });
    const renewed = await eventually(
      () => read(owner, id),
      (entry) => entry.subscriptionPeriodEnd !== firstEnd.toISOString(),
    );
    const secondEnd = new Date(firstEnd);
    secondEnd.setUTCFullYear(secondEnd.getUTCFullYear() + 1);
    expect(renewed.subscriptionPeriodEnd).toBe(secondEnd.toISOString());
    expect(await subscriptionEvents(id)).toEqual([
      {
        type: DIRECTORY_EVENTS.subscriptionRenewed,
        data: expect.objectContaining({ paymentId: first, renewal: false, periodEnd: firstEnd.toISOString(), userId: owner.id }) as unknown,
      },
      {
        type: DIRECTORY_EVENTS.subscriptionRenewed,
        data: expect.objectContaining({
          paymentId: second,
          renewal: true,
          periodEnd: secondEnd.toISOString(),
          name: 'Period Motors',
        }) as unknown,
      },
    ]);

    // A restart reads every payment again: the period and the events stay as they are.
    await app.restart();
    expect((await read(owner, id)).subscriptionPeriodEnd).toBe(secondEnd.toISOString());
    expect(await subscriptionEvents(id)).toHaveLength(2);
  });

  it("ignores another user's payment and a payment whose period is already over", async () => {
    const owner = app.user();
    const id = await entryOf(owner, 'Ignored Payments Garage');
    await pay(app.user(), id);
    await pay(owner, id, { paidAt: new Date(app.clock.now().getTime() - 40 * DAY) });
    const marker = await pay(owner, id, { paymentType: 'YEARLY' });
    await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    const events = await subscriptionEvents(id);
    expect(events.map((event) => event.data.paymentId)).toEqual([marker]);
  });

  it('cancelling keeps the Featured plan until the period ends; the sweep then ends it (clock moved, no waiting)', async () => {
    const owner = app.user();
    const id = await entryOf(owner, 'Cancel Later Coachworks');
    await pay(owner, id);
    const paid = await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    const cancelled = await app.rest<{ directory: Entry }>(
      'POST',
      `/directories/cancel/${id}`,
      { brand: 'trackside' },
      { token: owner.token },
    );
    expect(cancelled).toMatchObject({
      status: 200,
      body: {
        directory: { activeSubscription: true, subscriptionCancelAtPeriodEnd: true, subscriptionPeriodEnd: paid.subscriptionPeriodEnd },
      },
    });
    expect((await app.rest('POST', `/directories/cancel/${id}`, {}, { token: owner.token })).body).toMatchObject({
      code: 'directory.cancel.failed',
      message: 'Failed to cancel subscription.',
    });
    expect(await featuredIds('Cancel Later Coachworks')).toEqual([id]);

    app.clock.advance(32 * DAY);
    const ended = await eventually(
      () => read(owner, id),
      (entry) => !entry.activeSubscription,
    );
    expect(ended).toMatchObject({
      featured: true,
      subscriptionCancelAtPeriodEnd: false,
      subscriptionPeriodEnd: paid.subscriptionPeriodEnd,
    });
    expect(await featuredIds('Cancel Later Coachworks')).toEqual([]);
    expect((await subscriptionEvents(id)).map((event) => [event.type, event.data.reason])).toEqual([
      [DIRECTORY_EVENTS.subscriptionRenewed, undefined],
      [DIRECTORY_EVENTS.subscriptionCanceled, undefined],
      [DIRECTORY_EVENTS.subscriptionEnded, 'canceled'],
    ]);

    // Paying again after the end starts a new period from the payment.
    await pay(owner, id);
    const again = await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    expect(new Date(again.subscriptionPeriodEnd!).getTime()).toBeGreaterThan(app.clock.now().getTime() + 27 * DAY);
  });

  it('a failed renewal marks the plan past due; a renewal clears it, and an unpaid period ends as past due', async () => {
    const owner = app.user();
    const id = await entryOf(owner, 'Past Due Parts');
    await pay(owner, id);
    await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    // Another plan's failure, or another user's, is not this plan's renewal.
    await fail(owner, id, randomUUID());
    await fail(app.user(), id);
    const failure = await fail(owner, id);
    const pastDue = await eventually(
      () => read(owner, id),
      (entry) => entry.subscriptionPastDue,
    );
    expect(pastDue.activeSubscription).toBe(true);
    expect((await subscriptionEvents(id)).at(-1)).toEqual({
      type: DIRECTORY_EVENTS.subscriptionPastDue,
      data: expect.objectContaining({ paymentId: failure, reason: 'Card declined', userId: owner.id }) as unknown,
    });

    await pay(owner, id);
    await eventually(
      () => read(owner, id),
      (entry) => !entry.subscriptionPastDue,
    );
    await fail(owner, id);
    const end = (
      await eventually(
        () => read(owner, id),
        (entry) => entry.subscriptionPastDue,
      )
    ).subscriptionPeriodEnd!;
    app.clock.advance(new Date(end).getTime() - app.clock.now().getTime() + DAY);
    await eventually(
      () => read(owner, id),
      (entry) => !entry.activeSubscription,
    );
    expect((await subscriptionEvents(id)).at(-1)).toEqual({
      type: DIRECTORY_EVENTS.subscriptionEnded,
      data: expect.objectContaining({ reason: 'pastDue', periodEnd: end }) as unknown,
    });
  });

  it('shows the billing period to the owner and staff only, in search to the owner', async () => {
    const owner = app.user();
    const id = await entryOf(owner, 'Private Billing Tires');
    await pay(owner, id);
    await eventually(
      () => read(owner, id),
      (entry) => entry.activeSubscription,
    );
    const staff = app.user({ permissions: { websiteEnabled: true } });
    expect((await read(staff, id)).subscriptionPeriodEnd).not.toBeNull();
    expect((await read(app.user(), id)).subscriptionPeriodEnd).toBeNull();
    // In search too: the owner's card knows its plan (no second Cancel after cancelling), visitors' do not.
    const BILLING = `query($q: String) { directorySearch(q: $q) { featured { hits { id subscriptionPeriodEnd } } } }`;
    type Hits = { directorySearch: { featured: { hits: Array<{ id: string; subscriptionPeriodEnd: string | null }> } } };
    const ownSearch = dataOf(await app.gql<Hits>(BILLING, { q: 'Private Billing Tires' }, { token: owner.token }));
    expect(ownSearch.directorySearch.featured.hits).toEqual([{ id, subscriptionPeriodEnd: expect.any(String) as unknown }]);
    const publicSearch = dataOf(await app.gql<Hits>(BILLING, { q: 'Private Billing Tires' }, { brand: 'trackside' }));
    expect(publicSearch.directorySearch.featured.hits).toEqual([{ id, subscriptionPeriodEnd: null }]);
  });
});
