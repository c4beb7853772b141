import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProcessorStatus } from '@trackside/event-store';
import { addGaugeSource, processorLagEvents, processorLagSeconds } from './metrics-registry';

/** Readiness defaults (docs/operations.md, "Health"). */
export const READINESS_DEFAULTS = { maxProcessorLagSeconds: 120, databaseTimeoutMs: 2_000 } as const;

/** Statuses are read once per this long, however many gauges and probes ask. */
export const STATUS_CACHE_MS = 1_000;

export interface BehindProcessor {
  name: string;
  lagSeconds: number;
  lagEvents: number;
}

/**
 * The processors running in this process that are further behind than `maxLagSeconds` (the
 * readiness rule of every service, Nest or not): a checkpoint another instance leads is not this
 * instance's to wait for.
 */
export function processorsBehind(statuses: ProcessorStatus[], running: ReadonlySet<string>, maxLagSeconds: number): BehindProcessor[] {
  return statuses
    .filter((status) => running.has(status.name) && status.lagSeconds > maxLagSeconds)
    .map((status) => ({ name: status.name, lagSeconds: status.lagSeconds, lagEvents: status.lagEvents }));
}

/** Resolves when `ping` answers within `timeoutMs`, rejects otherwise (the database check of readiness). */
export async function answersWithin(ping: () => Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `read` at most once per `ms` (a failed read is not kept): the lag queries cost a query per processor. */
export function cachedReader<T>(read: () => Promise<T>, ms = STATUS_CACHE_MS): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (cached && Date.now() - cached.at < ms) return cached.value;
    const value = read();
    const entry = { at: Date.now(), value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
}

/** A service's processors on the lag gauges (`service`, `processor`, `kind`); the returned function removes them. */
export function addProcessorLagSources(service: string, statuses: () => Promise<ProcessorStatus[]>): () => void {
  const lag = (pick: (status: ProcessorStatus) => number) => async () =>
    (await statuses()).map((status) => ({ labels: { service, processor: status.name, kind: status.kind }, value: pick(status) }));
  const removals = [
    addGaugeSource(
      processorLagEvents,
      lag((status) => status.lagEvents),
    ),
    addGaugeSource(
      processorLagSeconds,
      lag((status) => status.lagSeconds),
    ),
  ];
  return () => removals.forEach((remove) => remove());
}

/** What a process without Nest (the realtime instances) checks for `/health/ready`. */
export interface ReadinessChecks {
  /** Rejects when the database does not answer (within READINESS_DEFAULTS.databaseTimeoutMs). */
  database(): Promise<void>;
  /** The statuses of the processors this process runs: all of them must be within the lag. */
  processors(): Promise<ProcessorStatus[]>;
  maxProcessorLagSeconds: number;
}

type Check = { status: 'up' | 'down' } & Record<string, unknown>;

/**
 * Readiness in @nestjs/terminus' answer shape (`status`, `info`, `error`, `details`), so a probe
 * or an operator reads the realtime instances' answer like the Nest services'.
 */
export async function checkReadiness(checks: ReadinessChecks): Promise<{ ready: boolean; body: Record<string, unknown> }> {
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const database: Check = await checks.database().then(
    () => ({ status: 'up' }),
    (error: unknown) => ({ status: 'down', message: message(error) }),
  );
  const maxLagSeconds = checks.maxProcessorLagSeconds;
  const processors: Check = await checks.processors().then(
    (statuses) => {
      const behind = processorsBehind(statuses, new Set(statuses.map((status) => status.name)), maxLagSeconds);
      return behind.length === 0 ? { status: 'up', running: statuses.length, maxLagSeconds } : { status: 'down', behind, maxLagSeconds };
    },
    (error: unknown) => ({ status: 'down', message: message(error) }),
  );
  const details = { database, processors };
  const entries = Object.entries(details);
  const ready = entries.every(([, check]) => check.status === 'up');
  return {
    ready,
    body: {
      status: ready ? 'ok' : 'error',
      info: Object.fromEntries(entries.filter(([, check]) => check.status === 'up')),
      error: Object.fromEntries(entries.filter(([, check]) => check.status !== 'up')),
      details,
    },
  };
}

/**
 * `/health/live` and `/health/ready` as an HTTP middleware for a process without Nest; other
 * requests go to `next`. Live answers while the process can answer; ready answers 503 until
 * `checkReadiness` passes (docs/operations.md, "Health").
 */
export function healthProbeRoutes(checks: ReadinessChecks) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET' || (path !== '/health/live' && path !== '/health/ready')) return next();
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (path === '/health/live') return answer(200, { status: 'ok' });
    void checkReadiness(checks).then(
      ({ ready, body }) => answer(ready ? 200 : 503, body),
      (error: unknown) => answer(503, { status: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
}
