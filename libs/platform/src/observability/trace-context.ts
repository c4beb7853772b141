/**
 * What the rest of the process asks of tracing (docs/operations.md, "Traces"): the active trace id
 * and a span around a unit of work. Without OTEL_EXPORTER_OTLP_ENDPOINT tracing never starts, this
 * module stays empty and nothing of OpenTelemetry is loaded: `currentTraceId()` is undefined and
 * `inSpan` just runs the work. tracing.ts fills it in when it starts the SDK.
 */
export interface TraceHooks {
  traceId(): string | undefined;
  inSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
}

let hooks: TraceHooks | null = null;

/** Set once by tracing.ts when the SDK started (and cleared by its shutdown). */
export function setTraceHooks(next: TraceHooks | null): void {
  hooks = next;
}

/** The trace id of the active span, if tracing is on and a span is active. */
export function currentTraceId(): string | undefined {
  return hooks?.traceId();
}

/** Runs `work` in a span named `name` (a command, a processor batch); only `work` when tracing is off. */
export function inSpan<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T> {
  return hooks ? hooks.inSpan(name, attributes, work) : work();
}

/** `{ traceId }` when a span is active, else nothing: for log lines and error extensions. */
export function traceIdField(): { traceId?: string } {
  const traceId = currentTraceId();
  return traceId ? { traceId } : {};
}

/** The processor hosts' `aroundBatch`: one span per batch a processor handles. */
export function traceProcessorBatch(processor: string, events: number, handle: () => Promise<void>): Promise<void> {
  return inSpan(`processor ${processor}`, { 'processor.name': processor, 'processor.events': events }, handle);
}

interface JsonResponse {
  statusCode: number;
  json(body: unknown): unknown;
}

/**
 * REST error bodies (`{ statusCode, code, message }`, 4xx and 5xx) get the request's `traceId`
 * beside their code when tracing is on, as GraphQL errors get it in their extensions.
 */
export function traceIdOnErrorBodies() {
  return (_req: unknown, res: JsonResponse, next: () => void): void => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const traceId = res.statusCode >= 400 ? currentTraceId() : undefined;
      return json(traceId && isPlainObject(body) ? { ...body, traceId } : body);
    };
    next();
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
