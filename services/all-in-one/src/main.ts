import 'reflect-metadata';
import { connectDatabase, JsonLogger, redact } from '@trackside/platform';
import { loadAllInOneConfig } from './all-in-one-config';
import { seedDemoData, startAuctionService } from '@trackside/auction-service';

/**
 * `npm start`: the whole marketplace in one Node process on an embedded PostgreSQL with demo data.
 * Same topology as production, processes merged. The GraphQL gateway and the realtime gateway
 * arrive with the live bidding issue; until then the auction subgraph answers on PORT directly.
 */
const config = loadAllInOneConfig();
const logger = new JsonLogger('all-in-one', config.LOG_LEVEL, config.LOG_FORMAT);
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
logger.log(`Database: ${redact(database.url)}`, 'Bootstrap');

const auction = await startAuctionService({
  config: { ...config, AUCTION_PORT: config.PORT, AUCTION_HOST: config.HOST },
  databaseUrl: database.url,
  logger: new JsonLogger('auction', config.LOG_LEVEL, config.LOG_FORMAT),
});

if (config.DEMO_DATA) {
  const demo = await seedDemoData(auction.app, { dataDir: config.DATA_DIR, log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
logger.log(`Trackside is up: GraphQL at ${auction.url}/graphql, health at ${auction.url}/health`, 'Bootstrap');

let closing = false;
const shutdown = async (signal: string): Promise<void> => {
  if (closing) return;
  closing = true;
  logger.log(`${signal}: shutting down`, 'Bootstrap');
  await auction.close();
  await database.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
