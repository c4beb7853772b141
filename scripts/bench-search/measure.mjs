// Timing helpers and the fixed query sets of `npm run bench:search`.

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (value) => Math.round(value * 10) / 10;

export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

const FACETS = ['status', 'address.country', 'dataFields.make.value', 'dataFields.year.value', 'sellerType'];

/** Auction search parameters (SearchParams of services/auction/src/search/search-index.port.ts). */
export function auctionParams(brand, overrides = {}) {
  const filters = Object.fromEntries(FACETS.map((name) => [name, []]));
  return {
    brand,
    query: null,
    sortBy: 'endDate-asc',
    page: 1,
    hitsPerPage: 15,
    ...overrides,
    filters: { ...filters, ...overrides.filters },
  };
}

/** The fixed auction queries: text, typo, facets, the sorts, a deep page. */
export const AUCTION_QUERIES = [
  ['text: porsche', { query: 'porsche' }],
  ['text: porsche 911', { query: 'porsche 911' }],
  ['text: ferrari 250 gto', { query: 'ferrari 250 gto' }],
  ['prefix: merc gull', { query: 'merc gull' }],
  ['typo: porshe 911', { query: 'porshe 911' }],
  ['facet: make=Porsche', { filters: { 'dataFields.make.value': ['Porsche'] } }],
  [
    'facets: 2 makes, 2 countries, LIVE',
    { filters: { 'dataFields.make.value': ['Porsche', 'Ferrari'], 'address.country': ['US', 'DE'], status: ['LIVE'] } },
  ],
  ['sort: endDate-asc (default)', {}],
  ['sort: bid-desc', { sortBy: 'bid-desc' }],
  ['sort: startDate-desc', { sortBy: 'startDate-desc' }],
  ['text+facet+sort: 911, Dealer, bid-asc', { query: '911', filters: { sellerType: ['Dealer'] }, sortBy: 'bid-asc' }],
  ['deep page: page 50, endDate-desc', { sortBy: 'endDate-desc', page: 50 }],
];

/** The fixed Paddock listing queries (ListingSearchQuery of services/catalogue/src/search/catalogue-search.port.ts). */
export const LISTING_QUERIES = [
  ['text: porsche', { text: 'porsche' }],
  ['text: porsche 911', { text: 'porsche 911' }],
  ['typo: porshe 911', { text: 'porshe 911' }],
  ['filter: CARS, SALE', { filters: { category: 'CARS', type: 'SALE' } }],
  ['filter: price 10k-50k, DEALER', { filters: { minPriceCents: 1_000_000, maxPriceCents: 5_000_000, sellerType: 'DEALER' } }],
  ['sort: date_desc (default)', {}],
  ['sort: price_asc', { sort: 'price_asc' }],
  ['sort: price_desc', { sort: 'price_desc' }],
  ['text+filter+sort: ferrari, CARS, price_desc', { text: 'ferrari', filters: { category: 'CARS' }, sort: 'price_desc' }],
  ['deep page: page 100', { page: 100 }],
];

export function listingQuery(brand, overrides = {}) {
  return {
    brand,
    now: new Date(),
    usdRates: { USD: 1, EUR: 0.92, GBP: 0.79 },
    filters: {},
    text: null,
    sort: 'date_desc',
    page: 1,
    hitsPerPage: 15,
    ...overrides,
  };
}

/**
 * Runs every query of `queries` on every engine: `warmUp` rounds unmeasured, then `rounds`
 * rounds, queries interleaved so a noisy moment spreads over all of them. `run(engine, args)`
 * answers the result's hit count.
 */
export async function latencies(engines, queries, { rounds, warmUp }, run) {
  const samples = new Map();
  const hits = new Map();
  for (let round = 0; round < warmUp + rounds; round += 1)
    for (const [name, args] of queries)
      for (const engine of engines) {
        const started = performance.now();
        const nbHits = await run(engine, args);
        const took = performance.now() - started;
        const key = `${engine}\u0000${name}`;
        hits.set(key, nbHits);
        if (round >= warmUp) samples.set(key, [...(samples.get(key) ?? []), took]);
      }
  const rows = queries.map(([name]) => ({
    query: name,
    ...Object.fromEntries(
      engines.map((engine) => [
        engine,
        { ...summary(samples.get(`${engine}\u0000${name}`) ?? []), nbHits: hits.get(`${engine}\u0000${name}`) },
      ]),
    ),
  }));
  // Every sample of an engine together: its p50/p95 over the whole query set.
  const all = Object.fromEntries(
    engines.map((engine) => [engine, summary(queries.flatMap(([name]) => samples.get(`${engine}\u0000${name}`) ?? []))]),
  );
  return { rows, all };
}
