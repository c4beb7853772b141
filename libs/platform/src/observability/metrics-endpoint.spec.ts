import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { observeBid, observePush } from './bid-metrics';
import { graphqlMetricsPlugin, MAX_OPERATION_NAMES } from './graphql-metrics.plugin';
import { metricsAccessOf, metricsAllowed } from './metrics-endpoint';
import { metricsRegistry } from './metrics-registry';
import { redactPath, redactText } from './log-redaction';

// Issue 23: who may read /metrics, and the bid counters a scrape shows.
describe('metrics access', () => {
  it('is open in development, needs the token when one is set, and is off in production or with a port of its own', () => {
    expect(metricsAccessOf({ NODE_ENV: 'development' })).toEqual({ mode: 'open' });
    expect(metricsAccessOf({ NODE_ENV: 'production' }).mode).toBe('off');
    expect(metricsAccessOf({ NODE_ENV: 'development', METRICS_PORT: 9464 })).toEqual({ mode: 'off', port: 9464 });
    const token = metricsAccessOf({ NODE_ENV: 'production', METRICS_TOKEN: 'a-long-metrics-token' });
    expect(metricsAllowed(token, 'Bearer a-long-metrics-token')).toBe(true);
    expect(metricsAllowed(token, 'Bearer a-long-metrics-tokem')).toBe(false);
    expect(metricsAllowed(token, undefined)).toBe(false);
    expect(metricsAllowed({ mode: 'off' }, 'Bearer anything')).toBe(false);
  });
});

describe('bid metrics', () => {
  it('counts accepted bids and refused ones by code, and times both', async () => {
    const count = async (labels: string): Promise<number> => {
      const text = await metricsRegistry.getSingleMetricAsString('trackside_bids_total');
      const line = text.split('\n').find((candidate) => candidate.startsWith(`trackside_bids_total{${labels}}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const accepted = await count('outcome="accepted",code=""');
    const refused = await count('outcome="refused",code="bid.invalid.amount"');
    await observeBid(async () => 'ok');
    await expect(observeBid(async () => Promise.reject(new DomainError('bid.invalid.amount', 'Too low')))).rejects.toThrow('Too low');
    expect(await count('outcome="accepted",code=""')).toBe(accepted + 1);
    expect(await count('outcome="refused",code="bid.invalid.amount"')).toBe(refused + 1);
    expect(await metricsRegistry.getSingleMetricAsString('trackside_bid_ack_seconds')).toMatch(
      /trackside_bid_ack_seconds_count\{outcome="refused"\} [1-9]/,
    );
    observePush([{ at: new Date(Date.now() - 20).toISOString() }]);
    expect(await metricsRegistry.getSingleMetricAsString('trackside_push_seconds')).toMatch(/trackside_push_seconds_count [1-9]/);
  });
});

describe('log redaction', () => {
  it('replaces tokens, query secrets and card numbers, and keeps timestamps and ids readable', () => {
    const text = redactText('Bearer abc.def-ghi /reset?code=s3cret&x=1 card 4242 4242 4242 4242 at 1764166541102 id 123456789012345');
    expect(text).toBe('Bearer [redacted] /reset?code=[redacted]&x=1 card [redacted] at 1764166541102 id 123456789012345');
  });

  it('also replaces the one-time codes of confirmation and reset links in access-log paths', () => {
    expect(redactPath('/auth/email-confirmation?confirmation=abc123&brand=x')).toBe(
      '/auth/email-confirmation?confirmation=[redacted]&brand=x',
    );
    expect(redactPath('/reset-password/abc123?next=1')).toBe('/reset-password/[redacted]?next=1');
  });
});

describe('GraphQL operation metrics', () => {
  it('labels operations by name, and names past the limit or malformed ones as other', async () => {
    const run = async (operationName: string | null) => {
      const hooks = await graphqlMetricsPlugin().requestDidStart();
      await hooks.willSendResponse({ operationName, operation: { operation: 'query' } });
    };
    await run('LotPage');
    await run(null);
    await run('not a name!');
    for (let index = 0; index <= MAX_OPERATION_NAMES; index += 1) await run(`Generated${index}`);
    const text = await metricsRegistry.getSingleMetricAsString('trackside_graphql_operation_seconds');
    expect(text).toContain('trackside_graphql_operation_seconds_count{operation="LotPage",type="query",outcome="ok"} 1');
    expect(text).toContain('operation="anonymous"');
    expect(text).toMatch(/trackside_graphql_operation_seconds_count\{operation="other",type="query",outcome="ok"\} [2-9]/);
    expect(text).not.toContain(`operation="Generated${MAX_OPERATION_NAMES}"`);
  });
});
