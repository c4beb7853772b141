import { migrateEventStoreAt } from '@trackside/event-store';
import { systemClock, type Clock, bootstrapService, JsonLogger, platformSettingsOf, type BootstrappedService } from '@trackside/platform';
import { BrandConfigurationService } from './brand/brand-configuration.service';
import { BrandContentService } from './brand/brand-content.service';
import type { CatalogueConfig } from './config/catalogue-config';
import { CatalogueModule } from './catalogue.module';
import { migrateCatalogueDatabase } from './infrastructure/catalogue-data-source';
import { PricingPackagesService } from './packages/pricing-packages.service';
import { graphqlMultipart } from './uploads/graphql-multipart.middleware';
import { multipartUploadsOnly } from './uploads/multipart-uploads-only.middleware';

/** The running service: its application, address and stops (libs/platform/src/boot/bootstrap-service.ts). */
export type RunningCatalogueService = BootstrappedService;

/** Boots the catalogue service: migrations, Nest application, re-publication of brand auction settings. */
export async function startCatalogueService(options: {
  config: CatalogueConfig;
  databaseUrl: string;
  clock?: Clock;
  logger?: JsonLogger;
  port?: number;
}): Promise<RunningCatalogueService> {
  const { config } = options;
  const logger = options.logger ?? new JsonLogger('catalogue', config.LOG_LEVEL, config.LOG_FORMAT);
  await migrateEventStoreAt(options.databaseUrl);
  await migrateCatalogueDatabase(options.databaseUrl);
  const platform = platformSettingsOf('catalogue', config, logger);
  return bootstrapService({
    rootModule: CatalogueModule.register({ config, databaseUrl: options.databaseUrl, platform, clock: options.clock ?? systemClock }),
    settings: platform,
    host: config.CATALOGUE_HOST,
    port: options.port ?? config.CATALOGUE_PORT,
    beforeListen: async (app) => {
      // GraphQL multipart requests (upload, multipleUpload) become JSON operations before GraphQL runs;
      // nothing but those two mutations may come that way (issue 18, M2).
      app.use('/graphql', graphqlMultipart, multipartUploadsOnly);
      await app.init();
      // A save whose event append did not happen (crash in between) is published now.
      await app.get(BrandConfigurationService).publishAll();
      await app.get(PricingPackagesService).publishAllPrices();
      await app.get(BrandContentService).publishAllPaymentConfigurations();
    },
  });
}
