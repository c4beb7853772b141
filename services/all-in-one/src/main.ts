import 'reflect-metadata';
import { connectDatabase, initServerErrorReporting, JsonLogger, redact, SHUTDOWN_ORDER, ShutdownCoordinator } from '@trackside/platform';
import { metricsAccessOf, startMetricsServer } from '@trackside/platform';
import { seedDemoData } from '@trackside/auction-service';
import { seedCatalogueDemo } from '@trackside/catalogue-service';
import { DEMO_BRANDS, DEMO_PASSWORD, demoEmail, seedDemoUsers } from '@trackside/identity-service';
import { loadAllInOneConfig } from './all-in-one-config';
import { marketplaceShutdownSteps } from './marketplace-shutdown';
import { startupSummary } from './startup-summary';
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

// The seeding's progress is debug: the summary below names the demo sign-ins (issue 23, a quiet start).
const demoLog = (line: string): void => logger.debug(line, 'Demo');
if (config.DEMO_DATA) {
  const users = await seedDemoUsers(marketplace.identity.app, { log: demoLog });
  demoLog(users.summary);
  const catalogue = await seedCatalogueDemo(marketplace.catalogue.app, { log: demoLog });
  demoLog(catalogue.summary);
  const demo = await seedDemoData(marketplace.auction.app, { dataDir: config.DATA_DIR, log: demoLog });
  demoLog(demo.summary);
}
logger.log(
  startupSummary({
    url: marketplace.url,
    metricsUrl: await metricsUrlOf(marketplace.url),
    // The local mailbox exists outside production only (services/identity/src/email/local-mailbox.controller.ts).
    mailbox: config.NODE_ENV !== 'production',
    demo: config.DEMO_DATA ? { brands: DEMO_BRANDS, email: demoEmail, password: DEMO_PASSWORD } : null,
  }),
  'Bootstrap',
);

/** /metrics on its own port (METRICS_PORT, stopped with the pools) or on the site's, when allowed (docs/operations.md). */
async function metricsUrlOf(url: string): Promise<string | null> {
  const access = metricsAccessOf(config);
  if (access.port) {
    const server = await startMetricsServer(access.port, config.HOST);
    shutdown.onShutdown('metrics port', SHUTDOWN_ORDER.pools, () => server.close());
    return server.url;
  }
  if (access.mode === 'off') return null;
  return access.mode === 'token' ? `${url}/metrics (Authorization: Bearer METRICS_TOKEN)` : `${url}/metrics`;
}
