import { connectDatabase } from '../database/database-connection';
import { initServerErrorReporting } from '../error-reporting/server-error-reporting';
import { JsonLogger } from '../logging/json-logger';
import { startMetricsPortIfSet } from '../observability/metrics-endpoint';
import { SHUTDOWN_ORDER, ShutdownCoordinator } from './shutdown-coordinator';

/**
 * What a running service offers the shutdown order: the Nest services' ServiceStops, the
 * gateway's and the realtime service's stops all fit. Each present stop runs at its step.
 */
export interface ProcessStops {
  stopIntake?(): void;
  drainSockets?(): Promise<void>;
  finishCommands?(): Promise<void>;
  stopProcessors?(): Promise<void>;
  /** The pools and whatever else is left. */
  close(): Promise<void>;
}

/** Adds a service's stops to the coordinator, each at its step of the shutdown order. */
export function registerStops(coordinator: Pick<ShutdownCoordinator, 'onShutdown'>, name: string, stops: ProcessStops): void {
  if (stops.stopIntake) coordinator.onShutdown(`${name} intake`, SHUTDOWN_ORDER.intake, () => stops.stopIntake!());
  if (stops.drainSockets) coordinator.onShutdown(`${name} sockets`, SHUTDOWN_ORDER.sockets, () => stops.drainSockets!());
  if (stops.finishCommands) coordinator.onShutdown(`${name} requests`, SHUTDOWN_ORDER.commands, () => stops.finishCommands!());
  if (stops.stopProcessors) coordinator.onShutdown(`${name} processors`, SHUTDOWN_ORDER.processors, () => stops.stopProcessors!());
  coordinator.onShutdown(`${name} pools`, SHUTDOWN_ORDER.pools, () => stops.close());
}

/**
 * The main.ts of a service run alone (production: one container per instance): its logger, the
 * shutdown coordinator that owns SIGTERM and SIGINT, the database (DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR, stopped last), the service, and its stops in order.
 */
export async function runServiceProcess<TService extends ProcessStops>(options: {
  name: string;
  config: {
    LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error';
    LOG_FORMAT: 'json' | 'pretty';
    DATABASE_URL?: string;
    DATA_DIR: string;
    METRICS_PORT?: number;
    NODE_ENV?: string;
    SENTRY_DSN?: string;
  };
  /** False for a service without a database of its own (the gateway). */
  database?: boolean;
  start: (context: { databaseUrl: string; logger: JsonLogger }) => Promise<TService>;
}): Promise<{ service: TService; logger: JsonLogger }> {
  const { config } = options;
  const logger = new JsonLogger(options.name, config.LOG_LEVEL, config.LOG_FORMAT);
  // Off without SENTRY_DSN (issue 24 item 27).
  if (await initServerErrorReporting({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV ?? 'development', service: options.name }))
    logger.log('Error reporting is on (SENTRY_DSN)', 'Bootstrap');
  const shutdown = new ShutdownCoordinator(logger.child('Shutdown'), { waitForReady: true });
  shutdown.listen();
  let databaseUrl = '';
  if (options.database !== false) {
    const database = await connectDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      log: (line) => logger.log(line, 'Database'),
    });
    shutdown.onShutdown('database', SHUTDOWN_ORDER.database, () => database.stop());
    databaseUrl = database.url;
  }
  const service = await options.start({ databaseUrl, logger });
  const metricsUrl = await startMetricsPortIfSet(config, (stop) => shutdown.onShutdown('metrics port', SHUTDOWN_ORDER.pools, stop));
  if (metricsUrl) logger.log(`${options.name} metrics on ${metricsUrl}`, 'Bootstrap');
  registerStops(shutdown, options.name, service);
  shutdown.ready();
  return { service, logger };
}
