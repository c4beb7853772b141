import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  eventDataRecord,
  LISTING_EVENTS,
  listingStreamId,
  PAYMENT_EVENTS,
  paymentSucceededStreamId,
  type PaymentSucceededData,
} from '@trackside/contracts';
import { PostgresEventStore } from '@trackside/event-store';
import { eventually, waitUntil } from '@trackside/testing';
import pg from 'pg';
import sharp from 'sharp';
import { ListingExpirySweeper } from '../../src/listings/listing-expiry.sweeper';
import { CatalogueTestApp, dataOf, errorCode, errorMessage, type GqlResult, type TestUser } from '../support/catalogue-test-app';

const FIELDS = `id title slug category type description excerpt images { id url } videos userId price currency status paymentStatus address { country state city }
  sellerType publishedAt poa showBTCExchangeRate btcPrice extraDetails weighting expiry packageId groupId`;
const CREATE = `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $data: ListingInput!) { updateListing(input: { where: { id: $id }, data: $data }) { listing { ${FIELDS} } } }`;
const DELETE = `mutation($id: ID!) { deleteListing(input: { where: { id: $id } }) { listing { id } } }`;
const REVIEW = `mutation($id: ID!, $status: String!) { reviewListing(id: $id, status: $status) { id status publishedAt expiry } }`;
const SEARCH = `query($where: ListingWhere, $sort: String, $page: Int) { listings(where: $where, sort: $sort, page: $page) { nbHits page nbPages hitsPerPage hits { id title price poa publishedAt status btcPrice } } }`;
const DAY = 86_400_000;

type Listing = Record<string, unknown> & {
  id: string;
  title: string;
  slug: string;
  status: string;
  price: number | null;
  expiry: string | null;
};
interface Search {
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  hits: Array<{ id: string; title: string; price: number | null; poa: boolean; publishedAt: string; status: string; btcPrice: string }>;
}

describe('Paddock listings (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let packages: Record<string, string>;
  let images: string[];

  beforeAll(async () => {
    app = await CatalogueTestApp.create({ env: { LISTING_SWEEP_INTERVAL_MS: '50' } });
    seller = app.user();
    staff = app.user({ permissions: { websiteEnabled: true } });
    const list = dataOf(
      await app.gql<{ pricingPackages: Array<{ id: string; title: string }> }>(
        `{ pricingPackages(where: { type: "LISTING" }) { id title } }`,
      ),
    ).pricingPackages;
    packages = Object.fromEntries(list.map((item) => [item.title, item.id]));
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (let index = 0; index < 7; index += 1) form.append('files', new Blob([new Uint8Array(png)]), `photo${index}.png`);
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
    images = ((await response.json()) as Array<{ id: string }>).map((file) => file.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  const car = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    title: 'Caterham Seven 420R',
    category: 'cars',
    type: 'road-car',
    description: '<p>Lightweight, <b>fast</b>, road registered.</p>',
    price: 65_000,
    currency: 'USD',
    address: { country: 'US', state: 'CA', city: 'Sonoma' },
    sellerType: 'PERSONAL',
    images: [images[0]],
    extraDetails: {
      make: 'Caterham',
      year: 2021,
      transmission: 'manual',
      vin: 'SCAHN1234KL567890',
      trackReady: 'true',
      valuation: '60,000.00',
    },
    packageId: packages.Dealer,
    showBTCExchangeRate: true,
    ...overrides,
  });

  /** Uploads one generated image as `user` and answers its media id. */
  async function uploadImage(
    user: { token: string },
    background: string,
    size: number,
    format: 'png' | 'jpeg',
    name: string,
  ): Promise<string> {
    const image = sharp({ create: { width: size, height: size, channels: 3, background } });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await (format === 'png' ? image.png() : image.jpeg()).toBuffer())]), name);
    const response = await fetch(`${app.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const [file] = (await response.json()) as Array<{ id: string }>;
    return file!.id;
  }
  async function create(data: Record<string, unknown>, user = seller): Promise<GqlResult<{ createListing: { listing: Listing } }>> {
    return app.gql(CREATE, { data }, { token: user.token });
  }
  async function search(variables: Record<string, unknown> = {}): Promise<Search> {
    return dataOf(await app.gql<{ listings: Search }>(SEARCH, variables)).listings;
  }
  async function paymentStatusOf(id: string, user = seller): Promise<string | undefined> {
    const answer = await app.gql<{ listing: { paymentStatus: string } | null }>(
      `query($id: ID!) { listing(id: $id) { paymentStatus } }`,
      { id },
      { token: user.token },
    );
    return dataOf(answer).listing?.paymentStatus;
  }
  /** What identity appends once a package payment succeeds (the all-in-one test drives the real payment). */
  async function announcePayment(data: Partial<PaymentSucceededData> & { itemId: string }): Promise<string> {
    const paymentId = randomUUID();
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    try {
      await new PostgresEventStore(pool).append(
        paymentSucceededStreamId(paymentId),
        [
          {
            type: PAYMENT_EVENTS.succeeded,
            data: {
              paymentId,
              itemType: 'LISTING',
              brand: 'trackside',
              userId: seller.id,
              packageId: packages.Dealer!,
              paymentType: 'MONTHLY',
              status: 'PAID',
              amountCents: 19_900,
              currency: 'USD',
              provider: 'SQUARE',
              promotionId: null,
              paidAt: new Date().toISOString(),
              ...data,
            } satisfies PaymentSucceededData,
            metadata: { brand: data.brand ?? 'trackside', occurredAt: new Date().toISOString() },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    } finally {
      await pool.end();
    }
    return paymentId;
  }
  /** Pays a Dealer-package listing and waits until the catalogue has followed the event. */
  async function pay(id: string): Promise<void> {
    await announcePayment({ itemId: id });
    await eventually(async () => expect(await paymentStatusOf(id)).toBe('PAID'));
  }

  it('serves categories, types and property fields', async () => {
    const categories = dataOf(
      await app.gql<{
        listingCategories: Array<{
          slug: string;
          types: Array<{ slug: string }>;
          fields: Array<{
            name: string;
            type: string;
            placeholder: string | null;
            options: unknown[];
            required: boolean;
            min: number | null;
          }>;
        }>;
      }>(
        `{ listingCategories { slug types { slug } fields { name type placeholder options { id name } required min max precision regex regexMessage enabled } } }`,
      ),
    ).listingCategories;
    expect(categories.map((category) => category.slug)).toEqual(['cars', 'parts']);
    expect(categories[0]!.types.map((type) => type.slug)).toEqual(['race-car', 'road-car', 'classic']);
    const fields = categories[0]!.fields;
    expect(fields.map((field) => field.type)).toEqual(
      expect.arrayContaining(['TEXT', 'SELECT', 'NUMBER', 'FLOAT', 'MAKE', 'PRICE', 'BOOLEAN', 'RICH_TEXT']),
    );
    expect(fields.find((field) => field.name === 'transmission')).toMatchObject({
      placeholder: 'Select an option',
      options: expect.any(Array) as unknown,
    });
    expect(fields.find((field) => field.name === 'year')).toMatchObject({ required: true, min: 1900 });
  });

  it('creates a pending listing with normalised details, an excerpt, the BTC guideline and the package weighting', async () => {
    const listing = dataOf(await create(car())).createListing.listing;
    expect(listing).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'UNPAID',
      price: 65_000,
      poa: false,
      userId: seller.id,
      sellerType: 'PERSONAL',
      excerpt: 'Lightweight, fast , road registered.',
      extraDetails: { make: 'Caterham', year: 2021, transmission: 'Manual', vin: 'SCAHN1234KL567890', trackReady: true, valuation: 60000 },
      btcPrice: '0.9750',
      weighting: 3,
      publishedAt: null,
      expiry: null,
    });
    expect(listing.slug).toMatch(/^caterham-seven-420r-[0-9a-f]{8}$/);
    const poa = dataOf(await create(car({ title: 'Ask Me', poa: true, price: null }))).createListing.listing;
    expect(poa).toMatchObject({ poa: true, price: null, btcPrice: '0.00' });
    const unknownRate = dataOf(await create(car({ title: 'Odd Money', currency: 'XYZ' }))).createListing.listing;
    expect(unknownRate.btcPrice).toBe('0.00');
  });

  it("answers 'Required' for the required fields, and the property field messages", async () => {
    for (const field of ['title', 'description', 'currency', 'sellerType', 'category', 'type']) {
      const result = await create(car({ [field]: ' ' }));
      expect(errorMessage(result), field).toBe('Required');
      expect(errorCode(result)).toBe('listing.required');
    }
    expect(errorMessage(await create(car({ price: null })))).toBe('Required');
    expect(errorMessage(await create(car({ address: { country: '' } })))).toBe('Required');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ year: 1899 }, 'The value must be greater than or equal to 1900'],
      [{ year: 2031 }, 'The value must be less than or equal to 2030'],
      [{ year: 'nineteen' }, 'Please enter a number'],
      [{ engineSize: '1.55' }, 'Invalid number (up to 1 decimal places)'],
      [{ vin: 'ABC' }, 'A VIN has 17 letters and digits (no I, O or Q)'],
      [{ transmission: 'CVT' }, 'Select an option'],
      [{ make: '' }, 'This value is required'],
      [{ colour: 'red' }, "Unknown field 'colour'"],
    ];
    for (const [details, message] of cases) {
      const result = await create(car({ extraDetails: { make: 'Caterham', year: 2021, ...details } }));
      expect(errorMessage(result), JSON.stringify(details)).toBe(message);
      expect(errorCode(result)).toBe('listing.fields.invalid');
    }
    expect(errorCode(await create(car({ category: 'boats' })))).toBe('listing.category.invalid');
    expect(errorCode(await create(car({ type: 'tractor' })))).toBe('listing.category.invalid');
    expect(errorCode(await create(car({ sellerType: 'ROBOT' })))).toBe('listing.validation');
    expect(errorCode(await create(car({ price: 1.001 })))).toBe('listing.validation');
  });

  it('reports every field error of createListing at once, the package first (issue 24 item 17)', async () => {
    const result = await create(
      car({ packageId: null, title: ' ', price: null, sellerType: 'ROBOT', extraDetails: { make: 'Caterham', year: 1899 } }),
    );
    expect(errorCode(result)).toBe('listing.package.invalid');
    expect(errorMessage(result)).toBe('Choose a listing package');
    const fields = (result.errors?.[0]?.extensions?.details as { fields: Array<{ path: string; message: string }> }).fields;
    expect(fields).toEqual([
      { path: 'packageId', message: 'Choose a listing package' },
      { path: 'title', message: 'Required' },
      { path: 'price', message: 'Required' },
      { path: 'sellerType', message: 'PERSONAL or DEALER' },
      { path: 'extraDetails.year', message: 'The value must be greater than or equal to 1900' },
    ]);
  });

  it("enforces the package's image, video and listing limits on the server", async () => {
    expect(errorMessage(await create(car({ images: [] })))).toBe('At least one image is required.');
    const starter = { packageId: packages.Starter, category: 'parts', type: 'wheels', extraDetails: { condition: 'new' } };
    const six = await create(car({ ...starter, images: images.slice(0, 6) }));
    expect(errorMessage(six)).toBe('You can only upload a maximum of 5 images');
    expect(errorCode(six)).toBe('listing.images.invalid');
    expect(errorMessage(await create(car({ ...starter, videos: ['https://youtu.be/dQw4w9WgXcQ'] })))).toBe(
      'You can only add a maximum of 0 videos',
    );
    expect(errorCode(await create(car({ videos: ['https://example.com/clip.mp4'] })))).toBe('listing.videos.invalid');
    expect(dataOf(await create(car({ videos: ['https://youtu.be/dQw4w9WgXcQ'] }))).createListing.listing.videos).toEqual([
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]);
    expect(errorCode(await create(car({ images: [images[0], '00000000-0000-0000-0000-000000000000'] })))).toBe('listing.images.invalid');
    expect(errorCode(await create(car({ packageId: null })))).toBe('listing.package.invalid');

    const limited = app.user();
    const own = await uploadImage(limited, '#888', 300, 'jpeg', 'one.jpg');
    const first = await create(car({ ...starter, images: [own] }), limited);
    expect(first.errors).toBeUndefined();
    const second = await create(car({ ...starter, title: 'Second', images: [own] }), limited);
    expect(errorCode(second)).toBe('listing.limit.reached');
    expect(errorMessage(second)).toBe('You have reached the listing limit of your package.');
    const mine = dataOf(await app.gql<{ myListings: Listing[] }>(`{ myListings { id title } }`, {}, { token: limited.token })).myListings;
    expect(mine.map((listing) => listing.title)).toEqual(['Caterham Seven 420R']);
    // Someone else's upload cannot be used.
    expect(errorCode(await create(car({ images: [own] })))).toBe('listing.images.invalid');
  });

  it("lets only the owner edit or delete ('Access denied...'); a declined listing is reviewed again after an edit", async () => {
    const listing = dataOf(await create(car({ title: 'Owner Only' }))).createListing.listing;
    const other = app.user();
    const denied = await app.gql(UPDATE, { id: listing.id, data: { title: 'Mine now' } }, { token: other.token });
    expect(errorCode(denied)).toBe('listing.access.denied');
    expect(errorMessage(denied)).toBe('Access denied...');
    expect(errorMessage(await app.gql(DELETE, { id: listing.id }, { token: other.token }))).toBe('Access denied...');
    expect(errorCode(await app.gql(REVIEW, { id: listing.id, status: 'DECLINED' }, { token: seller.token }))).toBe('FORBIDDEN');
    expect(
      dataOf(await app.gql<{ reviewListing: { status: string } }>(REVIEW, { id: listing.id, status: 'DECLINED' }, { token: staff.token }))
        .reviewListing.status,
    ).toBe('DECLINED');
    const edited = dataOf(
      await app.gql<{ updateListing: { listing: Listing } }>(
        UPDATE,
        { id: listing.id, data: { price: 70_000.5 } },
        { token: seller.token },
      ),
    ).updateListing.listing;
    expect(edited).toMatchObject({ status: 'PENDING', price: 70_000.5, title: 'Owner Only' });
    expect(errorCode(await app.gql(UPDATE, { id: listing.id, data: { status: 'APPROVED' } }, { token: seller.token }))).toBe(
      'listing.status.invalid',
    );
    expect(
      dataOf(
        await app.gql<{ updateListing: { listing: Listing } }>(
          UPDATE,
          { id: listing.id, data: { status: 'CANCELED' } },
          { token: seller.token },
        ),
      ).updateListing.listing.status,
    ).toBe('CANCELED');
    expect(dataOf(await app.gql(DELETE, { id: listing.id }, { token: seller.token }))).toEqual({
      deleteListing: { listing: { id: listing.id } },
    });
    expect(dataOf(await app.gql(`query($id: ID!) { listing(id: $id) { id } }`, { id: listing.id }, { token: seller.token }))).toEqual({
      listing: null,
    });
  });

  it('refuses status changes outside the transition table with a clear error (issue 24 item 16)', async () => {
    const listing = dataOf(await create(car({ title: 'Transitions' }))).createListing.listing;
    const soldEarly = await app.gql(UPDATE, { id: listing.id, data: { status: 'SOLD' } }, { token: seller.token });
    expect(errorCode(soldEarly)).toBe('listing.status.invalid');
    expect(errorMessage(soldEarly)).toContain('A PENDING listing cannot become SOLD');
    await pay(listing.id);
    dataOf(await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }));
    const sold = dataOf(
      await app.gql<{ updateListing: { listing: Listing } }>(UPDATE, { id: listing.id, data: { status: 'SOLD' } }, { token: seller.token }),
    );
    expect(sold.updateListing.listing.status).toBe('SOLD');
    const approveSold = await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token });
    expect(errorCode(approveSold)).toBe('listing.status.invalid');
    expect(errorMessage(approveSold)).toContain('A SOLD listing cannot become APPROVED');
  });

  it('searches approved listings: page size 9 from page 1, sorted by date and by price both ways, filtered', async () => {
    const base = await search();
    expect(base).toMatchObject({ page: 1, hitsPerPage: 9 });
    // Approve enough new listings for a second page.
    for (let index = 0; index < 6; index += 1) {
      const listing = dataOf(await create(car({ title: `Search Car ${index}`, price: 10_000 + index * 1000 }))).createListing.listing;
      await pay(listing.id);
      dataOf(await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }));
    }
    const first = await search();
    expect(first.nbHits).toBe(base.nbHits + 6);
    expect(first.hits).toHaveLength(9);
    expect(first.nbPages).toBe(Math.ceil(first.nbHits / 9));
    const second = await search({ page: 2 });
    expect(second.hits).toHaveLength(first.nbHits - 9);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.id)).size).toBe(first.nbHits);
    expect(first.hits.every((hit) => hit.status === 'APPROVED')).toBe(true);
    expect(first.hits.map((hit) => hit.title)).not.toContain('Cosworth DFV Engine'); // pending
    expect([...first.hits, ...second.hits].map((hit) => hit.title)).not.toContain('Ford Escort Mk1 Rally'); // sold

    const all = async (sort: string): Promise<Search['hits']> => [
      ...(await search({ sort })).hits,
      ...(await search({ sort, page: 2 })).hits,
    ];
    const newest = await all('date_desc');
    expect(newest.map((hit) => hit.publishedAt)).toEqual([...newest.map((hit) => hit.publishedAt)].sort().reverse());
    const oldest = await all('date_asc');
    expect(oldest.map((hit) => hit.publishedAt)).toEqual([...oldest.map((hit) => hit.publishedAt)].sort());
    const cheapest = await all('price_asc');
    const priced = cheapest.filter((hit) => hit.price !== null).map((hit) => hit.price!);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(cheapest[cheapest.length - 1]!.poa).toBe(true); // price on asking last
    const dearest = (await all('price_desc')).filter((hit) => hit.price !== null).map((hit) => hit.price!);
    expect(dearest).toEqual([...dearest].sort((a, b) => b - a));

    expect((await search({ where: { category: 'parts' } })).hits.map((hit) => hit.title)).toEqual(['BBS Magnesium Wheels']);
    expect((await search({ where: { category: 'cars', type: 'race-car' } })).hits.map((hit) => hit.title).sort()).toEqual([
      'Mazda MX-5 Cup Car',
      'Radical SR3 RSX',
    ]);
    expect((await search({ where: { q: 'lotus' } })).hits.map((hit) => hit.title)).toEqual(['1967 Lotus Elan S3']);
    expect((await search({ where: { minPrice: 12_000, maxPrice: 14_000 } })).hits.map((hit) => hit.title).sort()).toEqual([
      'Search Car 2',
      'Search Car 3',
      'Search Car 4',
    ]);
    expect((await search({ where: { userId: seller.id } })).nbHits).toBe(6);
    expect(
      dataOf(await app.gql<{ listings: Search }>(SEARCH, {}, { brand: 'jewelry' })).listings.hits.map((hit) => hit.title),
    ).not.toContain('Search Car 0');
  });

  it('sorts by price converted with the served exchange rates, not by the raw amounts of different currencies (issue 24 item 17)', async () => {
    // Built-in rates per US dollar: JPY 151.5, EUR 0.92. In dollars: 1,000,000 JPY ≈ 6,601; 7,000 USD; 6,500 EUR ≈ 7,065.
    for (const [currency, price] of [
      ['EUR', 6_500],
      ['USD', 7_000],
      ['JPY', 1_000_000],
    ] as const) {
      const listing = dataOf(await create(car({ title: `Currency Sort ${currency}`, currency, price }))).createListing.listing;
      await pay(listing.id);
      dataOf(await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }));
    }
    const sorted = async (sort: string): Promise<string[]> =>
      (await search({ sort, where: { q: 'Currency Sort' } })).hits.map((hit) => hit.title.replace('Currency Sort ', ''));
    expect(await sorted('price_asc')).toEqual(['JPY', 'USD', 'EUR']);
    expect(await sorted('price_desc')).toEqual(['EUR', 'USD', 'JPY']);
  });

  it("opens a listing by category/type/slug, and sizes the Paddock home by the brand's numberOfHits", async () => {
    const listing = dataOf(await create(car({ title: 'Detail Page Car' }))).createListing.listing;
    const BY = `query($c: String!, $t: String!, $s: String!) { listingsByDetails(category: $c, type: $t, slug: $s) { id title } }`;
    expect(dataOf(await app.gql(BY, { c: 'cars', t: 'road-car', s: listing.slug }))).toEqual({ listingsByDetails: null }); // pending: not public
    expect(dataOf(await app.gql(BY, { c: 'cars', t: 'road-car', s: listing.slug }, { token: seller.token }))).toEqual({
      listingsByDetails: { id: listing.id, title: 'Detail Page Car' },
    });
    await pay(listing.id);
    dataOf(await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }));
    expect(dataOf(await app.gql(BY, { c: 'cars', t: 'road-car', s: listing.slug }))).toEqual({
      listingsByDetails: { id: listing.id, title: 'Detail Page Car' },
    });

    const HOME = `{ paddockListings { hitsPerPage hits { id } } }`;
    expect(dataOf(await app.gql<{ paddockListings: { hitsPerPage: number } }>(HOME)).paddockListings.hitsPerPage).toBe(32);
    const admin = app.user({ permissions: { websiteEnabled: true } });
    await app.gql(
      `mutation { updateConfigurationByBrand(input: { data: { paddockConfiguration: { numberOfHits: 3 } } }) { brand } }`,
      {},
      { token: admin.token },
    );
    const home = dataOf(await app.gql<{ paddockListings: { hitsPerPage: number; hits: unknown[] } }>(HOME)).paddockListings;
    expect(home).toMatchObject({ hitsPerPage: 3 });
    expect(home.hits).toHaveLength(3);
  });

  it('groups own listings; another seller cannot group them', async () => {
    const a = dataOf(await create(car({ title: 'Group A' }))).createListing.listing;
    const b = dataOf(await create(car({ title: 'Group B' }))).createListing.listing;
    const GROUP = `mutation($data: ListingGroupData!) { createListingGroup(input: { data: $data }) { listingGroup { id name listings { id groupId } } } }`;
    const group = dataOf(
      await app.gql<{
        createListingGroup: { listingGroup: { id: string; name: string; listings: Array<{ id: string; groupId: string }> } };
      }>(GROUP, { data: { name: 'Weekend racers', listings: [a.id, b.id] } }, { token: seller.token }),
    ).createListingGroup.listingGroup;
    expect(group.name).toBe('Weekend racers');
    expect(group.listings.map((listing) => listing.groupId)).toEqual([group.id, group.id]);
    expect(errorMessage(await app.gql(GROUP, { data: { name: 'Stolen', listings: [a.id] } }, { token: app.user().token }))).toBe(
      'Access denied...',
    );
  });

  it("lists the user's groups; the owner renames a group, adds and removes listings, deletes it", async () => {
    const owner = app.user();
    const own = await uploadImage(owner, '#246', 100, 'png', 'g.png');
    const mk = async (title: string): Promise<Listing> => dataOf(await create(car({ title, images: [own] }), owner)).createListing.listing;
    const [a, b, c] = [await mk('Grouped A'), await mk('Grouped B'), await mk('Grouped C')];
    const GROUP = `mutation($data: ListingGroupData!) { createListingGroup(input: { data: $data }) { listingGroup { id } } }`;
    const MINE = `{ myListingGroups { id name description userId listings { id title } } }`;
    const UPDATE_GROUP = `mutation($id: ID!, $data: ListingGroupUpdateData!) { updateListingGroup(input: { where: { id: $id }, data: $data }) { listingGroup { id name description listings { id } } } }`;
    const DELETE_GROUP = `mutation($id: ID!) { deleteListingGroup(input: { where: { id: $id } }) { listingGroup { id } } }`;
    type Group = { id: string; name: string; description: string | null; listings: Array<{ id: string; title?: string }> };
    const mine = async (user = owner): Promise<Group[]> =>
      dataOf(await app.gql<{ myListingGroups: Group[] }>(MINE, {}, { token: user.token })).myListingGroups;

    expect(await mine()).toEqual([]);
    const first = dataOf(
      await app.gql<{ createListingGroup: { listingGroup: { id: string } } }>(
        GROUP,
        { data: { name: 'Track cars', listings: [a.id] } },
        { token: owner.token },
      ),
    ).createListingGroup.listingGroup;
    expect(await mine()).toEqual([
      { id: first.id, name: 'Track cars', description: null, userId: owner.id, listings: [{ id: a.id, title: 'Grouped A' }] },
    ]);
    expect(await mine(app.user())).toEqual([]);
    expect(errorCode(await app.gql(MINE, {}))).toBe('FORBIDDEN'); // signed out

    const updated = dataOf(
      await app.gql<{ updateListingGroup: { listingGroup: Group } }>(
        UPDATE_GROUP,
        { id: first.id, data: { name: 'Weekend cars', description: 'Ready to race', listings: [b.id, c.id] } },
        { token: owner.token },
      ),
    ).updateListingGroup.listingGroup;
    expect(updated.name).toBe('Weekend cars');
    expect(updated.listings.map((listing) => listing.id).sort()).toEqual([b.id, c.id].sort());
    const listingGroup = async (id: string): Promise<string | null> =>
      dataOf(
        await app.gql<{ listing: { groupId: string | null } }>(
          `query($id: ID!) { listing(id: $id) { groupId } }`,
          { id },
          { token: owner.token },
        ),
      ).listing.groupId;
    expect(await listingGroup(a.id)).toBeNull();
    expect(await listingGroup(b.id)).toBe(first.id);
    expect(errorMessage(await app.gql(UPDATE_GROUP, { id: first.id, data: { name: ' ' } }, { token: owner.token }))).toBe('Required');
    expect(errorMessage(await app.gql(UPDATE_GROUP, { id: first.id, data: { listings: [a.id] } }, { token: app.user().token }))).toBe(
      'Access denied...',
    );
    // Someone else's listing cannot be added.
    const foreign = dataOf(await create(car({ title: 'Not Yours' }))).createListing.listing;
    expect(errorCode(await app.gql(UPDATE_GROUP, { id: first.id, data: { listings: [b.id, foreign.id] } }, { token: owner.token }))).toBe(
      'listing.access.denied',
    );
    expect((await mine())[0]!.listings.map((listing) => listing.id).sort()).toEqual([b.id, c.id].sort());

    expect(errorMessage(await app.gql(DELETE_GROUP, { id: first.id }, { token: app.user().token }))).toBe('Access denied...');
    dataOf(await app.gql(DELETE_GROUP, { id: first.id }, { token: owner.token }));
    expect(await mine()).toEqual([]);
    expect(await listingGroup(b.id)).toBeNull();
  });

  it('keeps a listing on a paid package UNPAID (not approvable, not public) until its own package is paid', async () => {
    const listing = dataOf(await create(car({ title: 'Unpaid Racer' }))).createListing.listing;
    expect(listing).toMatchObject({ status: 'PENDING', paymentStatus: 'UNPAID' });
    const refused = await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token });
    expect(errorCode(refused)).toBe('listing.status.invalid');
    expect(errorMessage(refused)).toBe('An unpaid listing cannot be approved');
    expect(await paymentStatusOf(listing.id)).toBe('UNPAID');
    expect((await search({ where: { q: 'Unpaid Racer' } })).nbHits).toBe(0);

    // Payments that are not for this listing's package change nothing: another package (a cheaper
    // one), another item type, another brand, another payer (issue 17: only the owner's payment counts).
    await announcePayment({ itemId: listing.id, packageId: packages.Standard! });
    await announcePayment({ itemId: listing.id, itemType: 'DIRECTORY' });
    await announcePayment({ itemId: listing.id, brand: 'jewelry' });
    await announcePayment({ itemId: listing.id, userId: randomUUID() });
    // A later event of a listing that is followed proves the ones before it were read.
    const marker = dataOf(await create(car({ title: 'Marker Racer' }))).createListing.listing;
    await pay(marker.id);
    expect(await paymentStatusOf(listing.id)).toBe('UNPAID');
    expect(errorCode(await app.gql(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }))).toBe('listing.status.invalid');

    await pay(listing.id);
    const approved = dataOf(
      await app.gql<{ reviewListing: { status: string } }>(REVIEW, { id: listing.id, status: 'APPROVED' }, { token: staff.token }),
    ).reviewListing;
    expect(approved.status).toBe('APPROVED');
    expect((await search({ where: { q: 'Unpaid Racer' } })).hits.map((hit) => hit.id)).toEqual([listing.id]);

    // A 100 % promotion: identity announces a FREE payment; the listing is FREE and approvable.
    const promoted = dataOf(await create(car({ title: 'Promo Racer' }))).createListing.listing;
    await announcePayment({ itemId: promoted.id, status: 'FREE', amountCents: 0 });
    await eventually(async () => expect(await paymentStatusOf(promoted.id)).toBe('FREE'));
    expect(
      dataOf(await app.gql<{ reviewListing: { status: string } }>(REVIEW, { id: promoted.id, status: 'APPROVED' }, { token: staff.token }))
        .reviewListing.status,
    ).toBe('APPROVED');

    // A free package needs no payment.
    const starterUser = app.user();
    const own = await uploadImage(starterUser, '#123', 50, 'png', 'f.png');
    const free = dataOf(
      await create(
        car({
          title: 'Free Wheels',
          packageId: packages.Starter,
          category: 'parts',
          type: 'wheels',
          extraDetails: { condition: 'new' },
          images: [own],
        }),
        starterUser,
      ),
    ).createListing.listing;
    expect(free.paymentStatus).toBe('FREE');
    expect(
      dataOf(await app.gql<{ reviewListing: { status: string } }>(REVIEW, { id: free.id, status: 'APPROVED' }, { token: staff.token }))
        .reviewListing.status,
    ).toBe('APPROVED');
  });

  it('expires approved listings after the active period, with reminders daysBeforeExpiry and emailExpiryOffset days before', async () => {
    const starterUser = app.user();
    const own = await uploadImage(starterUser, '#444', 200, 'png', 'x.png');
    const listing = dataOf(
      await create(
        car({
          title: 'Expiring Wheels',
          packageId: packages.Starter,
          category: 'parts',
          type: 'wheels',
          extraDetails: { condition: 'used' },
          images: [own],
        }),
        starterUser,
      ),
    ).createListing.listing;
    const approved = dataOf(
      await app.gql<{ reviewListing: { publishedAt: string; expiry: string } }>(
        REVIEW,
        { id: listing.id, status: 'APPROVED' },
        { token: staff.token },
      ),
    ).reviewListing;
    expect(new Date(approved.expiry).getTime() - new Date(approved.publishedAt).getTime()).toBe(30 * DAY);

    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    // The expiry sweep's events only (the stream also holds the listing's payable item announcements).
    const sweep: string[] = Object.values(LISTING_EVENTS);
    const events = async (): Promise<Array<{ type: string; data: Record<string, unknown> }>> =>
      (await new PostgresEventStore(pool).readStream(listingStreamId(listing.id)))
        .filter((event) => sweep.includes(event.type))
        .map((event) => ({ type: event.type, data: eventDataRecord(event) }));
    const until = async (count: number): Promise<void> => {
      await waitUntil(events, (written) => written.length >= count);
    };
    try {
      app.clock.advance(22 * DAY); // 8 days left: no reminder yet
      // One whole sweep at this time, run here: once it has finished, nothing was due (no fixed pause).
      await app.service.app.get(ListingExpirySweeper).sweep();
      expect(await events()).toEqual([]);
      app.clock.advance(1.5 * DAY); // 6.5 days left: the first reminder
      await until(1);
      expect(await events()).toEqual([
        {
          type: LISTING_EVENTS.expiryReminderDue,
          data: expect.objectContaining({ reminder: 'FIRST', daysLeft: 7, userId: starterUser.id, title: 'Expiring Wheels' }) as unknown,
        },
      ]);
      app.clock.advance(5 * DAY); // 1.5 days left: the second
      await until(2);
      expect((await events())[1]).toEqual({
        type: LISTING_EVENTS.expiryReminderDue,
        data: expect.objectContaining({ reminder: 'SECOND', daysLeft: 2 }) as unknown,
      });
      app.clock.advance(2 * DAY); // past the expiry
      await until(3);
      expect((await events()).map((event) => event.type)).toEqual([
        LISTING_EVENTS.expiryReminderDue,
        LISTING_EVENTS.expiryReminderDue,
        LISTING_EVENTS.expired,
      ]);
      const mine = dataOf(
        await app.gql<{ myListings: Listing[] }>(`{ myListings { id status } }`, {}, { token: starterUser.token }),
      ).myListings;
      expect(mine).toEqual([{ id: listing.id, status: 'EXPIRED' }]);
      expect((await search({ where: { q: 'Expiring Wheels' } })).nbHits).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('lets staff define categories and fields; a field of an unknown type is reported as Undefined Type', async () => {
    const SAVE = `mutation($data: JSON!) { saveListingCategory(input: { data: $data }) { slug types { slug } fields { name type required order } } }`;
    const data = {
      name: 'Bikes',
      slug: 'bikes',
      types: [{ name: 'Track', slug: 'track' }],
      fields: [
        { name: 'frame', label: 'Frame', type: 'TEXT', required: true },
        { name: 'paint', label: 'Paint', type: 'COLOUR_PICKER' },
      ],
    };
    expect(errorCode(await app.gql(SAVE, { data }, { token: seller.token }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(SAVE, { data: { ...data, slug: 'Bad Slug' } }, { token: staff.token }))).toBe(
      'listing.category.invalid',
    );
    const saved = dataOf(
      await app.gql<{ saveListingCategory: Record<string, unknown> }>(SAVE, { data }, { token: staff.token }),
    ).saveListingCategory;
    expect(saved).toEqual({
      slug: 'bikes',
      types: [{ slug: 'track' }],
      fields: [
        { name: 'frame', type: 'TEXT', required: true, order: 1 },
        { name: 'paint', type: 'COLOUR_PICKER', required: false, order: 2 },
      ],
    });
    const bike = (details: Record<string, unknown>) => car({ category: 'bikes', type: 'track', extraDetails: details });
    const undefinedType = await create(bike({ frame: 'Carbon', paint: '#ff0000' }));
    expect(errorMessage(undefinedType)).toBe('Undefined Type');
    expect(errorCode(undefinedType)).toBe('listing.fields.invalid');
    expect(errorMessage(await create(bike({})))).toBe('This value is required');
    expect(dataOf(await create(bike({ frame: 'Carbon' }))).createListing.listing).toMatchObject({
      category: 'bikes',
      extraDetails: { frame: 'Carbon' },
    });
  });
});
