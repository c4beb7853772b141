import { HealthContributors, metricsRegistry } from '@trackside/platform';
import { describe, expect, it } from 'vitest';
import type { EventStoreProvider } from '../infrastructure/event-store.provider';
import { FeedObservability } from './feed-observability';
import type { FeedService } from './feed.service';
import { FeedRelayStateGql } from './graphql/feed.objects';
import type { FeedRelayManager } from './relay/feed-relay.manager';

function observed(states: Record<string, { state: FeedRelayStateGql; lagSeconds: number | null }>, configured = true) {
  const pool = { query: async () => ({ rows: Object.keys(states).map((brand) => ({ brand })) }) };
  const feed = { status: async (brand: string) => ({ brand, ...states[brand]!, lastError: 'broker unreachable' }) };
  const contributors = new HealthContributors();
  const observability = new FeedObservability(
    feed as unknown as FeedService,
    { isConfigured: () => configured } as unknown as FeedRelayManager,
    contributors,
    { pool } as unknown as EventStoreProvider,
  );
  observability.onApplicationBootstrap();
  return { observability, contributors };
}

// Issue 23: the brand feed's lag on /metrics and its relay state in /health/ready.
describe('FeedObservability', () => {
  it('exports each enabled brand’s relay lag and reports a failing relay as degraded', async () => {
    const { observability, contributors } = observed({
      jewelry: { state: FeedRelayStateGql.FAILING, lagSeconds: 42.5 },
      trackside: { state: FeedRelayStateGql.RUNNING, lagSeconds: 0 },
    });
    const metric = await metricsRegistry.getSingleMetricAsString('trackside_brand_feed_lag_seconds');
    expect(metric).toContain('trackside_brand_feed_lag_seconds{brand="jewelry"} 42.5');
    expect(metric).toContain('trackside_brand_feed_lag_seconds{brand="trackside"} 0');
    const checks = await contributors.collect();
    expect(checks?.brandFeed).toMatchObject({
      status: 'degraded',
      failing: [{ brand: 'jewelry', lastError: 'broker unreachable' }],
      brands: { trackside: { state: FeedRelayStateGql.RUNNING, lagSeconds: 0 } },
    });
    observability.onApplicationShutdown();
    expect(await metricsRegistry.getSingleMetricAsString('trackside_brand_feed_lag_seconds')).not.toContain('brand="jewelry"');
  });

  it('reports a stalled relay (a frozen broker: no error, nothing moves) as degraded too', async () => {
    const { observability, contributors } = observed({ jewelry: { state: FeedRelayStateGql.STALLED, lagSeconds: 30 } });
    expect((await contributors.collect())?.brandFeed).toMatchObject({ status: 'degraded', failing: [{ brand: 'jewelry' }] });
    observability.onApplicationShutdown();
  });

  it('reports ok while every relay runs, and nothing when the feed is not configured', async () => {
    const running = observed({ trackside: { state: FeedRelayStateGql.RUNNING, lagSeconds: 1 } });
    expect((await running.contributors.collect())?.brandFeed?.status).toBe('ok');
    running.observability.onApplicationShutdown();
    const off = observed({ trackside: { state: FeedRelayStateGql.RUNNING, lagSeconds: 1 } }, false);
    expect(await off.contributors.collect()).toBeNull();
  });
});
