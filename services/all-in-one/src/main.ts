import 'reflect-metadata';
import { connectDatabase, initServerErrorReporting, JsonLogger, redact, SHUTDOWN_ORDER, ShutdownCoordinator } from '@trackside/platform';
import { seedDemoData } from '@trackside/auction-service';
import { seedCatalogueDemo } from '@trackside/catalogue-service';
import { seedDemoUsers } from '@trackside/identity-service';
import { loadAllInOneConfig } from './all-in-one-config';
import { marketplaceShutdownSteps } from './marketplace-shutdown';
import { startMarketplace } from './start-all-in-one';

/**
 * `npm start`: the whole marketplace in one Node process on an embedded PostgreSQL with demo data.
 * Same topology as production (gateway in front of the subgraphs, realtime on /socket.io), processes merged.
 */
const config = loadAllInOneConfig();
const logger = new JsonLogger('all-in-one', config.LOG_LEVEL, config.LOG_FORMAT);
// Error reporting is off without SENTRY_DSN (issue 24 item 27; docs/decisions.md "Error reporting").
if (await initServerErrorReporting({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV, service: 'all-in-one' }))
  logger.log('Error reporting is on (SENTRY_DSN)', 'Bootstrap');
// SIGTERM and SIGINT stop everything in order, the embedded database last (docs/decisions.md, "Graceful shutdown order").
const shutdown = new ShutdownCoordinator(logger.child('Shutdown'), { waitForReady: true });
shutdown.listen();
const database = await connectDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (line) => logger.log(line, 'Database'),
});
shutdown.onShutdown('database', SHUTDOWN_ORDER.database, () => database.stop());
logger.log(`Database: ${redact(database.url)}`, 'Bootstrap');

const marketplace = await startMarketplace(config, database.url);
for (const step of marketplaceShutdownSteps(marketplace)) shutdown.onShutdown(step.name, step.order, step.run);
shutdown.ready();

if (config.DEMO_DATA) {
  const users = await seedDemoUsers(marketplace.identity.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(users.summary, 'Demo');
  const catalogue = await seedCatalogueDemo(marketplace.catalogue.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(catalogue.summary, 'Demo');
  const demo = await seedDemoData(marketplace.auction.app, { dataDir: config.DATA_DIR, log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
// The local mailbox exists outside production only (services/identity/src/email/local-mailbox.controller.ts).
const mailbox = config.NODE_ENV === 'production' ? '' : `, local mailbox at ${marketplace.url}/dev/mailbox`;
logger.log(
  `Trackside is up: ${marketplace.url} (GraphQL at ${marketplace.url}/graphql, realtime at ${marketplace.url}/socket.io, health at ${marketplace.url}/health${mailbox})`,
  'Bootstrap',
);
