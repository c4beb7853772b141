import { feedTopicName } from '@trackside/contracts';
import type { RecordedEvent, SqlExecutor, Subscription } from '@trackside/event-store';
import type { FeedPublisher } from '../feed-publisher';
import { asFeedRelayError } from '../feed-relay-error';
import type { FeedProcessorDeps } from '../relay/brand-feed-processor';
import { autocommitRunner, FEED_READ_FILTER, republishProcessorName } from '../relay/feed-read';
import { FeedSettingsRepository } from '../settings/feed-settings.repository';
import { FeedRepublishJobsRepository, type FeedRepublishJob } from './feed-republish-jobs.repository';

/**
 * Runs one re-publish job: a processor of its own (`auction-feed-republish:<jobId>`, its own
 * checkpoint, so the live relay's checkpoint never moves) that reads the log from the job's start
 * up to the head as it was when the job was created, and publishes the brand's events again, with
 * their original event ids (consumers dedupe) and a `republish-job` header. Progress is written
 * after every acknowledged batch; Kafka failures are retried with back-off like the live relay.
 */
export class FeedRepublishProcessor {
  private subscription: Subscription | null = null;
  private readonly jobs: FeedRepublishJobsRepository;
  private readonly settings: FeedSettingsRepository;
  private readonly topic: string;
  private ended = false;

  constructor(
    private readonly job: FeedRepublishJob,
    private readonly publisher: FeedPublisher,
    private readonly deps: FeedProcessorDeps,
    private readonly onEnded: () => void,
  ) {
    this.jobs = new FeedRepublishJobsRepository(deps.db);
    this.settings = new FeedSettingsRepository(deps.db);
    this.topic = feedTopicName(deps.config.topicPrefix, job.brand);
  }

  get id(): string {
    return this.job.id;
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    const subscription = await this.deps.store.subscribe<SqlExecutor>(
      republishProcessorName(this.job.id),
      (events) => this.handle(events),
      {
        filter: FEED_READ_FILTER,
        batchSize: this.deps.config.batchSize,
        transaction: autocommitRunner(this.deps.db),
        onError: (error) => this.failed(error),
      },
    );
    this.subscription = subscription;
    // Caught up with a head that is at or past the job's bound: everything in range went out.
    subscription
      .caughtUp()
      .then(() => (this.subscription === subscription ? this.end('DONE') : undefined))
      .catch((error: unknown) => this.deps.log.warn('Re-publish completion check failed', { jobId: this.job.id, error: String(error) }));
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.publisher.close();
  }

  private async handle(events: RecordedEvent[]): Promise<void> {
    if (this.ended) return;
    const current = await this.jobs.find(this.job.id);
    if (!current || (current.status !== 'PENDING' && current.status !== 'RUNNING')) {
      this.ended = true;
      this.onEnded();
      return;
    }
    const settings = await this.settings.find(this.job.brand);
    if (!settings?.enabled) {
      await this.end('FAILED', 'The brand feed was disabled during the re-publish.');
      return;
    }
    const until = this.job.untilCheckpoint;
    const inRange = events.filter((event) => this.deps.store.compareCheckpoints(event.checkpoint, until) <= 0);
    const messages = await this.deps.builder.build(inRange, {
      brand: this.job.brand,
      eventTypes: settings.eventTypes,
      after: null,
      fromPosition: this.job.fromPosition,
      fromDate: this.job.fromDate,
      until,
      republishJobId: this.job.id,
    });
    await this.publisher.publish(this.topic, messages);
    const last = inRange[inRange.length - 1];
    await this.jobs.progress(this.job.id, inRange.length, messages.length, last?.globalPosition ?? null, this.deps.clock.now());
    if (inRange.length < events.length || (last && this.deps.store.compareCheckpoints(last.checkpoint, until) >= 0)) await this.end('DONE');
  }

  private async end(status: 'DONE' | 'FAILED', error: string | null = null): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (await this.jobs.finish(this.job.id, status, this.deps.clock.now(), error))
      this.deps.log.info('Re-publish job ended', { jobId: this.job.id, brand: this.job.brand, status, error });
    this.onEnded();
  }

  private failed(error: unknown): void {
    const failure = asFeedRelayError(error);
    this.deps.log.warn('Re-publish batch failed; retrying', {
      jobId: this.job.id,
      brand: this.job.brand,
      kind: failure.kind,
      error: failure.message,
    });
    this.jobs.recordError(this.job.id, failure.kind, failure.message, this.deps.clock.now()).catch(() => undefined);
  }
}
