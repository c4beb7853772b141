import { feedTopicName } from '@trackside/contracts';
import {
  defineProcessor,
  ProcessorHost,
  type DefinedProcessor,
  type EventStore,
  type RecordedEvent,
  type SqlExecutor,
  type TransactionRunner,
} from '@trackside/event-store';
import type { AppLogger, Clock } from '@trackside/platform';
import type { FeedMessageBuilder } from '../feed-message';
import type { FeedPublisher } from '../feed-publisher';
import type { FeedRelayConfig } from '../feed-relay-config';
import { asFeedRelayError, type FeedFailureKind } from '../feed-relay-error';
import { FeedSettingsRepository } from '../settings/feed-settings.repository';
import { FeedRelayStateRepository } from './feed-relay-state.repository';
import { autocommitRunner, FEED_READ_FILTER, feedProcessorName } from './feed-read';

export interface FeedProcessorDeps {
  store: EventStore;
  db: SqlExecutor;
  /** The feed's processor host (feedProcessorHost): its brand relays and re-publish jobs come and go with the settings. */
  host: ProcessorHost;
  builder: FeedMessageBuilder;
  config: FeedRelayConfig;
  clock: Clock;
  log: AppLogger;
}

const IDLE_STATE_FLUSH_MS = 5000;

/**
 * The processor host of the feed relay (docs/architecture.md, "Processor host"), on the relay's own
 * small pool: its processors run without a surrounding transaction (autocommitRunner) and log their
 * own failures, once per kind (the host stays quiet), so the relay's processors start and stop one by
 * one as brands and jobs come and go.
 */
export function feedProcessorHost(store: EventStore, db: SqlExecutor): ProcessorHost {
  return new ProcessorHost({ store, exec: db, transaction: autocommitRunner(db) as TransactionRunner<unknown> });
}
const REPEAT_LOG_MS = 30_000;

/**
 * The live relay of one brand: a checkpointed processor (`auction-feed:<brand>`, on the feed's
 * processor host) that follows the
 * event log and publishes the brand's events to its topic. One instance leads it (advisory lock);
 * the checkpoint moves only after Kafka acknowledged the batch, so a failure (broker down or slow,
 * topic deleted, message too large) keeps the processor at its place: the batch is retried with
 * back-off until the cause is fixed, and nothing is skipped. Each brand has its own processor and
 * producer, so one brand's trouble never holds another brand's feed back, and appends and
 * projections never wait for it.
 */
export class BrandFeedProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;
  private started = false;
  private readonly settings: FeedSettingsRepository;
  private readonly state: FeedRelayStateRepository;
  private readonly topic: string;
  private failing = false;
  private lastFailureKind: FeedFailureKind | null = null;
  private lastFailureLoggedAt = 0;
  private failures = 0;
  private pendingPublished = 0;
  private pendingPosition: string | null = null;
  private lastStateWrite = 0;

  constructor(
    readonly brand: string,
    private readonly publisher: FeedPublisher,
    private readonly deps: FeedProcessorDeps,
  ) {
    this.settings = new FeedSettingsRepository(deps.db);
    this.state = new FeedRelayStateRepository(deps.db);
    this.topic = feedTopicName(deps.config.topicPrefix, brand);
    this.processor = defineProcessor<SqlExecutor>({
      name: feedProcessorName(brand),
      filter: FEED_READ_FILTER,
      mode: 'checkpointed',
      batchSize: deps.config.batchSize,
      transaction: autocommitRunner(deps.db),
      handle: (events) => this.handle(events),
      onError: (error) => this.failed(error),
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.deps.host.start([this.processor]);
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.deps.host.stopOne(this.processor.name);
    await this.flushState(true).catch(() => undefined);
    await this.publisher.close();
  }

  private async handle(events: RecordedEvent[]): Promise<void> {
    const settings = await this.settings.find(this.brand);
    // Disabled since the last refresh: pass over the batch; a re-enabled feed starts after its new
    // enabledFrom checkpoint anyway.
    if (!settings?.enabled) return;
    const messages = await this.deps.builder.build(events, {
      brand: this.brand,
      eventTypes: settings.eventTypes,
      after: settings.enabledFrom,
    });
    await this.publisher.publish(this.topic, messages);
    this.pendingPublished += messages.length;
    if (messages.length > 0) this.pendingPosition = events[events.length - 1]!.globalPosition;
    if (this.failing) {
      this.deps.log.info('Feed relay recovered', { brand: this.brand, topic: this.topic, afterFailures: this.failures });
      this.failing = false;
      this.failures = 0;
      this.lastFailureKind = null;
      await this.flushState(true);
    } else {
      await this.flushState(false);
    }
  }

  private async flushState(force: boolean): Promise<void> {
    const now = this.deps.clock.now();
    const since = now.getTime() - this.lastStateWrite;
    // Every batch that published something is recorded; idle batches (other brands' events) at most every few seconds.
    if (!force && this.pendingPublished === 0 && since < IDLE_STATE_FLUSH_MS) return;
    const published = this.pendingPublished;
    const position = this.pendingPosition;
    this.pendingPublished = 0;
    this.pendingPosition = null;
    this.lastStateWrite = now.getTime();
    try {
      await this.state.recordSuccess(this.brand, published, position, now);
    } catch (error) {
      // Only the status is late; the next batch writes it again.
      this.pendingPublished += published;
      this.pendingPosition ??= position;
      this.deps.log.warn('Could not record the feed relay status', { brand: this.brand, error: String(error) });
    }
  }

  private failed(error: unknown): void {
    const failure = asFeedRelayError(error);
    this.failing = true;
    this.failures += 1;
    const now = this.deps.clock.now();
    // One line per kind of failure, then a reminder every 30 s while it lasts (the retries are frequent).
    if (failure.kind !== this.lastFailureKind || now.getTime() - this.lastFailureLoggedAt >= REPEAT_LOG_MS) {
      this.deps.log.error('Feed relay cannot publish; keeping its place and retrying', {
        brand: this.brand,
        topic: this.topic,
        kind: failure.kind,
        error: failure.message,
        failures: this.failures,
      });
      this.lastFailureKind = failure.kind;
      this.lastFailureLoggedAt = now.getTime();
    }
    this.state.recordFailure(this.brand, failure.kind, failure.message, now).catch((stateError: unknown) => {
      this.deps.log.warn('Could not record the feed relay failure', { brand: this.brand, error: String(stateError) });
    });
  }
}
