/**
 * Client error reporting (issue 24 item 27; docs/decisions.md "Error reporting"): `@sentry/react`,
 * on only when the gateway wrote a DSN into the page (`<meta name="error-reporting-dsn">`, from
 * WEB_SENTRY_DSN). Without one the SDK is not even loaded (its own chunk) and nothing is sent.
 * Sample rate 1: every error (the spec's value for production).
 */
type SentryReact = typeof import('@sentry/react');

let sentry: SentryReact | null = null;
const early: Array<{ error: unknown; context: Record<string, unknown> }> = [];

/** The DSN the gateway handed to this page, if any. */
export function readErrorReportingDsn(doc: Pick<Document, 'querySelector'> = document): string | null {
  const dsn = doc.querySelector<HTMLMetaElement>('meta[name="error-reporting-dsn"]')?.content.trim();
  return dsn ? dsn : null;
}

/** Starts reporting when the page carries a DSN; answers whether it did. */
export async function startErrorReporting(dsn: string | null = readErrorReportingDsn()): Promise<boolean> {
  if (!dsn || sentry) return sentry !== null;
  const sdk = await import('@sentry/react');
  sdk.init({
    dsn,
    environment: import.meta.env.MODE,
    release: __BUILD_DATE__,
    sampleRate: 1,
    // Errors only: no performance tracing, no session replay.
    tracesSampleRate: 0,
  });
  sentry = sdk;
  // Render failures caught before the SDK finished loading.
  for (const { error, context } of early.splice(0)) sdk.captureException(error, { extra: context });
  return true;
}

/** Reports an error React caught (the error boundary); global errors are caught by the SDK itself. */
export function reportClientError(error: unknown, context: Record<string, unknown> = {}): void {
  if (sentry) sentry.captureException(error, { extra: context });
  else if (readErrorReportingDsn() && early.length < 10) early.push({ error, context });
}
