import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { resetProcessors, type SqlExecutor } from '@trackside/event-store';
import { connectDatabase, JsonLogger, ServiceProcessorHost } from '@trackside/platform';
import pg from 'pg';
import { startCatalogueService, type RunningCatalogueService } from '../catalogue.service-app';
import { loadCatalogueConfig, type CatalogueConfig } from '../config/catalogue-config';
import { brandDocuments, catalogueBrands } from '../search/catalogue-search-documents';
import { CATALOGUE_SEARCH_INDEX } from '../search/catalogue-search.port';
import { CATALOGUE_SEARCH_PROCESSOR } from '../search/catalogue-search.processor';
import { OpenSearchCatalogueSearch } from '../search/opensearch-catalogue-search';

/**
 * The catalogue's part of `npm run projections:rebuild [-- --only <processor>]` (scripts/ops/
 * projections-rebuild.mjs runs it after the auction's). The catalogue's projections are its
 * checkpointed processors (the in-memory ones rebuild on every start), derived from the processor
 * host's definitions: today `catalogue-search`, which runs only with SEARCH_ENGINE=opensearch. There
 * it re-indexes every brand from the tables into new index generations (each alias switches in one
 * request: searches keep answering), then resets the processor's checkpoint and replays the log,
 * re-reading each entry an event names. On PostgreSQL the tables are the search index: the command
 * says there is nothing to rebuild and exits 0. An unknown name exits 2 and lists the names. Stop
 * the running catalogue instances first, as for the auction's rebuild (docs/operations.md).
 */
const USAGE = 'usage: npm run projections:rebuild [-- --only <processor name>]';
const only = (() => {
  try {
    return parseArgs({ options: { only: { type: 'string' } }, strict: true, allowPositionals: false }).values.only;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
})();

const config = loadCatalogueConfig();
const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, log: (line) => console.error(line) });
const started = Date.now();
const service = await startCatalogueService({
  config: { ...config, CATALOGUE_PORT: 0 },
  databaseUrl: database.url,
  logger: new JsonLogger('catalogue', 'warn', 'pretty'),
});
const host = service.app.get(ServiceProcessorHost);
const rebuildable = host.definitions.filter((definition) => definition.mode === 'checkpointed');
if (only !== undefined && !rebuildable.some((definition) => definition.name === only))
  await finish(2, `No projection named "${only}". Projections: ${rebuildable.map((definition) => definition.name).join(', ')}`);
const selected = rebuildable.filter((definition) => only === undefined || definition.name === only);
// A processor this deployment does not run has nothing to rebuild (the host did not start it).
const notRun = selected.filter((definition) => host.processor(definition.name) === null);
const notes = notRun.map((definition) => notRunBecause(definition.name, config)).join(' ');
const rebuilt = selected.filter((definition) => !notRun.includes(definition));
if (rebuilt.length === 0) await finish(0, `Nothing to rebuild in the catalogue. ${notes}`);

// The host started them with the service: stopped (a batch under way finishes) before the reset.
for (const definition of rebuilt) await definition.runtime.stop();
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
let reindexed: string | null = null;
try {
  // Their checkpoints go in one transaction, and their leaders on any instance read them again: each replays the log from its start.
  await resetProcessors(pool, { tables: [], checkpoints: rebuilt.map((definition) => definition.name) });
  if (rebuilt.some((definition) => definition.name === CATALOGUE_SEARCH_PROCESSOR)) reindexed = await reindexFromTables(service, pool);
} finally {
  await pool.end();
}
let replayed = 0;
const listening = rebuilt.map((definition) => definition.runtime.onCommitted((events) => (replayed += events.length)));
for (const definition of rebuilt) await definition.runtime.start();
await Promise.all(rebuilt.map((definition) => definition.runtime.caughtUp()));
for (const unsubscribe of listening) unsubscribe();
await finish(
  0,
  `Rebuilt ${rebuilt.map((definition) => definition.name).join(', ')} in ${Date.now() - started} ms: ${reindexed ? `${reindexed}, then ` : ''}${replayed} events replayed.${notes ? ` ${notes}` : ''}`,
);

/** Prints the outcome (stdout on success, stderr otherwise), stops the service and the database, exits. */
async function finish(code: number, line: string): Promise<never> {
  await service.close();
  await database.stop();
  if (code === 0) console.log(line);
  else console.error(line);
  process.exit(code);
}

/** Why a processor of the catalogue is not run here. */
function notRunBecause(name: string, settings: CatalogueConfig): string {
  if (name === CATALOGUE_SEARCH_PROCESSOR)
    return `${name} runs only with SEARCH_ENGINE=opensearch; this deployment searches with ${settings.SEARCH_ENGINE}, whose index is the catalogue's own tables, always current.`;
  return `${name} is not run by this deployment.`;
}

/**
 * OpenSearch: every brand's directory and listing documents from the tables into new index
 * generations, each alias switched once its generation is full (no downtime; documents of rows
 * that are gone do not come along, and a changed mapping applies). Answers what it indexed.
 */
async function reindexFromTables(running: RunningCatalogueService, db: pg.Pool): Promise<string | null> {
  const index: unknown = running.app.get(CATALOGUE_SEARCH_INDEX);
  if (!(index instanceof OpenSearchCatalogueSearch)) return null;
  const exec: SqlExecutor = { query: async (sql, params) => (await db.query(sql, params)).rows };
  const counts = { directories: 0, listings: 0 };
  const brands = await catalogueBrands(exec);
  for (const brand of brands)
    for (const kind of ['directories', 'listings'] as const) {
      await index.rebuild(
        kind,
        brand,
        counted(brandDocuments(exec, kind, brand), (size) => (counts[kind] += size)),
      );
    }
  return `${brands.length} brands re-indexed from the tables (${counts.directories} directory entries, ${counts.listings} listings)`;
}

async function* counted<T>(batches: AsyncIterable<T[]>, add: (size: number) => void): AsyncGenerator<T[]> {
  for await (const batch of batches) {
    add(batch.length);
    yield batch;
  }
}
