import { feedTopicName } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import type { FeedPublisher } from '../feed-publisher';
import { asFeedRelayError } from '../feed-relay-error';
import type { FeedProcessorDeps } from '../relay/brand-feed.processor';
import { autocommitRunner, FEED_READ_FILTER, republishProcessorName } from '../relay/feed-read';
import { FeedSettingsRepository } from '../settings/feed-settings.repository';
import { FeedRepublishJobsRepository, type FeedRepublishJob } from './feed-republish-jobs.repository';

/**
 * Runs one re-publish job: a processor of its own on the feed's processor host (`auction-feed-republish:<jobId>`, its own
 * checkpoint, so the live relay's checkpoint never moves) that reads the log from the job's start
 * up to the head as it was when the job was created, and publishes the brand's events again, with
 * their original event ids (consumers dedupe) and a `republish-job` header. Progress is written
 * after every acknowledged batch; Kafka failures are retried with back-off like the live relay.
 */
export class FeedRepublishProcessor {
  readonly processor: DefinedProcessor<SqlExecutor>;
  private started = false;
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
    this.processor = defineProcessor<SqlExecutor>({
      name: republishProcessorName(job.id),
      filter: FEED_READ_FILTER,
      mode: 'checkpointed',
      batchSize: deps.config.batchSize,
      transaction: autocommitRunner(deps.db),
      handle: (events) => this.handle(events),
      onError: (error) => this.failed(error),
    });
  }

  get id(): string {
    return this.job.id;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.deps.host.start([this.processor]);
    const running = this.deps.host.processor(this.processor.name);
    // Caught up with a head that is at or past the job's bound: everything in range went out.
    running
      ?.caughtUp()
      .then(() => (this.deps.host.processor(this.processor.name) === running ? this.end('DONE') : undefined))
      .catch((error: unknown) => this.deps.log.warn('Re-publish completion check failed', { jobId: this.job.id, error: String(error) }));
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.deps.host.stopOne(this.processor.name);
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
