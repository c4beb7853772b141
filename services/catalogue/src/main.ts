import 'reflect-metadata';
import { connectDatabase, JsonLogger } from '@trackside/platform';
import { loadCatalogueConfig } from './config/catalogue-config';
import { seedCatalogueDemo } from './demo/catalogue-demo';
import { startCatalogueService } from './catalogue.service-app';

/** Runs the catalogue service alone (production: one container per instance). */
const config = loadCatalogueConfig();
const logger = new JsonLogger('catalogue', config.LOG_LEVEL, config.LOG_FORMAT);
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
const service = await startCatalogueService({ config, databaseUrl: database.url, logger });
if (config.DEMO_DATA) {
  const demo = await seedCatalogueDemo(service.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
const shutdown = async (): Promise<void> => {
  await service.close();
  await database.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
