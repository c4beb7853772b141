import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ProcessorStatus } from '@trackside/event-store';
import {
  accessLogMiddleware,
  addGaugeSource,
  addProcessorLagSources,
  answersWithin,
  cachedReader,
  healthProbeRoutes,
  metricsAccessOf,
  metricsRoute,
  READINESS_DEFAULTS,
  socketRooms,
  socketsOpen,
} from '@trackside/platform';
import type { RealtimeConfig } from './config/realtime-config';

export interface RealtimeHealthSources {
  /** Pings the instance's database (its event-store pool). */
  ping(): Promise<unknown>;
  /** Where this instance's followers stand (RealtimeGateway.followerStatuses). */
  followers(): Promise<ProcessorStatus[]>;
  /** Open sockets and lot rooms with members (RealtimeGateway.stats). */
  stats(): { sockets: number; lots: number };
  /**
   * The instance's pino logger (JsonLogger.pino): one access-log line per request on its own port,
   * as the other services write (libs/platform access-log.middleware.ts, redacted, probes at debug).
   */
  accessLog?: Logger;
}

export interface RealtimeHealth {
  /** Answers /metrics, /health/live and /health/ready on the instance's own port; 404 for anything else (each request on the access log). */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Puts the followers' lag, the sockets and the rooms on /metrics; the returned function takes them off. */
  registerMetrics(): () => void;
}

/**
 * A realtime instance's metrics and probes (docs/operations.md, "Metrics" and "Health"), from the
 * same libs/platform pieces as the Nest services: ready while its database answers and each of its
 * followers is within READY_MAX_PROCESSOR_LAG_SECONDS. Every instance runs all its followers, so
 * readiness waits for all of them. Standalone only for the routes: attached to the gateway's server
 * (all-in-one) the gateway answers those paths, and the gauges alone are registered.
 */
export function realtimeHealth(config: RealtimeConfig, sources: RealtimeHealthSources): RealtimeHealth {
  const followers = cachedReader(() => sources.followers());
  const metrics = metricsRoute(() => metricsAccessOf(config));
  const probes = healthProbeRoutes({
    database: () => answersWithin(sources.ping, READINESS_DEFAULTS.databaseTimeoutMs),
    processors: followers,
    maxProcessorLagSeconds: config.READY_MAX_PROCESSOR_LAG_SECONDS,
  });
  const routes = (req: IncomingMessage, res: ServerResponse) =>
    metrics(req, res, () => probes(req, res, () => void res.writeHead(404).end()));
  const access = sources.accessLog ? accessLogMiddleware(sources.accessLog, config.ACCESS_LOG_LEVEL) : null;
  return {
    handle: access ? (req, res) => access(req, res, () => routes(req, res)) : routes,
    registerMetrics: () => {
      const removals = [
        addProcessorLagSources('realtime', followers),
        addGaugeSource(socketsOpen, () => [{ labels: {}, value: sources.stats().sockets }]),
        addGaugeSource(socketRooms, () => [{ labels: {}, value: sources.stats().lots }]),
      ];
      return () => removals.forEach((remove) => remove());
    },
  };
}
