import { migrateEventStoreAt } from '@trackside/event-store';
import type { INestApplication } from '@nestjs/common';
import {
  systemClock,
  type Clock,
  createServiceApp,
  JsonLogger,
  parseBrandHosts,
  resolveJwtSecret,
  type PlatformSettings,
} from '@trackside/platform';
import { BrandConfigurationService } from './brand/brand-configuration.service';
import { BrandContentService } from './brand/brand-content.service';
import type { CatalogueConfig } from './config/catalogue-config';
import { CatalogueModule } from './catalogue.module';
import { migrateCatalogueDatabase } from './infrastructure/catalogue-data-source';
import { PricingPackagesService } from './packages/pricing-packages.service';
import { graphqlMultipart } from './uploads/graphql-multipart.middleware';
import { multipartUploadsOnly } from './uploads/multipart-uploads-only.middleware';

export interface RunningCatalogueService {
  app: INestApplication;
  url: string;
  port: number;
  close(): Promise<void>;
}

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
  const platform: PlatformSettings = {
    serviceName: 'catalogue',
    jwtSecret: resolveJwtSecret(config),
    jwtExpiresInSeconds: config.JWT_EXPIRES_IN_SECONDS,
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    logger,
  };
  const app = await createServiceApp(
    CatalogueModule.register({ config, databaseUrl: options.databaseUrl, platform, clock: options.clock ?? systemClock }),
    platform,
  );
  // GraphQL multipart requests (upload, multipleUpload) become JSON operations before GraphQL runs;
  // nothing but those two mutations may come that way (issue 18, M2).
  app.use('/graphql', graphqlMultipart, multipartUploadsOnly);
  await app.init();
  // A save whose event append did not happen (crash in between) is published now.
  await app.get(BrandConfigurationService).publishAll();
  await app.get(PricingPackagesService).publishAllPrices();
  await app.get(BrandContentService).publishAllPaymentConfigurations();
  const port = options.port ?? config.CATALOGUE_PORT;
  await app.listen(port, config.CATALOGUE_HOST);
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${config.CATALOGUE_HOST === '0.0.0.0' ? '127.0.0.1' : config.CATALOGUE_HOST}:${address.port}`;
  logger.log(`catalogue service listening on ${url} (GraphQL at ${url}/graphql)`, 'Bootstrap');
  return { app, url, port: address.port, close: () => app.close() };
}
