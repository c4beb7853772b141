import { describe, expect, it } from 'vitest';
import { decodeOtlpTraceProtobuf } from './otlp-protobuf';

// A minimal protobuf writer for the fixture (field numbers from opentelemetry-proto trace/v1).
const varint = (value: bigint): Buffer => {
  const bytes: number[] = [];
  let rest = BigInt.asUintN(64, value);
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest ? low | 0x80 : low);
  } while (rest);
  return Buffer.from(bytes);
};
const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire));
const bytesField = (field: number, value: Buffer) => Buffer.concat([tag(field, 2), varint(BigInt(value.length)), value]);
const textField = (field: number, value: string) => bytesField(field, Buffer.from(value, 'utf8'));
const intField = (field: number, value: bigint) => Buffer.concat([tag(field, 0), varint(value)]);
const doubleField = (field: number, value: number) => {
  const out = Buffer.alloc(8);
  out.writeDoubleLE(value);
  return Buffer.concat([tag(field, 1), out]);
};
const keyValue = (key: string, value: Buffer) => bytesField(9, Buffer.concat([textField(1, key), bytesField(2, value)]));

describe('decodeOtlpTraceProtobuf', () => {
  it('reads ids, name, kind, scope, service and attributes of every span', () => {
    const traceId = Buffer.from('0af7651916cd43dd8448eb211c80319c', 'hex');
    const span = Buffer.concat([
      bytesField(1, traceId),
      bytesField(2, Buffer.from('b7ad6b7169203331', 'hex')),
      bytesField(4, Buffer.from('00f067aa0ba902b7', 'hex')),
      textField(5, 'SELECT trackside'),
      intField(6, 3n),
      doubleField(7, 0), // a fixed64 field (start time) the decoder skips over
      keyValue('db.system', textField(1, 'postgresql')),
      keyValue('rows', intField(3, -2n)),
      keyValue('ok', intField(2, 1n)),
      keyValue('ratio', doubleField(4, 0.25)),
    ]);
    const rootSpan = Buffer.concat([bytesField(1, traceId), bytesField(2, Buffer.from('00f067aa0ba902b7', 'hex')), textField(5, 'POST')]);
    const resource = bytesField(
      1,
      Buffer.concat([bytesField(1, Buffer.concat([textField(1, 'service.name'), bytesField(2, textField(1, 'auction'))]))]),
    );
    const scopeSpans = bytesField(
      2,
      Buffer.concat([bytesField(1, textField(1, '@opentelemetry/instrumentation-pg')), bytesField(2, span), bytesField(2, rootSpan)]),
    );
    const request = bytesField(1, Buffer.concat([resource, scopeSpans]));

    expect(decodeOtlpTraceProtobuf(request)).toEqual([
      {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        parentSpanId: '00f067aa0ba902b7',
        name: 'SELECT trackside',
        kind: 3,
        scope: '@opentelemetry/instrumentation-pg',
        service: 'auction',
        attributes: { 'db.system': 'postgresql', rows: -2, ok: true, ratio: 0.25 },
      },
      {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: '00f067aa0ba902b7',
        parentSpanId: undefined,
        name: 'POST',
        kind: 0,
        scope: '@opentelemetry/instrumentation-pg',
        service: 'auction',
        attributes: {},
      },
    ]);
  });
});
