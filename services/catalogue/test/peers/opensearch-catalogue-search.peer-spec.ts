import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { serviceDataSourceOptions } from '@trackside/platform';
import { createTestDatabase } from '@trackside/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenSearch, type RunningOpenSearch } from '../../../../scripts/peers/opensearch.mjs';
import {
  catalogueSearchSuite,
  directoryQuery,
  listingQuery,
  suiteDirectory,
  suiteListing,
  SUITE_BRAND,
} from '../../src/search/catalogue-search.suite';
import { CATALOGUE_DATABASE, migrateCatalogueDatabase } from '../../src/infrastructure/catalogue-data-source';
import { createCatalogueSearch, rebuildCatalogueSearch } from '../../src/search/catalogue-search.factory';
import { OpenSearchCatalogueSearch } from '../../src/search/opensearch-catalogue-search';
import { catalogueIndexBody, indexedDirectory } from '../../src/search/opensearch-catalogue-indexes';
import { insertSearchDirectory, insertSearchListing } from '../support/catalogue-search-rows';

/**
 * The catalogue's OpenSearch adapter on a real single-node OpenSearch (scripts/peers/opensearch.mjs,
 * started once for this file): the shared catalogue search suite PostgreSQL also passes, then what
 * only a search engine does — typo tolerance ("porshe" finds the Porsche listing), make synonyms,
 * both marked in the highlights, the highlighted sub-fields added to an older index, one index per
 * brand, and the alias switch of a re-index (issue 22).
 */
let node: RunningOpenSearch;

beforeAll(async () => {
  node = await startOpenSearch();
});
afterAll(async () => {
  await node?.close();
});

function openIndex(): { index: OpenSearchCatalogueSearch; client: Client } {
  const client = new Client({ node: node.url });
  return { index: new OpenSearchCatalogueSearch(client, `test-${randomBytes(4).toString('hex')}`), client };
}

catalogueSearchSuite('OpenSearch', async () => {
  const { index, client } = openIndex();
  return {
    index,
    put: async ({ directories = [], listings = [] }) => {
      await index.upsertDirectories(directories);
      await index.upsertListings(listings);
      await index.refresh();
    },
    // Empty generations behind the suite's brands' aliases (delete-by-query is a module this node does not load).
    clear: async () => {
      for (const brand of [SUITE_BRAND, 'jewelry']) {
        await index.rebuild('directories', brand, []);
        await index.rebuild('listings', brand, []);
      }
    },
    close: () => client.close(),
  };
});

describe('OpenSearch catalogue search: what a search engine adds', () => {
  let index: OpenSearchCatalogueSearch;
  let client: Client;
  beforeAll(() => {
    ({ index, client } = openIndex());
  });
  afterAll(async () => {
    await client?.close();
  });

  it('"porshe" finds the Porsche listing and "stutgart" the Stuttgart workshop (typo tolerance)', async () => {
    const porsche = suiteListing({ title: 'Porsche 911 Carrera RS' });
    const lola = suiteListing({ title: 'Lola T70 Mk3B' });
    const stuttgart = suiteDirectory({ name: 'Stuttgart Classic Restorations' });
    await index.upsertListings([porsche, lola]);
    await index.upsertDirectories([stuttgart, suiteDirectory({ name: 'Monterey Coachworks' })]);
    await index.refresh();
    expect((await index.searchListings(listingQuery({ text: 'porshe' }))).ids).toEqual([porsche.id]);
    expect((await index.searchListings(listingQuery({ text: 'porshe 911' }))).ids).toEqual([porsche.id]);
    expect((await index.searchDirectories(directoryQuery({ text: 'stutgart' }))).ids).toEqual([stuttgart.id]);
    // The typo marks the word it matched.
    expect((await index.searchListings(listingQuery({ text: 'porshe 911' }))).highlights).toEqual({
      [porsche.id]: [
        { text: 'Porsche', match: true },
        { text: ' ', match: false },
        { text: '911', match: true },
        { text: ' Carrera RS', match: false },
      ],
    });
    expect((await index.searchDirectories(directoryQuery({ text: 'stutgart' }))).highlights).toEqual({
      [stuttgart.id]: [
        { text: 'Stuttgart', match: true },
        { text: ' Classic Restorations', match: false },
      ],
    });
  });

  it('make synonyms (the list auction search uses) work both ways in listings and the directory', async () => {
    const beetle = suiteListing({ title: 'VW Beetle 1303' });
    const golf = suiteListing({ title: 'Volkswagen Golf GTI' });
    const merc = suiteDirectory({ name: 'Merc Specialists' });
    await index.upsertListings([beetle, golf]);
    await index.upsertDirectories([merc]);
    await index.refresh();
    const listings = async (text: string) => [...(await index.searchListings(listingQuery({ text }))).ids].sort();
    expect(await listings('volkswagen')).toEqual([beetle.id, golf.id].sort());
    expect(await listings('vw')).toEqual([beetle.id, golf.id].sort());
    expect((await index.searchDirectories(directoryQuery({ text: 'mercedes-benz' }))).ids).toEqual([merc.id]);
    // A synonym marks the word it stands for.
    expect((await index.searchListings(listingQuery({ text: 'volkswagen' }))).highlights).toEqual({
      [beetle.id]: [
        { text: 'VW', match: true },
        { text: ' Beetle 1303', match: false },
      ],
      [golf.id]: [
        { text: 'Volkswagen', match: true },
        { text: ' Golf GTI', match: false },
      ],
    });
  });

  it('an index made before the highlighted sub-fields gets them when the service starts; its documents are highlighted without a re-index', async () => {
    const { index: upgraded, client: own } = openIndex();
    try {
      const alias = upgraded.alias('directories', SUITE_BRAND);
      // The mappings as they were: the name without its `words` sub-field.
      const before = structuredClone(catalogueIndexBody('directories')) as {
        mappings: { properties: { name: { fields: Record<string, unknown> } } };
      };
      delete before.mappings.properties.name.fields.words;
      await own.indices.create({ index: `${alias}-before`, body: { ...before, aliases: { [alias]: {} } } as never });
      const entry = suiteDirectory({ name: 'Stuttgart Classic Restorations' });
      await own.index({ index: alias, id: entry.id, body: indexedDirectory(entry), refresh: true } as never);
      expect(await upgraded.ensure('directories', SUITE_BRAND)).toBe(false);
      const found = await upgraded.searchDirectories(directoryQuery({ text: 'classic' }));
      expect(found.ids).toEqual([entry.id]);
      expect(found.highlights).toEqual({
        [entry.id]: [
          { text: 'Stuttgart ', match: false },
          { text: 'Classic', match: true },
          { text: ' Restorations', match: false },
        ],
      });
    } finally {
      await own.close();
    }
  });

  it('each brand has its own index behind its own alias; a rebuild switches the alias and drops the old generation', async () => {
    const own = suiteListing({ title: 'Ferrari 312T' });
    const other = suiteListing({ brand: 'jewelry', title: 'Ferrari 312T' });
    await index.upsertListings([own, other]);
    await index.refresh();
    expect((await index.searchListings(listingQuery({ text: 'ferrari' }))).ids).toEqual([own.id]);
    expect((await index.searchListings(listingQuery({ brand: 'jewelry', text: 'ferrari' }))).ids).toEqual([other.id]);
    const alias = index.alias('listings', SUITE_BRAND);
    const [old] = Object.keys((await client.indices.getAlias({ name: alias })).body as Record<string, unknown>);
    const only = suiteListing({ title: 'Brabham BT46' });
    const generation = await index.rebuild('listings', SUITE_BRAND, [[only]]);
    expect(Object.keys((await client.indices.getAlias({ name: alias })).body as Record<string, unknown>)).toEqual([generation]);
    expect((await client.indices.exists({ index: old! })).body).toBe(false);
    expect((await index.searchListings(listingQuery())).ids).toEqual([only.id]);
    expect((await index.searchListings(listingQuery({ brand: 'jewelry' }))).ids).toEqual([other.id]);
  });
});

describe('OpenSearch catalogue search: filled from the tables', () => {
  it('at boot fills the aliases of brands whose rows predate the engine, and a rebuild re-reads the tables', async () => {
    const database = await createTestDatabase('catalogue_search_fill');
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const db = new DataSource(serviceDataSourceOptions(CATALOGUE_DATABASE, database.url, 2));
    try {
      await migrateCatalogueDatabase(database.url);
      await db.initialize();
      const porsche = suiteListing({ title: 'Porsche 356 Speedster' });
      const workshop = suiteDirectory({ name: 'Speedster Workshop', brand: 'jewelry' });
      await insertSearchListing(pool, porsche);
      await insertSearchDirectory(pool, workshop);
      const prefix = `fill-${randomBytes(4).toString('hex')}`;
      const config = { SEARCH_ENGINE: 'opensearch' as const, OPENSEARCH_URL: node.url, OPENSEARCH_INDEX_PREFIX: prefix };
      const index = (await createCatalogueSearch(config, db)) as OpenSearchCatalogueSearch;
      expect((await index.searchListings(listingQuery({ text: 'porshe' }))).ids).toEqual([porsche.id]);
      expect((await index.searchDirectories(directoryQuery({ brand: 'jewelry', text: 'speedster' }))).ids).toEqual([workshop.id]);
      // A row written behind the log's back shows after a rebuild, which swaps every alias to a new generation.
      const later = suiteListing({ title: 'Porsche 550 Spyder' });
      await insertSearchListing(pool, later);
      await rebuildCatalogueSearch(index, { query: (sql, params) => db.query(sql, params) });
      const found = await index.searchListings(listingQuery({ text: 'porsche' }));
      expect([...found.ids].sort()).toEqual([porsche.id, later.id].sort());
    } finally {
      await db.destroy().catch(() => undefined);
      await pool.end();
      await database.drop();
    }
  });
});
