import { setTraceHooks } from '@trackside/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { formatGatewayError } from './gateway-errors';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';

/** The gateway's errors carry the request's trace id when tracing is on (docs/operations.md, "Traces"). */
describe('formatGatewayError and the trace id', () => {
  afterEach(() => setTraceHooks(null));

  it('adds extensions.traceId from the active span when tracing is on', () => {
    setTraceHooks({ traceId: () => TRACE_ID, inSpan: (_name, _attributes, work) => work() });
    const formatted = formatGatewayError({
      message: 'Cannot query field "nope" on type "Query".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(formatted.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', traceId: TRACE_ID });
  });

  it('adds nothing when tracing is off', () => {
    const formatted = formatGatewayError({
      message: 'Cannot query field "nope" on type "Query".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(formatted.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });
});
