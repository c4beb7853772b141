import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { metricsRegistry } from './metrics-registry';

/** Where /metrics is served and who may read it (docs/operations.md, "Metrics"). */
export interface MetricsAccess {
  /** `open`: anyone on the service's port (development); `token`: a bearer token; `off`: not on the service's port. */
  mode: 'open' | 'token' | 'off';
  token?: string;
  /** A port of its own (production: not exposed to the internet); 0 or absent: none. */
  port?: number;
}

export interface MetricsSettings {
  NODE_ENV: string;
  METRICS_TOKEN?: string;
  METRICS_PORT?: number;
}

/**
 * The policy from configuration: a token, when set, is required everywhere on the service's port;
 * with METRICS_PORT the service's port does not serve /metrics; in production with neither,
 * /metrics is off (an operator chooses one of the two).
 */
export function metricsAccessOf(config: MetricsSettings): MetricsAccess {
  const port = config.METRICS_PORT && config.METRICS_PORT > 0 ? config.METRICS_PORT : undefined;
  if (config.METRICS_TOKEN) return { mode: 'token', token: config.METRICS_TOKEN, port };
  if (port !== undefined || config.NODE_ENV === 'production') return { mode: 'off', port };
  return { mode: 'open' };
}

/** Whether a request on the service's port may read /metrics. */
export function metricsAllowed(access: MetricsAccess, authorization: string | undefined): boolean {
  if (access.mode === 'open') return true;
  if (access.mode === 'off' || !access.token) return false;
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(access.token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Writes the registry in the Prometheus text format, or 404 (off) / 401 (wrong token). */
export async function answerMetrics(access: MetricsAccess, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!metricsAllowed(access, req.headers.authorization)) {
    res.statusCode = access.mode === 'off' ? 404 : 401;
    res.end();
    return;
  }
  const body = await metricsRegistry.metrics();
  res.setHeader('content-type', metricsRegistry.contentType);
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

/** The metrics port of a process (METRICS_PORT): /metrics only, no token (keep the port private). */
export async function startMetricsServer(port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
  const open: MetricsAccess = { mode: 'open' };
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') return void answerMetrics(open, req, res);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A process's METRICS_PORT, when set: the metrics server on all interfaces (the scraper is inside
 * the cluster; the port is not published), stopped with `stop`. Resolves to its URL, or null.
 */
export async function startMetricsPortIfSet(
  config: { METRICS_PORT?: number },
  onStop: (stop: () => Promise<void>) => void,
): Promise<string | null> {
  if (!config.METRICS_PORT) return null;
  const server = await startMetricsServer(config.METRICS_PORT, '0.0.0.0');
  onStop(() => server.close());
  return server.url;
}

/**
 * GET /metrics as an HTTP middleware, mounted before the request context: a scraper's bearer
 * METRICS_TOKEN is not a user's token and must not be refused as one. `access` is read per request.
 */
export function metricsRoute(access: () => MetricsAccess) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return next();
    void answerMetrics(access(), req, res);
  };
}
