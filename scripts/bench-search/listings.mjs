// The Paddock part of `npm run bench:search`: 100,000 listing rows in catalogue.listings (on
// PostgreSQL the catalogue's tables are the index), searched through the catalogue's search
// adapters (services/catalogue/src/search/**) when the build holds them.
import { BRAND, listingRow, seeded } from './fixtures.mjs';
import { LISTING_QUERIES, latencies, listingQuery } from './measure.mjs';

const CHUNK = 5000;
const COLUMNS = [
  ['id', 'uuid'],
  ['brand', 'text'],
  ['user_id', 'uuid'],
  ['package_id', 'uuid'],
  ['group_id', 'uuid'],
  ['title', 'text'],
  ['slug', 'text'],
  ['category', 'text'],
  ['type', 'text'],
  ['description', 'text'],
  ['price_cents', 'bigint'],
  ['poa', 'boolean'],
  ['currency', 'text'],
  ['status', 'text'],
  ['payment_status', 'text'],
  ['address_country', 'text'],
  ['seller_type', 'text'],
  ['published_at', 'timestamptz'],
  ['extra_details', 'jsonb'],
  ['weighting', 'integer'],
  ['expiry', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

/** Inserts `count` listings, CHUNK rows per statement, then ANALYZE; answers the rows (for the OpenSearch documents). */
export async function seedListings(pool, count) {
  const random = seeded(100);
  const now = Date.now();
  const rows = [];
  const started = performance.now();
  for (let first = 0; first < count; first += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, count - first) }, () => listingRow(random, now));
    rows.push(...chunk);
    const names = COLUMNS.map(([name]) => name).join(', ');
    await pool.query(
      `INSERT INTO catalogue.listings (${names})
       SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})`,
      [JSON.stringify(chunk)],
    );
  }
  await pool.query('ANALYZE catalogue.listings');
  return { rows, seed: { listings: count, seconds: Math.round((performance.now() - started) / 100) / 10 } };
}

/** The document the OpenSearch adapter indexes (ListingSearchDocument), from a seeded row. */
export function listingDocument(row) {
  return {
    id: row.id,
    brand: row.brand,
    status: row.status,
    paymentStatus: row.payment_status,
    expiry: row.expiry,
    title: row.title,
    description: row.description,
    extraDetails: JSON.stringify(row.extra_details),
    category: row.category,
    type: row.type,
    userId: row.user_id,
    groupId: row.group_id,
    sellerType: row.seller_type,
    priceCents: row.price_cents,
    currency: row.currency,
    publishedAt: row.published_at,
    weighting: row.weighting,
  };
}

/** Indexes every listing into the catalogue's OpenSearch adapter (its zero-downtime rebuild), in bulk batches. */
export async function indexListings(search, rows) {
  const started = performance.now();
  const batches = function* () {
    for (let first = 0; first < rows.length; first += 1000) yield rows.slice(first, first + 1000).map(listingDocument);
  };
  await search.rebuild('listings', BRAND, batches());
  const seconds = (performance.now() - started) / 1000;
  return { seconds: Math.round(seconds * 10) / 10, documentsPerSecond: Math.round(rows.length / seconds) };
}

export async function listingLatencies(searches, settings) {
  return latencies(
    Object.keys(searches),
    LISTING_QUERIES,
    settings,
    async (engine, args) => (await searches[engine].searchListings(listingQuery(BRAND, args))).nbHits,
  );
}
