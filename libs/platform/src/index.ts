export { AdjustableClock, CLOCK, systemClock, type Clock } from './clock/clock';
export { baseConfigSchema, type BaseConfig } from './config/base-config.schema';
export { loadConfig, parseBrandHosts, ConfigError } from './config/load-config';
export { resolveJwtSecret } from './config/jwt-secret';
export { requestContext, type RequestContext } from './context/request-context';
export type { PlatformRequest } from './context/platform-request';
export { createRequestContextMiddleware } from './context/request-context.middleware';
export { NO_PERMISSIONS, type AuthUser, type StaffFlag, type StaffPermissions } from './auth/auth-user';
export { signAccessToken, verifyAccessToken, InvalidTokenError, MAX_TOKEN_LIFETIME_SECONDS } from './auth/jwt-tokens';
export { VerifiedTokens } from './auth/verified-tokens';
export { Public, SignedIn, Confirmed, Staff, ACCESS_RULE, type AccessRule } from './auth/access.decorators';
export { AccessGuard, assertAccess } from './auth/access.guard';
export {
  AccountStatusCache,
  followAccountStatus,
  userStreamId,
  ACCOUNT_STATUS_EVENTS,
  ACCOUNT_SESSION_EVENTS,
  REVOKED_TOKEN,
  type AccountSessionEventType,
  type TokenRefusal,
  ACCOUNT_STATUS_FILTER,
  ACCOUNT_STATUS_FOLLOWER_NAME,
  accountStatusProcessor,
  type FollowerReport,
  USER_STREAM_PREFIX,
  USER_NOT_FOUND,
  BLOCKED_TOKEN,
  type AccountEventSource,
  type AccountStatus,
  type AccountStatusEventData,
  type AccountStatusEventType,
} from './auth/account-status';
export { CurrentUser } from './auth/current-user.decorator';
export { resolveBrand } from './brand/brand-resolver';
export { CurrentBrand } from './brand/current-brand.decorator';
export { JsonLogger, type AppLogger } from './logging/json-logger';
export { ApiError, FORBIDDEN, INVALID_TOKEN } from './errors/api-error';
export { DomainError, domainError, forbidden, type DomainErrorKind } from './errors/domain-error';
export { DomainErrorFilter, HTTP_STATUS_OF_KIND, toApiError } from './errors/domain-error-mapping';
export { createGraphQLErrorFormatter, withoutSuggestions } from './errors/graphql-error-formatter';
export {
  initServerErrorReporting,
  reportServerError,
  flushServerErrorReports,
  serverErrorReportingEnabled,
  type ServerErrorReportingOptions,
} from './error-reporting/server-error-reporting';
export { HealthController } from './health/health.controller';
export { HealthContributors, type HealthContribution, type HealthContributor } from './health/health-contributors';
export { PlatformModule, type PlatformSettings } from './platform.module';
export { APP_LOGGER, PLATFORM_SETTINGS, SERVICE_NAME } from './platform.tokens';
export { createServiceApp } from './boot/create-service-app';
export {
  bootstrapService,
  nestServiceStops,
  platformSettingsOf,
  IN_FLIGHT_GRACE_MS,
  runOnce,
  type BootstrappedService,
  type ServiceStops,
} from './boot/bootstrap-service';
export { ShutdownCoordinator, SHUTDOWN_ORDER, SHUTDOWN_DEADLINE_MS, type ShutdownStepName } from './boot/shutdown-coordinator';
export { registerStops, runServiceProcess, type ProcessStops } from './boot/service-process';
export { connectDatabase, redact, type DatabaseConnection } from './database/database-connection';
export {
  migrateServiceDatabase,
  pendingServiceSchemaChanges,
  serviceDataSourceOptions,
  ServiceDatabaseModule,
  type ServiceDatabase,
} from './database/service-data-source';
export { startEmbeddedPostgres, releaseEmbeddedDatabaseSignals } from './database/embedded-postgres';
export { createRateLimitTable } from './database/rate-limit-table';
export { bidAuditConfigShape, type BidAuditConfig } from './config/bid-audit-config';
export { processorStatusObjectType, type ProcessorStatusFields } from './graphql/processor-status.object';
export { federatedGraphQLModule, type SubgraphOptions } from './graphql/federated-graphql.module';
export {
  inProcessGraphqlOf,
  type InProcessGraphql,
  type InProcessGraphqlAnswer,
  type InProcessGraphqlRequest,
} from './graphql/in-process-graphql';
export {
  ServiceProcessorHost,
  processorHostProvider,
  dataSourceTransaction,
  type DeclaresProcessor,
} from './processors/processor-host.provider';
export {
  metricsRegistry,
  addGaugeSource,
  poolReadings,
  socketsOpen,
  socketRooms,
  feedLagSeconds,
  poolConnections,
  processorLagEvents,
  processorLagSeconds,
  outboxPending,
  outboxLagSeconds,
  type GaugeReading,
  type GaugeSource,
} from './observability/metrics-registry';
export { observeBid, observePush } from './observability/bid-metrics';
export {
  answerMetrics,
  metricsAccessOf,
  metricsAllowed,
  startMetricsServer,
  startMetricsPortIfSet,
  metricsRoute,
  type MetricsAccess,
  type MetricsSettings,
} from './observability/metrics-endpoint';
export { httpMetricsMiddleware } from './observability/http-metrics.middleware';
export { graphqlMetricsPlugin } from './observability/graphql-metrics.plugin';
export { accessLogMiddleware } from './observability/access-log.middleware';
export { redactPath, redactText, redactValue, REDACTED } from './observability/log-redaction';
export { ServiceObservability } from './observability/service-observability';
export { HealthProbesController, READINESS_DEFAULTS } from './observability/health-probes.controller';
export { upstreamReadiness } from './observability/upstream-readiness';
export {
  addProcessorLagSources,
  answersWithin,
  cachedReader,
  checkReadiness,
  healthProbeRoutes,
  processorsBehind,
  type ReadinessChecks,
} from './observability/process-health';
export { currentTraceId, inSpan, setTraceHooks, traceIdField, traceProcessorBatch, type TraceHooks } from './observability/trace-context';
export { CommandTracing } from './observability/command-tracing';
