import { BaseExceptionFilter } from '@nestjs/core';

type SentryNode = typeof import('@sentry/node');

/** What the server needs to report errors (issue 24 item 27; docs/decisions.md "Error reporting"). */
export interface ServerErrorReportingOptions {
  /** SENTRY_DSN: off when absent or empty. */
  dsn?: string | null;
  /** NODE_ENV: the event's environment. */
  environment: string;
  /** Tags every event with the process's service (identity, auction, all-in-one, ...). */
  service: string;
}

/** The SDK, loaded only once a DSN is configured (not even imported otherwise). */
let sentry: SentryNode | null = null;

/**
 * Turns error reporting on when a DSN is configured: nothing is initialised, patched or sent
 * without one. Sample rate 1 (every error; the spec's value for production, and no reason to drop
 * errors elsewhere). Only explicit reports: no global uncaughtException/unhandledRejection listeners,
 * which would change how the process ends (the shutdown coordinator owns that), and no tracing.
 * Answers whether reporting is on.
 */
export async function initServerErrorReporting(options: ServerErrorReportingOptions): Promise<boolean> {
  const dsn = options.dsn?.trim();
  if (!dsn || sentry) return sentry !== null;
  const sdk = await import('@sentry/node');
  const { functionToStringIntegration, linkedErrorsIntegration, dedupeIntegration, nodeContextIntegration } = sdk;
  sdk.initWithoutDefaultIntegrations({
    dsn,
    environment: options.environment,
    sampleRate: 1,
    integrations: [functionToStringIntegration(), linkedErrorsIntegration(), dedupeIntegration(), nodeContextIntegration()],
    initialScope: { tags: { service: options.service } },
  });
  reportNestUnknownErrors();
  sentry = sdk;
  return true;
}

/** Whether a DSN turned reporting on in this process. */
export function serverErrorReportingEnabled(): boolean {
  return sentry !== null;
}

/** Reports an unexpected server error (a no-op while reporting is off). Never throws. */
export function reportServerError(error: unknown, context: Record<string, unknown> = {}): void {
  if (!sentry) return;
  try {
    sentry.captureException(error, { extra: context });
  } catch {
    // Reporting must never break the request that failed.
  }
}

/** Sends what is queued (tests, and before a process exits). */
export async function flushServerErrorReports(timeoutMs = 2000): Promise<boolean> {
  return sentry ? sentry.flush(timeoutMs) : true;
}

/**
 * Nest answers an error that is not an HttpException (ApiError, DomainError mapped) with a 500 in
 * BaseExceptionFilter.handleUnknownError, the one place every REST controller's unexpected failure
 * passes; it is wrapped once so those failures are reported too, then answered as before.
 */
function reportNestUnknownErrors(): void {
  const prototype = BaseExceptionFilter.prototype as unknown as {
    handleUnknownError: (this: unknown, exception: unknown, ...rest: unknown[]) => void;
  };
  const original = prototype.handleUnknownError;
  prototype.handleUnknownError = function handleUnknownError(this: unknown, exception: unknown, ...rest: unknown[]): void {
    // body-parser's http-errors (a malformed body: 400) pass here too; they are the client's fault.
    const { statusCode } = (exception ?? {}) as { statusCode?: unknown };
    if (!(typeof statusCode === 'number' && statusCode < 500)) reportServerError(exception, { source: 'rest' });
    original.call(this, exception, ...rest);
  };
}
