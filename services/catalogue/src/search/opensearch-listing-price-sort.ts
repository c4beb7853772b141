import type { CatalogueSearchPage, ListingSearchQuery } from './catalogue-search.port';

/** One search request against the brand's listings alias: its hits (with `_source` when asked) and total. */
export type ListingHits = (body: Record<string, unknown>) => Promise<{
  hits: Array<{ _id: string; _source?: Record<string, unknown>; highlight?: Record<string, string[]> }>;
  total: number;
  aggregations?: unknown;
}>;

/** OpenSearch refuses `from + size` beyond this (index.max_result_window). */
const MAX_WINDOW = 10_000;

interface Priced {
  id: string;
  usd: number;
  weighting: number;
}

/**
 * Price sorts in US dollars without a script (the rates change while documents stay): within one
 * currency the dollar order is the price order, so each currency present answers its first
 * `from + size` listings by price, and merging them by dollars gives the page exactly as PostgreSQL's
 * `price_cents / rate` (docs/decisions.md "Catalogue search on OpenSearch"). Listings on asking or in a
 * currency without a rate come after every priced one, by weighting then id, as NULLS LAST does.
 */
export async function searchListingsByPrice(
  search: ListingHits,
  base: object,
  query: ListingSearchQuery,
): Promise<Omit<CatalogueSearchPage, 'highlights'>> {
  const rated = Object.entries(query.usdRates).filter(([, rate]) => Number.isFinite(rate) && rate > 0);
  const rates = new Map(rated);
  const priced = { bool: { filter: [base, { exists: { field: 'priceCents' } }, { terms: { currency: [...rates.keys()] } }] } };
  const head = await search({
    query: base,
    size: 0,
    aggs: { currencies: { filter: priced, aggs: { values: { terms: { field: 'currency', size: 1000 } } } } },
  });
  const buckets = (head.aggregations as { currencies: { values: { buckets: Array<{ key: string; doc_count: number }> } } }).currencies
    .values.buckets;
  const pricedCount = buckets.reduce((sum, bucket) => sum + bucket.doc_count, 0);
  const from = (query.page - 1) * query.hitsPerPage;
  const end = Math.min(from + query.hitsPerPage, head.total);
  if (end > MAX_WINDOW) throw new RangeError(`Price sorts page up to ${MAX_WINDOW} listings on OpenSearch`);
  const ids: string[] = [];
  const direction = query.sort === 'price_asc' ? 'asc' : 'desc';
  if (from < pricedCount) {
    const want = Math.min(end, pricedCount);
    const lists = await Promise.all(
      buckets.map(async (bucket) => {
        const found = await search({
          query: { bool: { filter: [priced, { term: { currency: bucket.key } }] } },
          sort: [{ priceCents: direction }, { weighting: 'desc' }, { id: 'asc' }],
          size: Math.min(want, bucket.doc_count),
          _source: ['priceCents', 'weighting'],
        });
        const rate = rates.get(bucket.key)!;
        return found.hits.map((hit) => ({
          id: hit._id,
          usd: Number(hit._source?.priceCents) / rate,
          weighting: Number(hit._source?.weighting ?? 0),
        }));
      }),
    );
    const merged = lists.flat().sort(byDollars(direction));
    ids.push(...merged.slice(from, want).map((entry) => entry.id));
  }
  if (from + ids.length < end) {
    const unpriced = await search({
      query: { bool: { filter: [base], must_not: [priced] } },
      sort: [{ weighting: 'desc' }, { id: 'asc' }],
      from: Math.max(0, from - pricedCount),
      size: end - from - ids.length,
      _source: false,
    });
    ids.push(...unpriced.hits.map((hit) => hit._id));
  }
  return { ids, nbHits: head.total };
}

function byDollars(direction: 'asc' | 'desc'): (a: Priced, b: Priced) => number {
  return (a, b) => {
    if (a.usd !== b.usd) return direction === 'asc' ? a.usd - b.usd : b.usd - a.usd;
    if (a.weighting !== b.weighting) return b.weighting - a.weighting;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}
