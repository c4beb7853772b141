import 'reflect-metadata';
import { connectDatabase, JsonLogger } from '@trackside/platform';
import { startAuctionService } from './auction.service-app';
import { loadAuctionConfig } from './config/auction-config';

/** Runs the auction service alone (production: one container per instance). */
const config = loadAuctionConfig();
const logger = new JsonLogger('auction', config.LOG_LEVEL, config.LOG_FORMAT);
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
const service = await startAuctionService({ config, databaseUrl: database.url, logger });
const shutdown = async (): Promise<void> => {
  await service.close();
  await database.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
