import { randomBytes } from 'node:crypto';
import { eventually } from '@trackside/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearch, type RunningOpenSearch } from '../../../../scripts/peers/opensearch.mjs';
import { CatalogueTestApp, dataOf, type TestUser } from '../support/catalogue-test-app';

/**
 * The whole path with SEARCH_ENGINE=opensearch on a real node (issue 22): the demo entries reach the
 * index through the search processor following their announcements on the event log, a listing created and approved through GraphQL
 * reaches the index through the search processor on the event log, "porshe" finds it, and the
 * GraphQL answers equal those of a second catalogue on the same database searching with PostgreSQL.
 */
const LISTINGS = `query($where: ListingWhere, $sort: String) { listings(where: $where, sort: $sort) {
  nbHits page nbPages hitsPerPage hits { id title price currency status publishedAt address { country city } } } }`;
const DIRECTORY = `query($q: String, $category: String, $page: Int) { directorySearch(q: $q, category: $category, page: $page) {
  featured { nbHits page nbPages hitsPerPage hits { id name category } } regular { nbHits page nbPages hitsPerPage hits { id name category } } } }`;
/** The processor follows the demo seed's announcements of every entry first, on a machine other tests share. */
const FOLLOWED = { timeoutMs: 60_000 };
const CREATE = `mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { id } } }`;
const UPDATE = `mutation($id: ID!, $data: ListingInput!) { updateListing(input: { where: { id: $id }, data: $data }) { listing { id } } }`;
const DELETE = `mutation($id: ID!) { deleteListing(input: { where: { id: $id } }) { listing { id } } }`;
const REVIEW = `mutation($id: ID!, $status: String!) { reviewListing(id: $id, status: $status) { id status } }`;

describe('catalogue search on OpenSearch through GraphQL', () => {
  let node: RunningOpenSearch;
  let engine: CatalogueTestApp;
  let postgres: CatalogueTestApp;
  let seller: TestUser;
  let staff: TestUser;
  let listingId: string;
  let listingData: Record<string, unknown>;

  beforeAll(async () => {
    node = await startOpenSearch();
    engine = await CatalogueTestApp.create({
      env: { SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: node.url, OPENSEARCH_INDEX_PREFIX: `gql-${randomBytes(3).toString('hex')}` },
    });
    postgres = await CatalogueTestApp.create({ databaseUrl: engine.databaseUrl, seed: false });
    seller = engine.user();
    staff = engine.user({ permissions: { websiteEnabled: true } });
  });
  afterAll(async () => {
    await postgres?.close();
    await engine?.close();
    await node?.close();
  });

  async function both<T>(query: string, variables: Record<string, unknown>): Promise<[T, T]> {
    return [dataOf(await engine.gql<T>(query, variables)), dataOf(await postgres.gql<T>(query, variables))];
  }

  it('answers directory search like PostgreSQL once it has followed the demo entries’ announcements', async () => {
    await eventually(async () => {
      const [fromEngine, fromPostgres] = await both<{ directorySearch: unknown }>(DIRECTORY, {});
      expect(fromEngine).toEqual(fromPostgres);
      const regular = (fromEngine.directorySearch as { regular: { nbHits: number } }).regular;
      expect(regular.nbHits).toBeGreaterThan(0);
    }, FOLLOWED);
  });

  it('a listing approved through GraphQL is found by "porshe", in the same answer PostgreSQL gives for "porsche"', async () => {
    const packages = dataOf(
      await engine.gql<{ pricingPackages: Array<{ id: string; title: string }> }>(
        `{ pricingPackages(where: { type: "LISTING" }) { id title } }`,
      ),
    ).pricingPackages;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 0, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)]), 'photo.png');
    const upload = await fetch(`${engine.service.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.token}` },
      body: form,
    });
    const [image] = (await upload.json()) as Array<{ id: string }>;
    const data = {
      images: [image!.id],
      title: 'Porsche 911 Carrera RS 2.7',
      category: 'cars',
      type: 'road-car',
      description: '<p>Matching numbers.</p>',
      price: 650_000,
      currency: 'USD',
      address: { country: 'US', state: 'CA', city: 'Monterey' },
      sellerType: 'PERSONAL',
      extraDetails: { make: 'Porsche', year: 1973 },
      packageId: packages.find((item) => item.title === 'Starter')!.id,
    };
    const created = dataOf(await engine.gql<{ createListing: { listing: { id: string } } }>(CREATE, { data }, { token: seller.token }));
    const id = created.createListing.listing.id;
    dataOf(await engine.gql(REVIEW, { id, status: 'APPROVED' }, { token: staff.token }));
    type Hits = { listings: { hits: Array<{ id: string }> } };
    const porsches = dataOf(await postgres.gql<Hits>(LISTINGS, { where: { q: 'porsche' } })).listings.hits.map((hit) => hit.id);
    expect(porsches).toContain(id);
    await eventually(async () => {
      const found = dataOf(await engine.gql<Hits>(LISTINGS, { where: { q: 'porshe' } }));
      expect(found.listings.hits.map((hit) => hit.id)).toEqual(porsches);
    }, FOLLOWED);
    const [fromEngine, fromPostgres] = await both<{ listings: unknown }>(LISTINGS, { where: { q: 'porsche' } });
    expect(fromEngine).toEqual(fromPostgres);
    for (const sort of ['date_desc', 'date_asc', 'price_asc', 'price_desc']) {
      const [sortedByEngine, sortedByPostgres] = await both<{ listings: unknown }>(LISTINGS, { sort });
      expect(sortedByEngine).toEqual(sortedByPostgres);
    }
    listingId = id;
    listingData = data;
  });

  it('an edit that only the new ListingUpdated event tells reaches the index, and a deleted listing leaves it', async () => {
    type Hits = { listings: { hits: Array<{ id: string }> } };
    const found = async (q: string) => dataOf(await engine.gql<Hits>(LISTINGS, { where: { q } })).listings.hits.map((hit) => hit.id);
    // Only the description changes: no payable-item announcement, so without ListingUpdated the engine would never know.
    const data = { ...listingData, description: '<p>Matching numbers, Gulf livery.</p>' };
    dataOf(await engine.gql(UPDATE, { id: listingId, data }, { token: seller.token }));
    await eventually(async () => expect(await found('gulf')).toEqual([listingId]), FOLLOWED);
    dataOf(await engine.gql(DELETE, { id: listingId }, { token: seller.token }));
    // The page leaves a deleted row out at once; the count shows when the document itself is gone.
    await eventually(async () => {
      const [fromEngine, fromPostgres] = await both<{ listings: unknown }>(LISTINGS, { where: { q: 'gulf' } });
      expect(fromEngine).toEqual(fromPostgres);
      expect(await found('gulf')).toEqual([]);
      const [allFromEngine, allFromPostgres] = await both<{ listings: unknown }>(LISTINGS, {});
      expect(allFromEngine).toEqual(allFromPostgres);
    }, FOLLOWED);
  });

  it('the search processor is on the back office’s processing status with OpenSearch, caught up, and absent on PostgreSQL', async () => {
    const STATUSES = '{ catalogueProcessorStatuses { name lagEvents lastError } }';
    type Statuses = { catalogueProcessorStatuses: Array<{ name: string; lagEvents: number; lastError: string | null }> };
    const statuses = async (app: CatalogueTestApp) =>
      dataOf(await app.gql<Statuses>(STATUSES, {}, { token: app.user({ permissions: { superAdmin: true } }).token }))
        .catalogueProcessorStatuses;
    await eventually(async () => {
      const search = (await statuses(engine)).find((status) => status.name === 'catalogue-search');
      expect(search).toEqual({ name: 'catalogue-search', lagEvents: 0, lastError: null });
    }, FOLLOWED);
    expect((await statuses(postgres)).map((status) => status.name)).not.toContain('catalogue-search');
  });
});
