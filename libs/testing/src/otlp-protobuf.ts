/** One exported span as the test collector keeps it (ids in hex, attributes flattened). */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  /** The instrumentation scope, e.g. `@opentelemetry/instrumentation-pg`. */
  scope: string;
  /** The resource's service.name. */
  service: string;
  attributes: Record<string, unknown>;
}

type Field = { number: number; wire: number; value: bigint | Buffer };

/**
 * Decodes an OTLP/HTTP protobuf ExportTraceServiceRequest, reading only the fields the tests use
 * (opentelemetry-proto trace/v1: ResourceSpans 1 resource, 2 scope_spans; ScopeSpans 1 scope,
 * 2 spans; Span 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 9 attributes).
 * Enough protobuf wire format for that, so the test collector needs no protobuf package.
 */
export function decodeOtlpTraceProtobuf(body: Buffer): CollectedSpan[] {
  const spans: CollectedSpan[] = [];
  for (const resourceSpans of messages(body, 1)) {
    const resource = messages(resourceSpans, 1)[0];
    const service = String(resource ? (keyValues(resource, 1)['service.name'] ?? '') : '');
    for (const scopeSpans of messages(resourceSpans, 2)) {
      const scopeMessage = messages(scopeSpans, 1)[0];
      const scope = scopeMessage ? text(messages(scopeMessage, 1)[0]) : '';
      for (const span of messages(scopeSpans, 2)) {
        const fields = decode(span);
        const bytes = (n: number) => (fields.find((f) => f.number === n)?.value as Buffer | undefined)?.toString('hex') ?? '';
        const kind = fields.find((f) => f.number === 6)?.value;
        spans.push({
          traceId: bytes(1),
          spanId: bytes(2),
          parentSpanId: bytes(4) || undefined,
          name: text(messages(span, 5)[0]),
          kind: typeof kind === 'bigint' ? Number(kind) : 0,
          scope,
          service,
          attributes: keyValues(span, 9),
        });
      }
    }
  }
  return spans;
}

function keyValues(message: Buffer, fieldNumber: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of messages(message, fieldNumber)) {
    const key = text(messages(pair, 1)[0]);
    const value = messages(pair, 2)[0];
    const field = value ? decode(value)[0] : undefined;
    if (!field) continue;
    if (field.number === 1) out[key] = text(field.value as Buffer);
    else if (field.number === 2) out[key] = field.value === 1n;
    else if (field.number === 3) out[key] = Number(BigInt.asIntN(64, field.value as bigint));
    else if (field.number === 4) out[key] = Buffer.from((field.value as bigint).toString(16).padStart(16, '0'), 'hex').readDoubleBE();
  }
  return out;
}

function messages(message: Buffer, fieldNumber: number): Buffer[] {
  return decode(message)
    .filter((field) => field.number === fieldNumber && field.wire === 2)
    .map((field) => field.value as Buffer);
}

function text(value: Buffer | undefined): string {
  return value ? value.toString('utf8') : '';
}

function decode(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[offset++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (offset < buffer.length) {
    const tag = Number(varint());
    const number = tag >>> 3;
    const wire = tag & 7;
    if (wire === 0) fields.push({ number, wire, value: varint() });
    else if (wire === 1) {
      fields.push({ number, wire, value: buffer.readBigUInt64LE(offset) });
      offset += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      fields.push({ number, wire, value: buffer.subarray(offset, offset + length) });
      offset += length;
    } else if (wire === 5) offset += 4;
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return fields;
}
