import { migrateEventStoreAt } from '@trackside/event-store';
import { systemClock, type Clock, bootstrapService, JsonLogger, platformSettingsOf, type BootstrappedService } from '@trackside/platform';
import type { IdentityConfig } from './config/identity-config';
import { IdentityModule } from './identity.module';
import { migrateIdentityDatabase } from './infrastructure/identity-data-source';

/** The running service: its application, address and stops (libs/platform/src/boot/bootstrap-service.ts). */
export type RunningIdentityService = BootstrappedService;

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
  const platform = platformSettingsOf('identity', config, logger);
  return bootstrapService({
    rootModule: IdentityModule.register({ config, databaseUrl: options.databaseUrl, platform, clock: options.clock ?? systemClock }),
    settings: platform,
    // Payment webhooks check signatures over the request bytes.
    rawBody: true,
    host: config.IDENTITY_HOST,
    port: options.port ?? config.IDENTITY_PORT,
  });
}
