import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { httpSeconds } from './metrics-registry';

type Next = (error?: unknown) => void;
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * Times every request of an Express server (`trackside_http_request_seconds`). The route label is
 * the matched route's pattern (`/payment/:id`), never the raw path, so ids do not make new series;
 * a request no route matched counts as `unmatched`.
 */
export function httpMetricsMiddleware(service: string) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const started = performance.now();
    res.once('finish', () => {
      httpSeconds.observe(
        { service, method: req.method ?? 'GET', route: routeOf(req as RoutedRequest), status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

function routeOf(req: RoutedRequest): string {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}`;
  if (req.baseUrl) return req.baseUrl;
  // /metrics is answered by a middleware (metrics-endpoint.ts), outside any router.
  return req.url?.split('?')[0] === '/metrics' ? '/metrics' : 'unmatched';
}
