import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDataRecord, PRICING_PACKAGE_EVENTS, pricingPackageStreamId } from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import pg from 'pg';
import { CatalogueTestApp, dataOf, errorCode, errorMessage } from '../support/catalogue-test-app';

const FIELDS = `id title type brand enabled currency featured isFree imageLimit videoLimit listingLimit listingLimitMax weighting
  permittedCategories restrictedCategories sellingPoints { text subtext }
  oneTimePayment { enabled price } monthlyPayment { enabled price } yearlyPayment { enabled price } pricePerListing { enabled price }
  activePeriod snappr { enabled forceEnabled price } priceLabel`;
const LIST = `query($where: PricingPackageWhere, $start: Int, $limit: Int) { pricingPackages(where: $where, start: $start, limit: $limit) { ${FIELDS} } }`;
const ONE = `query($id: ID!) { pricingPackage(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($data: PricingPackageInput!) { createPricingPackage(input: { data: $data }) { pricingPackage { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $data: PricingPackageInput!) { updatePricingPackage(input: { where: { id: $id }, data: $data }) { pricingPackage { ${FIELDS} } } }`;

type Package = Record<string, unknown> & { id: string; title: string; priceLabel: string };

describe('pricing packages (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function list(where: Record<string, unknown> | null, options: { token?: string; brand?: string } = {}): Promise<Package[]> {
    return dataOf(await app.gql<{ pricingPackages: Package[] }>(LIST, { where }, options)).pricingPackages;
  }

  it('lists the enabled directory plans of the brand by weighting, with both price labels', async () => {
    const plans = await list({ enabled: true, type: 'DIRECTORY', brand: 'trackside' });
    expect(plans.map((plan) => plan.title)).toEqual(['Basic Listing', 'Featured Listing']);
    expect(plans[0]).toMatchObject({
      type: 'DIRECTORY',
      brand: 'trackside',
      isFree: true,
      featured: false,
      priceLabel: 'Free',
      currency: 'USD',
    });
    expect(plans[1]).toMatchObject({
      isFree: false,
      featured: true,
      monthlyPayment: { enabled: true, price: 49 },
      yearlyPayment: { enabled: true, price: 490 },
      oneTimePayment: { enabled: false, price: 0 },
      priceLabel: 'USD 49.00/month',
      sellingPoints: [
        { text: 'Shown first in search', subtext: 'Up to 10 keywords' },
        { text: 'Image, video and social links', subtext: null },
      ],
    });
  });

  it('answers every field of a listing package by id, and null for unknown or other-brand ids', async () => {
    const [standard] = (await list({ type: 'LISTING' })).filter((item) => item.title === 'Standard');
    const one = dataOf(await app.gql<{ pricingPackage: Package }>(ONE, { id: standard!.id })).pricingPackage;
    expect(one).toMatchObject({
      title: 'Standard',
      imageLimit: 15,
      videoLimit: 1,
      listingLimit: 3,
      listingLimitMax: 3,
      activePeriod: 60,
      oneTimePayment: { enabled: true, price: 29 },
      pricePerListing: { enabled: false, price: 0 },
      snappr: { enabled: true, forceEnabled: false, price: 149 },
      priceLabel: 'USD 29.00',
      permittedCategories: [],
      restrictedCategories: [],
    });
    expect(dataOf(await app.gql(ONE, { id: standard!.id }, { brand: 'jewelry' }))).toEqual({ pricingPackage: null });
    expect(dataOf(await app.gql(ONE, { id: 'not-a-uuid' }))).toEqual({ pricingPackage: null });
    expect(errorCode(await app.gql(LIST, { where: { brand: 'jewelry' } }))).toBe('FORBIDDEN');
  });

  it('lets staff create and edit packages; visitors never see disabled ones', async () => {
    const staff = app.user({ permissions: { websiteEnabled: true } });
    const created = await app.gql<{ createPricingPackage: { pricingPackage: Package } }>(
      CREATE,
      {
        data: {
          title: 'Premium',
          type: 'LISTING',
          currency: 'GBP',
          imageLimit: 60,
          videoLimit: 5,
          listingLimit: 10,
          listingLimitMax: 20,
          weighting: 9,
          permittedCategories: ['cars'],
          restrictedCategories: ['parts'],
          yearlyPayment: { enabled: true, price: 1234567.89 },
          pricePerListing: { enabled: true, price: 5.5 },
          activePeriod: 120,
          sellingPoints: [{ text: 'Everything' }],
          enabled: false,
        },
      },
      { token: staff.token },
    );
    const premium = dataOf(created).createPricingPackage.pricingPackage;
    expect(premium).toMatchObject({
      title: 'Premium',
      enabled: false,
      currency: 'GBP',
      yearlyPayment: { enabled: true, price: 1234567.89 },
      pricePerListing: { enabled: true, price: 5.5 },
      priceLabel: 'GBP 1,234,567.89/year',
      sellingPoints: [{ text: 'Everything', subtext: null }],
    });
    expect((await list({ type: 'LISTING' })).map((item) => item.title)).not.toContain('Premium');
    expect((await list({ type: 'LISTING', enabled: false })).map((item) => item.title)).not.toContain('Premium');
    expect((await list({ type: 'LISTING', enabled: false }, { token: staff.token })).map((item) => item.title)).toEqual(['Premium']);

    const updated = await app.gql<{ updatePricingPackage: { pricingPackage: Package } }>(
      UPDATE,
      { id: premium.id, data: { enabled: true, oneTimePayment: { enabled: true, price: 10 } } },
      { token: staff.token },
    );
    expect(dataOf(updated).updatePricingPackage.pricingPackage).toMatchObject({ enabled: true, priceLabel: 'GBP 10.00', imageLimit: 60 });
    expect((await list({ type: 'LISTING' })).map((item) => item.title)).toEqual(['Starter', 'Standard', 'Dealer', 'Premium']);
  });

  it('refuses bad packages and non-staff editors, writing nothing', async () => {
    const staff = app.user({ permissions: { websiteEnabled: true } });
    const missing = await app.gql(CREATE, { data: { type: 'LISTING' } }, { token: staff.token });
    expect(errorCode(missing)).toBe('pricingPackage.invalid');
    expect(errorMessage(missing)).toBe('Required');
    expect(errorCode(await app.gql(CREATE, { data: { title: 'X', type: 'BOAT' } }, { token: staff.token }))).toBe('pricingPackage.invalid');
    expect(errorCode(await app.gql(CREATE, { data: { title: 'X', type: 'LISTING', imageLimit: -1 } }, { token: staff.token }))).toBe(
      'pricingPackage.invalid',
    );
    expect(
      errorCode(
        await app.gql(
          CREATE,
          { data: { title: 'X', type: 'LISTING', oneTimePayment: { enabled: true, price: 1.001 } } },
          { token: staff.token },
        ),
      ),
    ).toBe('pricingPackage.invalid');
    expect(
      errorCode(
        await app.gql(
          CREATE,
          { data: { title: 'X', type: 'LISTING', oneTimePayment: { enabled: true, price: 1_000_000_001 } } },
          { token: staff.token },
        ),
      ),
    ).toBe('pricingPackage.invalid');
    expect(errorCode(await app.gql(CREATE, { data: { title: 'X', type: 'LISTING' } }, { token: app.user().token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(CREATE, { data: { title: 'X', type: 'LISTING' } }))).toBe('FORBIDDEN');
    const [basic] = await list({ type: 'DIRECTORY' });
    expect(
      errorCode(
        await app.gql(
          UPDATE,
          { id: basic!.id, data: { title: 'Hijack' } },
          { token: app.user({ brand: 'jewelry', permissions: { superAdmin: true } }).token, brand: 'jewelry' },
        ),
      ),
    ).toBe('catalogue.notFound');
    expect((await list({ type: 'LISTING' })).map((item) => item.title)).not.toContain('X');
    expect((await list({ type: 'DIRECTORY' }))[0]!.title).toBe('Basic Listing');
  });

  it('filters by id list, free flag and pages with start and limit', async () => {
    const all = await list({});
    expect(all.length).toBeGreaterThanOrEqual(6);
    const ids = all.slice(0, 2).map((item) => item.id);
    expect((await list({ id_in: [...ids, 'junk'] })).map((item) => item.id)).toEqual(ids);
    const free = await list({ isFree: true });
    expect(free.every((item) => item.priceLabel === 'Free')).toBe(true);
    expect(free.map((item) => item.title)).toEqual(expect.arrayContaining(['Basic Listing', 'Starter']));
    expect((await list({ isFree: false })).every((item) => item.priceLabel !== 'Free')).toBe(true);
    const page = dataOf(await app.gql<{ pricingPackages: Package[] }>(LIST, { where: {}, start: 1, limit: 2 })).pricingPackages;
    expect(page.map((item) => item.id)).toEqual(all.slice(1, 3).map((item) => item.id));
  });

  it('publishes every package price to the payments layer as PricingPackagePriced, in cents, only on change', async () => {
    const staff = app.user({ permissions: { websiteEnabled: true } });
    const [featured] = (await list({ type: 'DIRECTORY', featured: true })) as Package[];
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    const priced = async (): Promise<Array<Record<string, unknown>>> =>
      (await new PostgresEventStore(pool).readStream(pricingPackageStreamId(featured!.id)))
        .filter((event) => event.type === PRICING_PACKAGE_EVENTS.priced)
        .map((event) => eventDataRecord(event));
    try {
      // The demo package was published when it was created.
      expect(await priced()).toEqual([
        {
          brand: 'trackside',
          packageId: featured!.id,
          title: 'Featured Listing',
          type: 'DIRECTORY',
          currency: 'USD',
          enabled: true,
          isFree: false,
          oneTimePriceCents: null,
          monthlyPriceCents: 4900,
          yearlyPriceCents: 49_000,
          snapprPriceCents: null,
          snapprForceEnabled: false,
        },
      ]);
      await app.gql(UPDATE, { id: featured!.id, data: { sellingPoints: [{ text: 'Shown first' }] } }, { token: staff.token });
      expect(await priced()).toHaveLength(1); // no price change, no event
      await app.gql(UPDATE, { id: featured!.id, data: { monthlyPayment: { enabled: true, price: 59.99 } } }, { token: staff.token });
      const events = await priced();
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ monthlyPriceCents: 5999, yearlyPriceCents: 49_000 });
    } finally {
      await pool.end();
    }
  });
});
