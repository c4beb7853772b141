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
import type { IdentityConfig } from './config/identity-config';
import { IdentityModule } from './identity.module';
import { migrateIdentityDatabase } from './infrastructure/identity-data-source';

export interface RunningIdentityService {
  app: INestApplication;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Boots the identity service: migrations, Nest application, account status follower, email dispatcher. */
export async function startIdentityService(options: {
  config: IdentityConfig;
  databaseUrl: string;
  clock?: Clock;
  logger?: JsonLogger;
  port?: number;
}): Promise<RunningIdentityService> {
  const { config } = options;
  const logger = options.logger ?? new JsonLogger('identity', config.LOG_LEVEL, config.LOG_FORMAT);
  await migrateEventStoreAt(options.databaseUrl);
  await migrateIdentityDatabase(options.databaseUrl);
  const platform: PlatformSettings = {
    serviceName: 'identity',
    jwtSecret: resolveJwtSecret(config),
    jwtExpiresInSeconds: config.JWT_EXPIRES_IN_SECONDS,
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    logger,
  };
  const app = await createServiceApp(
    IdentityModule.register({ config, databaseUrl: options.databaseUrl, platform, clock: options.clock ?? systemClock }),
    platform,
    { rawBody: true },
  );
  const port = options.port ?? config.IDENTITY_PORT;
  await app.listen(port, config.IDENTITY_HOST);
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://${config.IDENTITY_HOST === '0.0.0.0' ? '127.0.0.1' : config.IDENTITY_HOST}:${address.port}`;
  logger.log(`identity service listening on ${url} (GraphQL at ${url}/graphql)`, 'Bootstrap');
  return { app, url, port: address.port, close: () => app.close() };
}
