import { setTraceHooks } from './trace-context';

export interface TracingHandle {
  /** Sends the spans still buffered and stops the SDK (the process's last step). */
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry tracing for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set, and does
 * nothing (loads nothing) otherwise. Must run before the application's modules are imported: the
 * ESM loader hook and the instrumentations patch express, graphql, pg, http and fetch as they load, which
 * is why services start through tracing-preload.ts (`node --import`), not from their main.ts.
 * The exporter reads the standard OTEL_* variables itself (endpoint, headers, timeout).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<TracingHandle | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  // Traces only: the metrics are Prometheus' (/metrics) and the logs pino's, so their exporters stay off.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [api, { NodeSDK, tracing }, { OTLPTraceExporter }, http, express, graphql, pg, socketIo, undici] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-graphql'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-socket.io'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceNameOf(process.argv[1]),
    traceExporter: new OTLPTraceExporter(),
    // OTEL_TRACES_SAMPLER, when set, decides; else every trace but the GraphQL schema parsing outside requests.
    ...(env.OTEL_TRACES_SAMPLER ? {} : { sampler: withoutSchemaParsing(tracing) }),
    instrumentations: [
      new http.HttpInstrumentation(),
      // Routes and handlers, not each of the dozen middlewares every request passes.
      new express.ExpressInstrumentation({ ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE] }),
      // One span per operation and per resolver that is not a default field read (no span per scalar).
      new graphql.GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new socketIo.SocketIoInstrumentation(),
      // fetch (undici): the gateway's subgraph calls carry the trace context, so a request through the
      // gateway is one trace. Only under a span: boot-time introspection and timers' fetches make no trace.
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  const tracer = api.trace.getTracer('trackside');
  setTraceHooks({
    traceId: () => api.trace.getActiveSpan()?.spanContext().traceId,
    inSpan: (name, attributes, work) =>
      tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      }),
  });
  return {
    shutdown: async () => {
      setTraceHooks(null);
      await sdk.shutdown();
    },
  };
}

type TraceBase = typeof import('@opentelemetry/sdk-node').tracing;
type Sampler = import('@opentelemetry/sdk-node').tracing.Sampler;

/**
 * Parent-based, all sampled, except a root span of GraphQL's own (`graphql.parse`, `graphql.parseSchema`):
 * the gateway and the subgraphs parse schemas and documents at boot and on schema updates, outside
 * any request, which would make a one-span trace each; inside a request they stay.
 */
function withoutSchemaParsing(base: TraceBase) {
  const always = new base.AlwaysOnSampler();
  return new base.ParentBasedSampler({
    root: {
      shouldSample: (...args: Parameters<Sampler['shouldSample']>) =>
        args[2].startsWith('graphql.') ? { decision: base.SamplingDecision.NOT_RECORD } : always.shouldSample(),
      toString: () => 'WithoutSchemaParsing',
    },
  });
}

/** `auction` from `.../services/auction/src/main.js`; the script's name otherwise. */
export function serviceNameOf(script: string | undefined): string {
  const match = /services[\\/]([^\\/]+)[\\/]/.exec(script ?? '');
  return match?.[1] ?? 'trackside';
}
