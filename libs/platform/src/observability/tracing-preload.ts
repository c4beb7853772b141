/**
 * `node --import ./dist/libs/platform/src/observability/tracing-preload.js dist/services/<name>/src/main.js`
 * (or the same in NODE_OPTIONS): starts tracing before the service's modules load, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; without it this module imports nothing (docs/operations.md, "Traces").
 * Buffered spans are flushed when the process exits on a signal (the shutdown coordinator exits last).
 */
import { startTracing } from './tracing';

const tracing = await startTracing();
if (tracing) {
  const flush = (): void => void tracing.shutdown().catch(() => undefined);
  process.once('beforeExit', flush);
}
