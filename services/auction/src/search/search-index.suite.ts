import { randomUUID } from 'node:crypto';
import type { SqlExecutor } from '@trackside/event-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SEARCH_FACETS,
  SEARCH_SORTS,
  type LotSearchDocument,
  type SearchIndex,
  type SearchParams,
  type SearchResult,
} from './search-index.port';

/**
 * The one search test suite every `SearchIndex` adapter must pass (issue 22): the results shape,
 * brand and host visibility, hidden statuses, prefix text search, the six sorts, disjunctive facets
 * and paging. An adapter's spec calls `searchIndexSuite` with its own setup; nothing here knows
 * which engine answers. Adapter-specific checks (query plans, typo tolerance) stay in the adapter's spec.
 */
export interface SearchIndexUnderTest {
  index: SearchIndex;
  /** What the adapter's writes run through (the processor's transaction for PostgreSQL). */
  writer: SqlExecutor;
  /** Empties the index between tests. */
  clear(): Promise<void>;
  /** Makes written documents visible to search (an engine's refresh); a no-op where writes are visible at once. */
  settle(): Promise<void>;
  /** Releases what setup took (pools, databases, indexes). */
  close(): Promise<void>;
}

export const SUITE_BRAND = 'trackside';

export function suiteDocument(overrides: Partial<LotSearchDocument> = {}): LotSearchDocument {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    brand: SUITE_BRAND,
    hosts: [],
    status: 'LIVE',
    sellerType: 'Dealer',
    country: 'US',
    make: 'Porsche',
    model: '911',
    year: '1974',
    title: 'Porsche 911 RSR',
    description: null,
    userDescription: 'Fresh engine.',
    startPriceCents: 0,
    topBidCents: null,
    currentPriceCents: 0,
    scheduledStart: '2030-01-01T00:00:00.000Z',
    finalEnd: '2030-01-08T00:00:00.000Z',
    coverImage: null,
    slug: `slug-${id}`,
    currency: 'USD',
    version: 1,
    ...overrides,
  };
}

export function suiteParams(overrides: Partial<SearchParams> = {}): SearchParams {
  return {
    brand: SUITE_BRAND,
    query: null,
    filters: Object.fromEntries(SEARCH_FACETS.map((name) => [name, []])) as unknown as SearchParams['filters'],
    sortBy: 'endDate-asc',
    page: 1,
    hitsPerPage: 15,
    ...overrides,
  };
}

const facetOf = (result: SearchResult, name: string) => result.facets.find((facet) => facet.name === name)?.values;

export function searchIndexSuite(adapter: string, setup: () => Promise<SearchIndexUnderTest>): void {
  describe(`SearchIndex contract (${adapter})`, () => {
    let under: SearchIndexUnderTest;
    const put = async (...documents: LotSearchDocument[]): Promise<void> => {
      await under.index.upsert(documents, under.writer);
      await under.settle();
    };
    const search = (overrides: Partial<SearchParams> = {}): Promise<SearchResult> => under.index.search(suiteParams(overrides));
    const withFilter = (name: string, values: string[]): SearchParams['filters'] => ({ ...suiteParams().filters, [name]: values });

    beforeAll(async () => {
      under = await setup();
    });
    afterAll(async () => {
      await under?.close();
    });
    beforeEach(async () => {
      await under.clear();
    });

    it('answers every facet in spec order, even with no document', async () => {
      const result = await search();
      expect(result).toEqual({ ids: [], nbHits: 0, facets: SEARCH_FACETS.map((name) => ({ name, values: [] })), highlights: {} });
    });

    it('finds the brand’s own lots and those it hosts, never another brand’s, never hidden statuses', async () => {
      const own = suiteDocument();
      const hosted = suiteDocument({ brand: 'jewelry', hosts: [SUITE_BRAND] });
      const foreign = suiteDocument({ brand: 'jewelry' });
      const hidden = ['PENDING', 'APPROVED', 'CANCELED'].map((status) => suiteDocument({ status }));
      await put(own, hosted, foreign, ...hidden);
      const result = await search();
      expect([...result.ids].sort()).toEqual([own.id, hosted.id].sort());
      expect(result.nbHits).toBe(2);
      expect(facetOf(result, 'status')).toEqual([{ value: 'LIVE', count: 2 }]);
    });

    it('matches every word as a prefix, over title, make, model and descriptions, ignoring case', async () => {
      const porsche = suiteDocument();
      const lola = suiteDocument({ title: 'Lola T70', make: 'Lola', model: 'T70', userDescription: 'Ex-works Can-Am car.' });
      await put(porsche, lola);
      expect((await search({ query: 'porsc 911' })).ids).toEqual([porsche.id]);
      expect((await search({ query: 'PORSCHE' })).ids).toEqual([porsche.id]);
      expect((await search({ query: 'can-am' })).ids).toEqual([lola.id]);
      expect((await search({ query: 'porsche t70' })).ids).toEqual([]);
      expect((await search({ query: '   ' })).nbHits).toBe(2);
    });

    it('sorts six ways; Ending Soonest lists running lots first, then the most recently ended', async () => {
      const early = suiteDocument({
        finalEnd: '2030-01-02T00:00:00.000Z',
        scheduledStart: '2029-12-20T00:00:00.000Z',
        currentPriceCents: 500,
      });
      const late = suiteDocument({
        finalEnd: '2030-02-01T00:00:00.000Z',
        scheduledStart: '2029-12-01T00:00:00.000Z',
        currentPriceCents: 100,
      });
      const soldOld = suiteDocument({
        status: 'SOLD',
        finalEnd: '2029-01-01T00:00:00.000Z',
        scheduledStart: '2028-12-01T00:00:00.000Z',
        currentPriceCents: 900,
      });
      const soldRecent = suiteDocument({
        status: 'RESERVE_NOT_MET',
        finalEnd: '2029-06-01T00:00:00.000Z',
        scheduledStart: '2029-05-01T00:00:00.000Z',
        currentPriceCents: 300,
      });
      await put(early, late, soldOld, soldRecent);
      const order = async (sortBy: SearchParams['sortBy']) => (await search({ sortBy })).ids;
      expect(SEARCH_SORTS).toHaveLength(6);
      expect(await order('endDate-asc')).toEqual([early.id, late.id, soldRecent.id, soldOld.id]);
      expect(await order('endDate-desc')).toEqual([late.id, early.id, soldRecent.id, soldOld.id]);
      expect(await order('startDate-asc')).toEqual([soldOld.id, soldRecent.id, late.id, early.id]);
      expect(await order('startDate-desc')).toEqual([early.id, late.id, soldRecent.id, soldOld.id]);
      expect(await order('bid-asc')).toEqual([late.id, soldRecent.id, early.id, soldOld.id]);
      expect(await order('bid-desc')).toEqual([soldOld.id, early.id, soldRecent.id, late.id]);
    });

    it('facets are disjunctive: a facet’s own filter does not narrow its counts, the others do', async () => {
      await put(
        suiteDocument({ make: 'Porsche', country: 'US' }),
        suiteDocument({ make: 'Porsche', country: 'DE' }),
        suiteDocument({ make: 'Ferrari', country: 'IT', title: 'Ferrari 312T' }),
        suiteDocument({ make: 'Ferrari', country: 'US', title: 'Ferrari 250' }),
      );
      const result = await search({ filters: withFilter('dataFields.make.value', ['Porsche']) });
      expect(result.nbHits).toBe(2);
      expect(facetOf(result, 'dataFields.make.value')).toEqual([
        { value: 'Ferrari', count: 2 },
        { value: 'Porsche', count: 2 },
      ]);
      expect(facetOf(result, 'address.country')).toEqual([
        { value: 'DE', count: 1 },
        { value: 'US', count: 1 },
      ]);
      const both = await search({ filters: { ...withFilter('dataFields.make.value', ['Porsche', 'ferrari']), 'address.country': ['US'] } });
      expect(both.nbHits).toBe(2);
      expect(facetOf(both, 'dataFields.make.value')).toEqual([
        { value: 'Ferrari', count: 1 },
        { value: 'Porsche', count: 1 },
      ]);
    });

    it('pages with hitsPerPage; nbHits counts every match', async () => {
      const documents = Array.from({ length: 7 }, (_, n) => suiteDocument({ finalEnd: `2030-01-0${n + 1}T00:00:00.000Z` }));
      await put(...documents);
      const second = await search({ page: 2, hitsPerPage: 3 });
      expect(second.nbHits).toBe(7);
      expect(second.ids).toEqual(documents.slice(3, 6).map((document) => document.id));
      expect((await search({ page: 4, hitsPerPage: 3 })).ids).toEqual([]);
    });

    it('upsert replaces, remove deletes, get reads whole documents back', async () => {
      const first = suiteDocument({
        topBidCents: 99_999_999_900,
        currentPriceCents: 99_999_999_900,
        hosts: ['jewelry'],
        coverImage: 'img-1',
      });
      await put(first);
      expect((await under.index.get([first.id, randomUUID()], under.writer)).get(first.id)).toEqual(first);
      const replaced = { ...first, status: 'SOLD', title: 'Porsche 911 Carrera RSR', version: 2 };
      await put(replaced);
      expect((await search({ query: 'carrera' })).ids).toEqual([first.id]);
      await under.index.remove([first.id], under.writer);
      await under.settle();
      expect((await search()).nbHits).toBe(0);
      expect((await under.index.get([first.id], under.writer)).size).toBe(0);
    });

    it('never replaces a document with an older version; the same version again changes nothing', async () => {
      const newer = suiteDocument({ title: 'Porsche 911 Carrera RSR', status: 'SOLD', version: 3 });
      await put(newer);
      await put({ ...newer, title: 'Porsche 911 RSR', status: 'LIVE', version: 2 });
      expect((await under.index.get([newer.id], under.writer)).get(newer.id)).toEqual(newer);
      await put(newer);
      expect((await under.index.get([newer.id], under.writer)).get(newer.id)).toEqual(newer);
      expect((await search({ query: 'carrera' })).ids).toEqual([newer.id]);
      expect(await under.index.count()).toBe(1);
    });

    it('highlights the matched words of the page’s titles as segments; other matches and empty queries get none', async () => {
      const porsche = suiteDocument({ title: 'Porsche 911 RSR' });
      const lola = suiteDocument({ title: 'Lola T70', make: 'Lola', model: 'T70', userDescription: 'Ex-works Can-Am car.' });
      await put(porsche, lola);
      expect((await search({ query: 'porsc 911' })).highlights).toEqual({
        [porsche.id]: [
          { text: 'Porsche', match: true },
          { text: ' ', match: false },
          { text: '911', match: true },
          { text: ' RSR', match: false },
        ],
      });
      const byDescription = await search({ query: 'can-am' });
      expect(byDescription.ids).toEqual([lola.id]);
      expect(byDescription.highlights).toEqual({});
      expect((await search()).highlights).toEqual({});
    });
  });
}
