import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { redactPath, redactText } from './log-redaction';

/** Probes and scrapes come every few seconds: their lines are debug. */
const PROBE_PATH = /^\/(health|metrics)(\/|\?|$)/;

/**
 * One access-log line per request (issue 23): method, path (query secrets redacted), status,
 * duration and the correlation id; no headers and no bodies, so no token, cookie, password or card
 * number can reach the line. 5xx answers are errors; `level` is that of the others (the all-in-one's
 * subgraphs log theirs at debug: the gateway's line is the request's).
 */
export function accessLogMiddleware(logger: Logger, level: 'info' | 'debug' = 'info') {
  const line = (req: IncomingMessage, res: ServerResponse, durationMs: unknown) => ({
    context: 'Access',
    method: req.method,
    path: pathOf(req),
    status: res.statusCode,
    durationMs: typeof durationMs === 'number' ? Math.round(durationMs) : undefined,
    correlationId: header(req, 'x-correlation-id'),
  });
  return pinoHttp({
    logger,
    quietReqLogger: true,
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      return PROBE_PATH.test(req.url ?? '') ? 'debug' : level;
    },
    customSuccessMessage: (req, res, ms) => `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(ms)} ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customSuccessObject: (req, res, value: { responseTime?: number }) => line(req, res, value.responseTime),
    // No request or response object on the line (their headers carry the token and the cookies).
    serializers: { req: () => undefined, res: () => undefined },
    wrapSerializers: false,
    customErrorObject: (req, res, error, value: { responseTime?: number }) => ({
      ...line(req, res, value.responseTime),
      error: redactText(error.message),
    }),
  }) as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
}

function pathOf(req: IncomingMessage): string {
  return redactPath((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}
