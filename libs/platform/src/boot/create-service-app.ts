import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AccountStatusCache } from '../auth/account-status';
import { createRequestContextMiddleware } from '../context/request-context.middleware';
import { rememberRequestContextMiddleware } from '../graphql/in-process-graphql';
import { accessLogMiddleware } from '../observability/access-log.middleware';
import { httpMetricsMiddleware } from '../observability/http-metrics.middleware';
import { traceIdOnErrorBodies } from '../observability/trace-context';
import { metricsAccessOf, metricsRoute } from '../observability/metrics-endpoint';
import type { PlatformSettings } from '../platform.module';

/** Creates a service's Nest application with the platform's logger and request context. */
export async function createServiceApp(
  rootModule: unknown,
  settings: PlatformSettings,
  options: { rawBody?: boolean } = {},
): Promise<INestApplication> {
  // rawBody keeps the request bytes as `req.rawBody` (payment webhooks check signatures over them).
  const app = await NestFactory.create(rootModule as never, {
    logger: settings.logger,
    bodyParser: true,
    rawBody: options.rawBody ?? false,
  });
  // Every request is timed (/metrics) and gets one access-log line (docs/operations.md).
  app.use(httpMetricsMiddleware(settings.serviceName));
  app.use(accessLogMiddleware(settings.logger.pino, settings.accessLogLevel));
  app.use(traceIdOnErrorBodies());
  app.use(metricsRoute(() => settings.metrics ?? metricsAccessOf({ NODE_ENV: 'development' })));
  const requestContext = createRequestContextMiddleware({
    jwtSecret: settings.jwtSecret,
    defaultBrand: settings.defaultBrand,
    hosts: settings.brandHosts,
    accounts: accountsOf(app),
  });
  app.use(requestContext);
  // The same middleware for operations the all-in-one's gateway runs in process (inProcessGraphqlOf).
  rememberRequestContextMiddleware(app, requestContext);
  // No enableShutdownHooks(): Nest would close the application on SIGTERM and then re-raise the
  // signal; the process's ShutdownCoordinator owns the signals and closes it in order.
  return app;
}

/**
 * The application's account follower, so every request's user carries the account's current
 * permissions even where no guard runs (issue 18, M1); none when the module has no PlatformModule.
 */
function accountsOf(app: INestApplication): AccountStatusCache | undefined {
  try {
    return app.get(AccountStatusCache, { strict: false });
  } catch {
    return undefined;
  }
}
