import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteDirectory, suiteListing } from '../../src/search/catalogue-search.suite';
import { insertSearchDirectory, insertSearchListing } from '../support/catalogue-search-rows';
import { CatalogueTestApp, dataOf } from '../support/catalogue-test-app';

/**
 * The highlights of directory and Paddock listings search through the catalogue subgraph (issue 22,
 * additions named like auction search's): `highlights { directoryId name { text match } }` on each
 * directory set and `highlights { listingId title { text match } }` on listings search, in hits order,
 * only for hits whose name or title the text matched, none without text. Rows are written straight
 * to the tables (the PostgreSQL index), with words the demo seed does not use.
 */
const HIGHLIGHT = `{ text match }`;
const DIRECTORY = `query($q: String) { directorySearch(q: $q) {
  featured { hits { id name } highlights { directoryId name ${HIGHLIGHT} } }
  regular { hits { id name } highlights { directoryId name ${HIGHLIGHT} } } } }`;
const LISTINGS = `query($where: ListingWhere, $sort: String) { listings(where: $where, sort: $sort) {
  nbHits hits { id title } highlights { listingId title ${HIGHLIGHT} } } }`;
const PADDOCK_HOME = `{ paddockListings { hits { id } highlights { listingId title ${HIGHLIGHT} } } }`;

type Segment = { text: string; match: boolean };
type DirectorySet = { hits: Array<{ id: string; name: string }>; highlights: Array<{ directoryId: string; name: Segment[] }> };
type ListingResult = {
  nbHits: number;
  hits: Array<{ id: string; title: string }>;
  highlights: Array<{ listingId: string; title: Segment[] }>;
};

describe('directory and Paddock search highlights (e2e, GraphQL, PostgreSQL)', () => {
  let app: CatalogueTestApp;
  let pool: pg.Pool;
  const featured = suiteDirectory({ name: 'Quillfeather Concours Detailing', featured: true, activeSubscription: true });
  const regular = suiteDirectory({ name: 'Quillfeather Trim Shop' });
  const byKeyword = suiteDirectory({ name: 'Upholstery Workshop', keywords: ['quillfeather'] });
  const porsche = suiteListing({ title: 'Zephyrine Porsche 356 Speedster', publishedAt: '2030-05-02T00:00:00.000Z' });
  const byDescription = suiteListing({ title: 'Zephyrine Lola T70', description: 'Once raced against a Speedster.' });

  beforeAll(async () => {
    app = await CatalogueTestApp.create();
    pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 });
    for (const entry of [featured, regular, byKeyword]) await insertSearchDirectory(pool, entry);
    for (const listing of [porsche, byDescription]) await insertSearchListing(pool, listing);
  });
  afterAll(async () => {
    await pool?.end();
    await app?.close();
  });

  const directories = async (q: string | null) =>
    dataOf(await app.gql<{ directorySearch: { featured: DirectorySet; regular: DirectorySet } }>(DIRECTORY, { q }, { brand: 'trackside' }))
      .directorySearch;
  const listings = async (q: string | null, sort = 'date_desc') =>
    dataOf(await app.gql<{ listings: ListingResult }>(LISTINGS, { where: { q }, sort }, { brand: 'trackside' })).listings;

  it('directory search marks the matched words of each set’s names; a hit found by a keyword has no highlight', async () => {
    const found = await directories('quillfeather');
    expect(found.featured.hits.map((hit) => hit.id)).toEqual([featured.id]);
    expect(found.featured.highlights).toEqual([
      {
        directoryId: featured.id,
        name: [
          { text: 'Quillfeather', match: true },
          { text: ' Concours Detailing', match: false },
        ],
      },
    ]);
    expect(new Set(found.regular.hits.map((hit) => hit.id))).toEqual(new Set([regular.id, byKeyword.id]));
    expect(found.regular.highlights).toEqual([
      {
        directoryId: regular.id,
        name: [
          { text: 'Quillfeather', match: true },
          { text: ' Trim Shop', match: false },
        ],
      },
    ]);
    const none = await directories(null);
    expect(none.featured.highlights).toEqual([]);
    expect(none.regular.highlights).toEqual([]);
  });

  it('listings search marks the matched words of the titles, in hits order, whatever the sort; none without text', async () => {
    const found = await listings('zephyrine speedster');
    expect(found.hits.map((hit) => hit.id)).toEqual([porsche.id, byDescription.id]);
    expect(found.highlights).toEqual([
      {
        listingId: porsche.id,
        title: [
          { text: 'Zephyrine', match: true },
          { text: ' Porsche 356 ', match: false },
          { text: 'Speedster', match: true },
        ],
      },
      {
        listingId: byDescription.id,
        title: [
          { text: 'Zephyrine', match: true },
          { text: ' Lola T70', match: false },
        ],
      },
    ]);
    const byPrice = await listings('speedster', 'price_asc');
    expect(byPrice.highlights.map((highlight) => highlight.listingId)).toEqual([porsche.id]);
    expect((await listings(null)).highlights).toEqual([]);
    expect(
      dataOf(await app.gql<{ paddockListings: ListingResult }>(PADDOCK_HOME, {}, { brand: 'trackside' })).paddockListings.highlights,
    ).toEqual([]);
  });
});
