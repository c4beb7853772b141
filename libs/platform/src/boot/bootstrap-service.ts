import type { Server as HttpServer } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { BaseConfig } from '../config/base-config.schema';
import { resolveJwtSecret } from '../config/jwt-secret';
import { parseBrandHosts } from '../config/load-config';
import type { JsonLogger } from '../logging/json-logger';
import { READINESS_DEFAULTS } from '../observability/health-probes.controller';
import { metricsAccessOf } from '../observability/metrics-endpoint';
import type { PlatformSettings } from '../platform.module';
import { ServiceProcessorHost } from '../processors/processor-host.provider';
import { createServiceApp } from './create-service-app';

/**
 * In-flight requests (and socket events) get this long to finish once intake stopped; the
 * connections left are then cut. Three waits of this length (sockets, the gateway's requests, the
 * subgraphs' requests) stay inside the 10 s shutdown deadline.
 */
export const IN_FLIGHT_GRACE_MS = 3_000;

/**
 * The stops of a running service, one per step of the shutdown order (shutdown-coordinator.ts).
 * Each runs once; `close()` runs whichever of the earlier ones have not run, then the rest, so a
 * caller that only closes (tests) gets the same order.
 */
export interface ServiceStops {
  /** Stops accepting connections; requests already taken go on. */
  stopIntake(): void;
  /** Waits (at most IN_FLIGHT_GRACE_MS) for the requests already taken, then ends the connections left. */
  finishCommands(): Promise<void>;
  /** Stops the service's processors (before any pool they use closes). */
  stopProcessors(): Promise<void>;
  /** Everything left: the application's shutdown hooks close its pools and data sources. */
  close(): Promise<void>;
}

export interface BootstrappedService extends ServiceStops {
  app: INestApplication;
  url: string;
  port: number;
}

/** A service's platform settings from its configuration (the part every service shares). */
export function platformSettingsOf(
  serviceName: string,
  config: Pick<BaseConfig, 'JWT_SECRET' | 'NODE_ENV' | 'DATA_DIR' | 'JWT_EXPIRES_IN_SECONDS' | 'DEFAULT_BRAND' | 'BRAND_HOSTS'> &
    Partial<Pick<BaseConfig, 'METRICS_TOKEN' | 'METRICS_PORT' | 'READY_MAX_PROCESSOR_LAG_SECONDS' | 'ACCESS_LOG_LEVEL'>>,
  logger: JsonLogger,
): PlatformSettings {
  return {
    metrics: metricsAccessOf(config),
    accessLogLevel: config.ACCESS_LOG_LEVEL ?? 'info',
    readiness: { maxProcessorLagSeconds: config.READY_MAX_PROCESSOR_LAG_SECONDS ?? READINESS_DEFAULTS.maxProcessorLagSeconds },
    serviceName,
    jwtSecret: resolveJwtSecret(config),
    jwtExpiresInSeconds: config.JWT_EXPIRES_IN_SECONDS,
    defaultBrand: config.DEFAULT_BRAND,
    brandHosts: parseBrandHosts(config.BRAND_HOSTS),
    logger,
  };
}

/**
 * The one bootstrap of the Nest services (issue 19 part 6): the application with the platform's
 * logger and request context, the service's own preparation (`beforeListen`), listen, the log
 * line, and the stops the shutdown coordinator runs (issue 19 part 7).
 */
export async function bootstrapService(options: {
  rootModule: unknown;
  settings: PlatformSettings;
  host: string;
  port: number;
  rawBody?: boolean;
  beforeListen?: (app: INestApplication) => Promise<void> | void;
}): Promise<BootstrappedService> {
  const { settings } = options;
  const app = await createServiceApp(options.rootModule, settings, { rawBody: options.rawBody });
  await options.beforeListen?.(app);
  await app.listen(options.port, options.host);
  const server = app.getHttpServer() as HttpServer;
  const address = server.address() as { port: number };
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${address.port}`;
  settings.logger.log(`${settings.serviceName} service listening on ${url} (GraphQL at ${url}/graphql)`, 'Bootstrap');
  return { app, url, port: address.port, ...nestServiceStops(app, server) };
}

/** The stops of a Nest service on its HTTP server (see ServiceStops). */
export function nestServiceStops(app: INestApplication, server: HttpServer): ServiceStops {
  let drained: Promise<void> | null = null;
  const stopIntake = (): void => {
    drained ??= new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const finishCommands = runOnce(async () => {
    stopIntake();
    // Keep-alive connections go as soon as they are idle; a request still running keeps its own.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, IN_FLIGHT_GRACE_MS).unref());
    await Promise.race([drained, grace]);
    clearInterval(sweep);
    server.closeAllConnections();
  });
  const stopProcessors = runOnce(async () => {
    await processorHostOf(app)?.stop();
  });
  const close = runOnce(async () => {
    await finishCommands();
    await stopProcessors();
    await app.close();
  });
  return { stopIntake, finishCommands, stopProcessors, close };
}

function processorHostOf(app: INestApplication): ServiceProcessorHost | null {
  try {
    return app.get(ServiceProcessorHost, { strict: false });
  } catch {
    return null; // a service without processors on a host
  }
}

/** Runs `work` the first time; later calls get the same promise. */
export function runOnce(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= work());
}
