import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './auth/access.guard';
import { AccountStatusCache } from './auth/account-status';
import { DomainErrorFilter } from './errors/domain-error-mapping';
import { HealthContributors } from './health/health-contributors';
import { HealthController } from './health/health.controller';
import { JsonLogger } from './logging/json-logger';
import { APP_LOGGER, PLATFORM_SETTINGS, SERVICE_NAME } from './platform.tokens';

/** What every service needs from the platform once configuration has been validated. */
export interface PlatformSettings {
  serviceName: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  defaultBrand: string;
  brandHosts: Map<string, string>;
  logger: JsonLogger;
}

@Global()
@Module({})
export class PlatformModule {
  static forService(settings: PlatformSettings): DynamicModule {
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers: [
        { provide: SERVICE_NAME, useValue: settings.serviceName },
        { provide: PLATFORM_SETTINGS, useValue: settings },
        { provide: JsonLogger, useValue: settings.logger },
        { provide: APP_LOGGER, useValue: settings.logger },
        AccountStatusCache,
        HealthContributors,
        { provide: APP_GUARD, useClass: AccessGuard },
        // Business errors are data; this maps them to HTTP/GraphQL once for every controller and resolver.
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
      exports: [SERVICE_NAME, PLATFORM_SETTINGS, JsonLogger, APP_LOGGER, AccountStatusCache, HealthContributors],
    };
  }
}
