import 'reflect-metadata';
import { JsonLogger } from '@trackside/platform';
import pg from 'pg';
import { startAuctionService } from '../auction.service-app';
import { CommentsProjectionRunner } from '../comments/comments-projection-runner';
import { ProjectionRunner } from '../projections/projection-runner';
import { resetAuctionProjections } from '../projections/reset-projections';
import { SearchProjectionRunner } from '../search/search-projection-runner';
import { cliDatabase } from './cli-database';

/**
 * `npm run projections:rebuild`: empties the auction read models and their checkpoint in one
 * transaction, then replays the whole log into them. Stop the running marketplace first (or its
 * processor would keep projecting concurrently: the advisory lock makes this run wait for it).
 */
const { config, database } = await cliDatabase();
const pool = new pg.Pool({ connectionString: database.url, max: 1 });
const started = Date.now();
try {
  await resetAuctionProjections(pool);
} finally {
  await pool.end();
}
const service = await startAuctionService({
  config: { ...config, SCHEDULER_ENABLED: false, PROJECTIONS_ENABLED: true, AUCTION_PORT: 0 },
  databaseUrl: database.url,
  logger: new JsonLogger('auction', 'warn', 'pretty'),
});
await service.app.get(ProjectionRunner).caughtUp();
await service.app.get(SearchProjectionRunner).caughtUp();
await service.app.get(CommentsProjectionRunner).caughtUp();
const counts = await service.app.get(ProjectionRunner).counts();
const searchDocuments = await service.app.get(SearchProjectionRunner).count();
const comments = await service.app.get(CommentsProjectionRunner).counts();
await service.close();
await database.stop();
console.log(
  `Rebuilt auction read models in ${Date.now() - started} ms: ${counts.lots} lots, ${counts.bids} bids, ${counts.watchlist} watchlist entries, ${searchDocuments} search documents, ${comments.comments} comment entries, ${comments.reports} comment reports.`,
);
process.exit(0);
