import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { trackPool, type SqlExecutor } from '@trackside/event-store';
import type { Kafka } from 'kafkajs';
import pg from 'pg';
import type { AuctionConfig } from '../../config/auction-config';
import { AUCTION_CONFIG } from '../../config/auction-config.token';
import { EventStoreProvider } from '../../infrastructure/event-store.provider';
import { FeedMessageBuilder } from '../feed-message';
import { createBrandPseudonyms } from '../feed-pseudonym';
import { LotFeedFacts } from '../lot-feed-facts';
import { feedRelayConfig, type FeedRelayConfig } from '../feed-relay-config';
import { createFeedKafka } from '../kafka/feed-kafka-client';
import { KafkaFeedPublisher } from '../kafka/kafka-feed-publisher';
import { LotOwnerDirectory } from '../lot-owner-directory';
import { FeedRepublishJobsRepository } from '../republish/feed-republish-jobs.repository';
import { FeedRepublishProcessor } from '../republish/feed-republish.processor';
import { FeedSettingsRepository } from '../settings/feed-settings.repository';
import { BrandFeedProcessor, feedProcessorHost, type FeedProcessorDeps } from './brand-feed.processor';
import { poolExecutor, republishProcessorName } from './feed-read';

/** Re-publish jobs running at once per instance (each holds a connection and a producer). */
const MAX_CONCURRENT_JOBS = 2;

/**
 * Runs the brand event feed when KAFKA_BROKERS is configured: one live processor per enabled
 * brand and one runner per waiting or running re-publish job, reconciled with the settings table
 * every FEED_REFRESH_MS (and at once after a change made through this instance). Every instance
 * runs the same set; the processors' advisory locks pick one leader each, so brands spread over
 * instances. The relay has its own small connection pool: nothing it does waits on, or makes
 * wait, the marketplace's appends and projections.
 */
@Injectable()
export class FeedRelayManager implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly config: FeedRelayConfig | null;
  private readonly configError: unknown = null;
  private readonly log: AppLogger;
  private pool: pg.Pool | null = null;
  /** Takes the pool off the database pool gauge (docs/operations.md, "Metrics"). */
  private untrackPool: (() => void) | null = null;
  private kafka: Kafka | null = null;
  private deps: FeedProcessorDeps | null = null;
  private readonly processors = new Map<string, BrandFeedProcessor>();
  private readonly runners = new Map<string, FeedRepublishProcessor>();
  private timer: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private reconcileAgain = false;
  private stopped = false;

  constructor(
    private readonly events: EventStoreProvider,
    @Inject(AUCTION_CONFIG) auctionConfig: AuctionConfig,
    @Inject('AUCTION_DATABASE_URL') private readonly databaseUrl: string,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(FeedRelayManager.name);
    // Checked here, reported at bootstrap: a constructor error would make Nest abort the process
    // before the message is readable; a bootstrap error fails `listen` with it.
    try {
      this.config = feedRelayConfig(auctionConfig);
    } catch (error) {
      this.config = null;
      this.configError = error;
    }
  }

  isConfigured(): boolean {
    return this.config !== null;
  }

  async onApplicationBootstrap(): Promise<void> {
    // A bad feed configuration stops the service from starting.
    if (this.configError) throw this.configError;
    const config = this.config;
    if (!config) return;
    this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 4 });
    this.pool.on('error', (error) => this.log.warn('Feed relay database connection lost', { error: error.message }));
    this.untrackPool = trackPool('auction', 'feed-relay', this.pool);
    const db = poolExecutor(this.pool);
    this.kafka = createFeedKafka(config, this.log);
    const store = this.events.store;
    this.deps = {
      store,
      db,
      host: feedProcessorHost(store, db),
      config,
      clock: this.clock,
      log: this.log,
      builder: new FeedMessageBuilder(
        new LotOwnerDirectory(store),
        new LotFeedFacts(store),
        createBrandPseudonyms(config.pseudonymKey),
        (a, b) => store.compareCheckpoints(a, b),
      ),
    };
    this.log.info('Brand event feed relay enabled', { brokers: config.brokers.join(','), topicPrefix: config.topicPrefix });
    this.timer = setInterval(() => this.nudge(), config.refreshMs);
    await this.reconcileNow();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reconciling?.catch(() => undefined);
    await Promise.all([...this.processors.values()].map((processor) => processor.stop().catch(() => undefined)));
    await Promise.all([...this.runners.values()].map((runner) => runner.stop().catch(() => undefined)));
    await this.deps?.host.stop().catch(() => undefined);
    this.processors.clear();
    this.runners.clear();
    await this.pool?.end().catch(() => undefined);
    this.pool = null;
    this.untrackPool?.();
    this.untrackPool = null;
  }

  /** Re-reads settings and jobs soon (after a change through this instance, or on the timer). */
  nudge(): void {
    void this.reconcileNow().catch(() => undefined);
  }

  /** Reconciles now; concurrent calls share one run and ask for another after it. */
  async reconcileNow(): Promise<void> {
    if (!this.deps || this.stopped) return;
    if (this.reconciling) {
      this.reconcileAgain = true;
      return this.reconciling;
    }
    this.reconciling = (async () => {
      try {
        do {
          this.reconcileAgain = false;
          await this.reconcile();
        } while (this.reconcileAgain && !this.stopped);
      } catch (error) {
        this.log.error('Feed relay could not read its settings; retrying', { error: String(error) });
      } finally {
        this.reconciling = null;
      }
    })();
    return this.reconciling;
  }

  private async reconcile(): Promise<void> {
    const deps = this.deps;
    const config = this.config;
    if (!deps || !config || !this.kafka) return;
    const enabled = new Set(await new FeedSettingsRepository(deps.db).enabledBrands());
    for (const [brand, processor] of this.processors) {
      if (enabled.has(brand)) continue;
      this.processors.delete(brand);
      await processor.stop();
      this.log.info('Feed relay stopped for brand', { brand });
    }
    for (const brand of enabled) {
      if (this.processors.has(brand) || this.stopped) continue;
      const processor = new BrandFeedProcessor(brand, this.publisher(), deps);
      this.processors.set(brand, processor);
      await processor.start();
      this.log.info('Feed relay started for brand', { brand });
    }

    const active = (await new FeedRepublishJobsRepository(deps.db).active()).slice(0, MAX_CONCURRENT_JOBS);
    const wanted = new Set(active.map((job) => job.id));
    for (const [id, runner] of this.runners) {
      if (wanted.has(id)) continue;
      this.runners.delete(id);
      await runner.stop();
      await this.dropJobCheckpoint(deps.db, id);
    }
    for (const job of active) {
      if (this.runners.has(job.id) || this.stopped) continue;
      const runner = new FeedRepublishProcessor(job, this.publisher(), deps, () => this.nudge());
      this.runners.set(job.id, runner);
      await runner.start();
    }
  }

  private publisher(): KafkaFeedPublisher {
    const config = this.config!;
    return new KafkaFeedPublisher(
      this.kafka!,
      {
        partitions: config.partitions,
        replicationFactor: config.replicationFactor,
        maxRequestBytes: config.maxRequestBytes,
        requestTimeoutMs: config.requestTimeoutMs,
      },
      this.log,
    );
  }

  private async dropJobCheckpoint(db: SqlExecutor, jobId: string): Promise<void> {
    await db.query('DELETE FROM eventstore.checkpoints WHERE processor_name = $1', [republishProcessorName(jobId)]);
  }
}
