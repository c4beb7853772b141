import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { addGaugeSource, feedLagSeconds, HealthContributors, type HealthContribution } from '@trackside/platform';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { FeedService } from './feed.service';
import { FeedRelayStateGql } from './graphql/feed.objects';
import { FeedRelayManager } from './relay/feed-relay.manager';
import { poolExecutor } from './relay/feed-read';
import { FeedSettingsRepository } from './settings/feed-settings.repository';

/** Statuses are read once per this long, whoever asks (a scrape, a readiness probe). */
const STATUS_CACHE_MS = 1_000;

/**
 * The brand feed's part of /metrics and /health/ready (docs/operations.md): each enabled brand's
 * relay lag as `trackside_brand_feed_lag_seconds`, and a `brandFeed` health contribution that is
 * degraded while a brand's relay is failing or stalled. Nothing when the feed is not configured (no KAFKA_BROKERS).
 */
@Injectable()
export class FeedObservability implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly settings: FeedSettingsRepository;
  private removeGauge: (() => void) | null = null;
  private cached: { at: number; statuses: ReturnType<FeedObservability['read']> } | null = null;

  constructor(
    private readonly feed: FeedService,
    private readonly relay: FeedRelayManager,
    private readonly contributors: HealthContributors,
    events: EventStoreProvider,
  ) {
    this.settings = new FeedSettingsRepository(poolExecutor(events.pool));
  }

  onApplicationBootstrap(): void {
    if (!this.relay.isConfigured()) return;
    this.removeGauge = addGaugeSource(feedLagSeconds, async () =>
      (await this.statuses()).map((status) => ({ labels: { brand: status.brand }, value: status.lagSeconds ?? 0 })),
    );
    this.contributors.register('brandFeed', () => this.contribution());
  }

  onApplicationShutdown(): void {
    this.removeGauge?.();
  }

  private async contribution(): Promise<HealthContribution> {
    const statuses = await this.statuses();
    // A stalled relay publishes nothing either, it only has no error to show.
    const failing = statuses.filter((status) => status.state === FeedRelayStateGql.FAILING || status.state === FeedRelayStateGql.STALLED);
    return {
      status: failing.length === 0 ? 'ok' : 'degraded',
      brands: Object.fromEntries(statuses.map((status) => [status.brand, { state: status.state, lagSeconds: status.lagSeconds }])),
      ...(failing.length > 0 ? { failing: failing.map((status) => ({ brand: status.brand, lastError: status.lastError })) } : {}),
    };
  }

  private statuses(): ReturnType<FeedObservability['read']> {
    if (this.cached && Date.now() - this.cached.at < STATUS_CACHE_MS) return this.cached.statuses;
    const statuses = this.read();
    this.cached = { at: Date.now(), statuses };
    statuses.catch(() => (this.cached = null));
    return statuses;
  }

  private async read() {
    const brands = await this.settings.enabledBrands();
    return Promise.all(brands.map((brand) => this.feed.status(brand)));
  }
}
