import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { AccessGuard } from './auth/access.guard';
import { AccountStatusCache } from './auth/account-status';
import { DomainErrorFilter } from './errors/domain-error-mapping';
import { HealthContributors } from './health/health-contributors';
import { HealthController } from './health/health.controller';
import { JsonLogger } from './logging/json-logger';
import { HealthProbesController } from './observability/health-probes.controller';
import type { MetricsAccess } from './observability/metrics-endpoint';
import { ServiceObservability } from './observability/service-observability';
import { APP_LOGGER, PLATFORM_SETTINGS, SERVICE_NAME } from './platform.tokens';

/** What every service needs from the platform once configuration has been validated. */
export interface PlatformSettings {
  serviceName: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  defaultBrand: string;
  brandHosts: Map<string, string>;
  logger: JsonLogger;
  /** Who may read /metrics on the service's port (docs/operations.md, "Metrics"); default: open. */
  metrics?: MetricsAccess;
  /** Readiness limits (docs/operations.md, "Health"). */
  readiness?: { maxProcessorLagSeconds: number };
  /** Level of the access-log lines (default info). */
  accessLogLevel?: 'info' | 'debug';
}

@Global()
@Module({})
export class PlatformModule {
  static forService(settings: PlatformSettings): DynamicModule {
    return {
      module: PlatformModule,
      // Terminus logs a failed check at ERROR; /health/ready's answer already says why.
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController, HealthProbesController],
      providers: [
        { provide: SERVICE_NAME, useValue: settings.serviceName },
        { provide: PLATFORM_SETTINGS, useValue: settings },
        { provide: JsonLogger, useValue: settings.logger },
        { provide: APP_LOGGER, useValue: settings.logger },
        AccountStatusCache,
        HealthContributors,
        ServiceObservability,
        { provide: APP_GUARD, useClass: AccessGuard },
        // Business errors are data; this maps them to HTTP/GraphQL once for every controller and resolver.
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
      exports: [SERVICE_NAME, PLATFORM_SETTINGS, JsonLogger, APP_LOGGER, AccountStatusCache, HealthContributors],
    };
  }
}
