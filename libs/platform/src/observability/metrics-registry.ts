import { openPools } from '@trackside/event-store';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (docs/operations.md, "Metrics"): one registry per process, so the
 * all-in-one's services share it and one scrape sees them all. Values that live elsewhere (lags,
 * sockets, pools) are read at scrape time from the sources the services register here.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Seconds buckets for the bid path: an acknowledgement is expected within a few milliseconds. */
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const bidsTotal = new Counter({
  name: 'trackside_bids_total',
  help: 'Bids handled, by outcome (accepted, refused) and error code (empty when accepted)',
  labelNames: ['outcome', 'code'] as const,
  registers: [metricsRegistry],
});

export const bidAckSeconds = new Histogram({
  name: 'trackside_bid_ack_seconds',
  help: 'Time from a bid command reaching the auction service to its answer (accepted or refused)',
  labelNames: ['outcome'] as const,
  buckets: FAST_BUCKETS,
  registers: [metricsRegistry],
});

export const pushSeconds = new Histogram({
  name: 'trackside_push_seconds',
  help: 'Time from an event being appended to the realtime push that carries it to the lot room',
  buckets: FAST_BUCKETS,
  registers: [metricsRegistry],
});

export const httpSeconds = new Histogram({
  name: 'trackside_http_request_seconds',
  help: 'HTTP request durations by service, method, route and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

export const graphqlSeconds = new Histogram({
  name: 'trackside_graphql_operation_seconds',
  help: 'GraphQL operation durations at the gateway, by operation name and type and whether it had errors',
  labelNames: ['operation', 'type', 'outcome'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

/** One source of gauge values read at scrape time; `read` returns label sets and their values. */
export type GaugeSource = () => Promise<GaugeReading[]> | GaugeReading[];
export interface GaugeReading {
  labels: Record<string, string>;
  value: number;
}

/** A gauge whose value is read from registered sources at each scrape (a failing source is skipped). */
function sourcedGauge(name: string, help: string, labelNames: string[]): { gauge: Gauge; sources: Set<GaugeSource> } {
  const sources = new Set<GaugeSource>();
  const gauge: Gauge = new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      gauge.reset();
      for (const source of sources) {
        try {
          for (const reading of await source()) gauge.set(reading.labels, reading.value);
        } catch {
          // A source that cannot answer (its database is down) leaves its series out of this scrape.
        }
      }
    },
  });
  return { gauge, sources };
}

export const processorLagEvents = sourcedGauge(
  'trackside_processor_lag_events',
  'Events of its filter a log processor has not handled yet (capped), by service and processor',
  ['service', 'processor', 'kind'],
);
export const processorLagSeconds = sourcedGauge(
  'trackside_processor_lag_seconds',
  'Age of the oldest event a log processor has not handled yet (0 when caught up)',
  ['service', 'processor', 'kind'],
);
export const feedLagSeconds = sourcedGauge(
  'trackside_brand_feed_lag_seconds',
  'How far behind the log the brand event feed relay of a brand is (0 when caught up)',
  ['brand'],
);
export const outboxPending = sourcedGauge(
  'trackside_outbox_pending_events',
  'Integration events in the outbox not yet relayed to the event store (EventStoreDB deployments), by service',
  ['service'],
);
export const outboxLagSeconds = sourcedGauge(
  'trackside_outbox_lag_seconds',
  'Age of the oldest integration event waiting in the outbox (0 when empty), by service',
  ['service'],
);
export const socketsOpen = sourcedGauge('trackside_sockets', 'Open Socket.IO connections of this process', []);
export const socketRooms = sourcedGauge('trackside_socket_rooms', 'Lot rooms with at least one member in this process', []);
export const poolConnections = sourcedGauge(
  'trackside_db_pool_connections',
  'Database pool connections by service, pool and state (total, idle, waiting clients)',
  ['service', 'pool', 'state'],
);

/** Adds a source to a sourced gauge; the returned function removes it (on the service's shutdown). */
export function addGaugeSource(target: { sources: Set<GaugeSource> }, source: GaugeSource): () => void {
  target.sources.add(source);
  return () => void target.sources.delete(source);
}

/** A pg pool's use, for `poolConnections`. */
export function poolReadings(
  service: string,
  pool: string,
  stats: { totalCount: number; idleCount: number; waitingCount: number },
): GaugeReading[] {
  return [
    { labels: { service, pool, state: 'total' }, value: stats.totalCount },
    { labels: { service, pool, state: 'idle' }, value: stats.idleCount },
    { labels: { service, pool, state: 'waiting' }, value: stats.waitingCount },
  ];
}

// The event store's pools (each service's `eventstore` pool, libs/event-store open-pools.ts), from
// whichever services this process runs: listed while open, so a closed service's series disappear.
addGaugeSource(poolConnections, () => openPools().flatMap((open) => poolReadings(open.service, open.name, open.pool)));
