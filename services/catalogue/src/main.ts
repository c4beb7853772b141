import 'reflect-metadata';
import { runServiceProcess } from '@trackside/platform';
import { loadCatalogueConfig } from './config/catalogue-config';
import { seedCatalogueDemo } from './demo/catalogue-demo';
import { startCatalogueService } from './catalogue.service-app';

/** Runs the catalogue service alone (production: one container per instance); SIGTERM stops it in order. */
const config = loadCatalogueConfig();
const { service, logger } = await runServiceProcess({
  name: 'catalogue',
  config,
  start: ({ databaseUrl, logger }) => startCatalogueService({ config, databaseUrl, logger }),
});
if (config.DEMO_DATA) {
  const demo = await seedCatalogueDemo(service.app, { log: (line) => logger.log(line, 'Demo') });
  logger.log(demo.summary, 'Demo');
}
