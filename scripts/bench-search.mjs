// `npm run bench:search` (issue 22): search on PostgreSQL and on a real OpenSearch node side by side.
//
//   1. 20,000 auction lots appended to the event log in bulk (about 7 events each), indexed from the
//      log by the search processor's batch code on both engines (catch-up rate);
//   2. auction search p50/p95 for a fixed query set (text, prefix, typo, facets, the sorts, a deep page);
//   3. the indexing rate while a bid load runs (bids appended at BENCH_SEARCH_BID_RATE/s for
//      BENCH_SEARCH_BID_SECONDS s, both engines following the log, searches running meanwhile);
//   4. 100,000 Paddock listings: search p50/p95 through the catalogue's adapters (PostgreSQL, and
//      OpenSearch when the build holds its adapter).
//
// Embedded PostgreSQL with its durable defaults; the OpenSearch node of scripts/peers/opensearch.mjs
// (or OPENSEARCH_URL when set). Needs `npm run build:server` first (the npm script does it).
// Results: printed, and written to bench/results/search.json (quoted in docs/benchmarks.md "Search").
import 'reflect-metadata';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@opensearch-project/opensearch';
import pg from 'pg';
import { auctionLatencies, catchUp, indexingUnderBids, searchProcessors, seedLots } from './bench-search/lots.mjs';
import { indexListings, listingLatencies, seedListings } from './bench-search/listings.mjs';
import { startOpenSearch } from './peers/opensearch.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOTS = Number(process.env.BENCH_SEARCH_LOTS ?? 20_000);
const LISTINGS = Number(process.env.BENCH_SEARCH_LISTINGS ?? 100_000);
const ROUNDS = { rounds: Number(process.env.BENCH_SEARCH_ROUNDS ?? 20), warmUp: 3 };
const BIDS = { rate: Number(process.env.BENCH_SEARCH_BID_RATE ?? 200), seconds: Number(process.env.BENCH_SEARCH_BID_SECONDS ?? 20) };

const built = (path) => {
  const file = join(ROOT, 'dist', path);
  if (!existsSync(file)) throw new Error(`${file} is missing: run through \`npm run bench:search\` (it builds the server first)`);
  return import(pathToFileURL(file).href);
};
const log = (line) => console.error(`bench:search: ${line}`);
const load = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function modules() {
  return {
    platform: await built('libs/platform/src/index.js'),
    es: await built('libs/event-store/src/index.js'),
    auctionDb: await built('services/auction/src/infrastructure/auction-data-source.js'),
    auctionEs: await built('services/auction/src/infrastructure/event-store.provider.js'),
    search: {
      ...(await built('services/auction/src/search/auction-search.processor.js')),
      ...(await built('services/auction/src/search/search-batch.js')),
      ...(await built('services/auction/src/search/postgres-search-index.js')),
      ...(await built('services/auction/src/search/opensearch-search-index.js')),
    },
    catalogueDb: await built('services/catalogue/src/infrastructure/catalogue-data-source.js'),
  };
}

/** The catalogue's search adapters, when this build has them (helper work of issue 22 may land later). */
async function catalogueAdapters() {
  const pgFile = 'services/catalogue/src/search/postgres-catalogue-search.js';
  const osFile = 'services/catalogue/src/search/opensearch-catalogue-search.js';
  return {
    PostgresCatalogueSearch: existsSync(join(ROOT, 'dist', pgFile)) ? (await built(pgFile)).PostgresCatalogueSearch : null,
    OpenSearchCatalogueSearch: existsSync(join(ROOT, 'dist', osFile)) ? (await built(osFile)).OpenSearchCatalogueSearch : null,
  };
}

async function auctionPart(m, pool, client, results) {
  const store = new m.es.PostgresEventStore(pool);
  log(`appending ${LOTS} lots to the log`);
  const { live, seed } = await seedLots(store, LOTS);
  results.auction = { seed };
  const indexes = { postgres: new m.search.PostgresSearchIndex(m.es.sqlExecutorOf(pool)) };
  if (client) {
    indexes.opensearch = new m.search.OpenSearchSearchIndex(client, 'bench');
    await indexes.opensearch.ensure();
  }
  const host = new m.es.ProcessorHost({ store, transaction: m.es.poolTransaction(pool), exec: m.es.sqlExecutorOf(pool) });
  const processors = searchProcessors(m.es, m.search, indexes);
  log(`indexing ${seed.events} events on ${Object.keys(indexes).join(' and ')}`);
  results.auction.catchUp = await catchUp(host, processors, indexes, seed.events);
  log('auction search latencies');
  results.auction.search = await auctionLatencies(indexes, ROUNDS);
  log(`bid load: ${BIDS.rate}/s for ${BIDS.seconds} s`);
  results.auction.underBids = await indexingUnderBids(store, processors, indexes, live, BIDS);
  await host.stop();
}

async function listingsPart(m, pool, client, url, results) {
  const adapters = await catalogueAdapters();
  if (!adapters.PostgresCatalogueSearch) {
    results.listings = {
      skipped: 'the build has no catalogue search adapter (services/catalogue/src/search/postgres-catalogue-search.ts)',
    };
    return;
  }
  log(`inserting ${LISTINGS} listings`);
  const { rows, seed } = await seedListings(pool, LISTINGS);
  results.listings = { seed };
  const { DataSource } = await import('typeorm');
  const db = new DataSource(m.platform.serviceDataSourceOptions(m.catalogueDb.CATALOGUE_DATABASE, url, 4));
  await db.initialize();
  const searches = { postgres: new adapters.PostgresCatalogueSearch(db) };
  if (client && adapters.OpenSearchCatalogueSearch) {
    try {
      const search = new adapters.OpenSearchCatalogueSearch(client, 'bench');
      log('indexing the listings on OpenSearch');
      results.listings.opensearchIndexing = await indexListings(search, rows);
      searches.opensearch = search;
    } catch (error) {
      results.listings.opensearchSkipped = `the catalogue's OpenSearch adapter failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  } else results.listings.opensearchSkipped = client ? 'the build has no catalogue OpenSearch adapter' : 'no OpenSearch node';
  log('listing search latencies');
  results.listings.search = await listingLatencies(searches, ROUNDS);
  await db.destroy();
}

async function main() {
  const m = await modules();
  const results = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    loadBefore: load(),
    settings: { lots: LOTS, listings: LISTINGS, ...ROUNDS, bidRate: BIDS.rate, bidSeconds: BIDS.seconds },
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-pg-'));
  const server = await m.platform.startEmbeddedPostgres({ dataDir, persistent: false });
  const node = process.env.OPENSEARCH_URL || process.env.BENCH_SEARCH_OPENSEARCH === '0' ? null : await startOpenSearch();
  const openSearchUrl = process.env.OPENSEARCH_URL || node?.url || null;
  const client = openSearchUrl ? new Client({ node: openSearchUrl }) : null;
  const pool = new pg.Pool({ connectionString: server.url, max: 8 });
  try {
    await m.auctionEs.migrateEventStore(server.url);
    await m.auctionDb.migrateAuctionDatabase(server.url);
    await m.catalogueDb.migrateCatalogueDatabase(server.url);
    await auctionPart(m, pool, client, results);
    await listingsPart(m, pool, client, server.url, results);
  } finally {
    results.loadAfter = load();
    await pool.end();
    await client?.close();
    await node?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const out = join(ROOT, 'bench', 'results', 'search.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  log(`written to ${out}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
