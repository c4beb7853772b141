import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { rebuildPlan } from '@trackside/event-store';
import { JsonLogger, ServiceProcessorHost } from '@trackside/platform';
import pg from 'pg';
import { startAuctionService } from '../auction.service-app';
import { AuctionCommentsProcessor } from '../comments/auction-comments.processor';
import { AuctionReadModelsProcessor } from '../projections/auction-read-models.processor';
import { resetAuctionProjections } from '../projections/reset-projections';
import { AuctionSearchProcessor } from '../search/auction-search.processor';
import { cliDatabase } from './cli-database';

/**
 * The auction's part of `npm run projections:rebuild [-- --only <processor>]` (scripts/ops/
 * projections-rebuild.mjs runs it, then the catalogue's): empties every auction projection (or just
 * the named one) and its checkpoint in one transaction, then replays the whole log into them. What
 * it empties is derived from the processors' definitions (`tables`): a new projection is rebuilt
 * without editing this file. Auction search lists its building table, not the searched one, which
 * keeps answering until the replay replaces it (postgres-search-index.ts). Stop the running
 * marketplace first (or its processors would keep projecting concurrently); to rebuild one
 * projection while it runs, use GraphQL `rebuildProjections`.
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

const { config, database } = await cliDatabase();
const started = Date.now();
// The service starts with its projections stopped: the reset happens before any of them reads.
const service = await startAuctionService({
  config: { ...config, SCHEDULER_ENABLED: false, PROJECTIONS_ENABLED: false, AUCTION_PORT: 0 },
  databaseUrl: database.url,
  logger: new JsonLogger('auction', 'warn', 'pretty'),
});
const host = service.app.get(ServiceProcessorHost);
const all = host.rebuildPlan();
if (only !== undefined && !all.checkpoints.includes(only)) {
  console.error(`No projection named "${only}". Projections: ${all.checkpoints.join(', ')}`);
  await service.close();
  await database.stop();
  process.exit(2);
}
// One projection: the same plan restricted to its definition, so no other table or checkpoint moves.
const plan = only === undefined ? all : rebuildPlan(host.definitions.filter((definition) => definition.name === only));
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
try {
  await resetAuctionProjections(pool, plan);
} finally {
  await pool.end();
}
const projections = host.definitions.filter((definition) => plan.checkpoints.includes(definition.name));
for (const definition of projections) await definition.runtime.start();
await Promise.all(projections.map((definition) => definition.runtime.caughtUp()));
const counts = await service.app.get(AuctionReadModelsProcessor).counts();
const searchDocuments = await service.app.get(AuctionSearchProcessor).count();
const comments = await service.app.get(AuctionCommentsProcessor).counts();
await service.close();
await database.stop();
console.log(
  `Rebuilt ${plan.checkpoints.join(', ')} (${plan.tables.length} tables) in ${Date.now() - started} ms: ${counts.lots} lots, ${counts.bids} bids, ${counts.watchlist} watchlist entries, ${searchDocuments} search documents, ${comments.comments} comment entries, ${comments.reports} comment reports.`,
);
process.exit(0);
