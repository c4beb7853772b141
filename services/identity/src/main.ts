import 'reflect-metadata';
import { connectDatabase, JsonLogger } from '@trackside/platform';
import { loadIdentityConfig } from './config/identity-config';
import { seedDemoUsers } from './demo/demo-users';
import { startIdentityService } from './identity.service-app';

/** Runs the identity service alone (production: one container per instance). */
const config = loadIdentityConfig();
const logger = new JsonLogger('identity', config.LOG_LEVEL, config.LOG_FORMAT);
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
const service = await startIdentityService({ config, databaseUrl: database.url, logger });
if (config.DEMO_DATA) {
  const demo = await seedDemoUsers(service.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
const shutdown = async (): Promise<void> => {
  await service.close();
  await database.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
