import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createRequestContextMiddleware } from '../context/request-context.middleware';
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
  app.use(
    createRequestContextMiddleware({
      jwtSecret: settings.jwtSecret,
      defaultBrand: settings.defaultBrand,
      hosts: settings.brandHosts,
    }),
  );
  app.enableShutdownHooks();
  return app;
}
