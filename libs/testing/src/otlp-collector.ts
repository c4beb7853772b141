import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { decodeOtlpTraceProtobuf, type CollectedSpan } from './otlp-protobuf';

export type { CollectedSpan } from './otlp-protobuf';

/**
 * A local stand-in for an OpenTelemetry collector (issue 23, traces): an HTTP listener on 127.0.0.1
 * that takes OTLP/HTTP trace exports on /v1/traces, JSON or protobuf, gzipped or not, and keeps
 * every span as a flat record. `endpoint` is what OTEL_EXPORTER_OTLP_ENDPOINT takes.
 */
export interface OtlpCollector {
  endpoint: string;
  spans: CollectedSpan[];
  /** How many export requests arrived (any path), to show that none did. */
  requests(): number;
  close(): Promise<void>;
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      try {
        const raw = Buffer.concat(chunks);
        const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
        const json = String(req.headers['content-type'] ?? '').includes('json');
        spans.push(...(json ? spansOfJson(JSON.parse(body.toString('utf8')) as OtlpJson) : decodeOtlpTraceProtobuf(body)));
        res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' }).end(json ? '{}' : '');
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface OtlpJsonValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpJsonAttribute {
  key: string;
  value?: OtlpJsonValue;
}
interface OtlpJson {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpJsonAttribute[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpJsonAttribute[];
      }>;
    }>;
  }>;
}

/** OTLP JSON carries ids as hex strings (the OTLP/HTTP JSON mapping). */
function spansOfJson(body: OtlpJson): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind ?? 0,
        scope: scopeSpans.scope?.name ?? '',
        service,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

function attributesOf(list: OtlpJsonAttribute[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    out[key] = value?.stringValue ?? (value?.intValue !== undefined ? Number(value.intValue) : (value?.doubleValue ?? value?.boolValue));
  }
  return out;
}
