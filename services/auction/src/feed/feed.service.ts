import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { FEED_EVENT_TYPES, feedMessageFor, feedTopicName, isFeedEventType, type FeedErrorCode } from '@trackside/contracts';
import { encodeCheckpoint, PostgresEventStore, START_CHECKPOINT, type SqlExecutor } from '@trackside/event-store';
import { CLOCK, type Clock, type AuthUser, DomainError } from '@trackside/platform';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { isValidTopicName } from './feed-relay-config';
import {
  FeedRelayStateGql,
  FeedRepublishStatusGql,
  type FeedRelayStatusObject,
  type FeedRepublishJobObject,
  type FeedSettingsObject,
} from './graphql/feed.objects';
import type { FeedRepublishInput, FeedSettingsInput } from './graphql/feed.inputs';
import {
  FEED_READ_FILTER,
  feedProcessorName,
  poolExecutor,
  positionOfCheckpoint,
  republishProcessorName,
  withTransaction,
} from './relay/feed-read';
import { FeedRelayManager } from './relay/feed-relay.manager';
import { isRelayStalled } from './relay/feed-relay-stall';
import { FeedRelayStateRepository } from './relay/feed-relay-state.repository';
import { FeedRepublishJobsRepository, type FeedRepublishJob } from './republish/feed-republish-jobs.repository';
import { FeedSettingsRepository, type FeedBrandSettings } from './settings/feed-settings.repository';

const feedError = (code: FeedErrorCode, message?: string, details?: Record<string, unknown>): DomainError =>
  new DomainError(code, message ?? feedMessageFor(code), 'invalid', details);

const DIGITS = /^\d{1,19}$/;

/**
 * The staff side of the brand event feed: settings (until the catalogue service owns brand
 * configuration), the relay's status and re-publish jobs. Always scoped to the request's brand.
 */
@Injectable()
export class FeedService {
  private readonly settings: FeedSettingsRepository;
  private readonly state: FeedRelayStateRepository;
  private readonly jobs: FeedRepublishJobsRepository;
  private readonly exec: SqlExecutor;

  constructor(
    private readonly events: EventStoreProvider,
    private readonly relay: FeedRelayManager,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.exec = poolExecutor(events.pool);
    this.settings = new FeedSettingsRepository(this.exec);
    this.state = new FeedRelayStateRepository(this.exec);
    this.jobs = new FeedRepublishJobsRepository(this.exec);
  }

  topic(brand: string): string {
    return feedTopicName(this.config.FEED_TOPIC_PREFIX, brand);
  }

  async getSettings(brand: string): Promise<FeedSettingsObject> {
    return this.present(brand, await this.settings.find(brand));
  }

  async updateSettings(brand: string, input: FeedSettingsInput, actor: AuthUser): Promise<FeedSettingsObject> {
    if (!isValidTopicName(this.topic(brand))) throw feedError('feed.brand.invalid');
    let eventTypes: string[] | null | undefined = input.eventTypes;
    if (eventTypes) {
      if (eventTypes.length === 0) throw feedError('feed.eventTypes.empty');
      const unknown = eventTypes.filter((type) => !isFeedEventType(type));
      if (unknown.length > 0)
        throw feedError(
          'feed.eventTypes.unknown',
          `${feedMessageFor('feed.eventTypes.unknown')} ${unknown.join(', ')} (known: ${FEED_EVENT_TYPES.join(', ')})`,
          { unknown, available: FEED_EVENT_TYPES },
        );
      eventTypes = [...new Set(eventTypes)];
    }
    // Taken before the transaction: the feed relays events after this point once enabled.
    const head = await this.events.store.headCheckpoint();
    const now = this.clock.now();
    const saved = await withTransaction(this.events.pool, async (exec) => {
      const settings = new FeedSettingsRepository(exec);
      const current = await settings.find(brand, { forUpdate: true });
      const wasEnabled = current?.enabled ?? false;
      const next: FeedBrandSettings = {
        brand,
        enabled: input.enabled ?? wasEnabled,
        eventTypes: eventTypes === undefined ? (current?.eventTypes ?? null) : eventTypes,
        enabledFrom: current?.enabledFrom ?? null,
        enabledAt: current?.enabledAt ?? null,
        updatedBy: actor.id,
        updatedAt: now,
      };
      if (next.enabled && !wasEnabled) {
        // Enabling (again) starts the live feed now: the brand's processor skips what came before
        // (re-publish jobs serve history), and its checkpoint jumps ahead so it does not re-read it.
        next.enabledFrom = head;
        next.enabledAt = now;
        await exec.query(
          `INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, $2)
           ON CONFLICT (processor_name) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
          [feedProcessorName(brand), head],
        );
        await new FeedRelayStateRepository(exec).clearFailures(brand, now);
      }
      await settings.save(next);
      return next;
    });
    this.relay.nudge();
    return this.present(brand, saved);
  }

  async status(brand: string): Promise<FeedRelayStatusObject> {
    const now = this.clock.now();
    const [settings, state] = await Promise.all([this.settings.find(brand), this.state.find(brand)]);
    const configured = this.relay.isConfigured();
    const enabled = settings?.enabled ?? false;
    let checkpoint: string | null = null;
    let caughtUp: boolean | null = null;
    let behindSince: Date | null = null;
    if (enabled) {
      const [row] = await this.exec.query<{ checkpoint: string }>(
        'SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1',
        [feedProcessorName(brand)],
      );
      checkpoint = row?.checkpoint ?? null;
      const [pending] = await this.events.store.readAll({ after: checkpoint ?? START_CHECKPOINT, limit: 1, filter: FEED_READ_FILTER });
      caughtUp = pending === undefined;
      behindSince = pending?.createdAt ?? null;
    }
    const failing = (state?.consecutiveFailures ?? 0) > 0;
    const stalled =
      enabled &&
      !failing &&
      isRelayStalled({
        now,
        behindSince,
        lastStateAt: state?.updatedAt ?? null,
        enabledAt: settings?.enabledAt ?? null,
        requestTimeoutMs: this.relay.config?.requestTimeoutMs ?? 0,
      });
    return {
      brand,
      configured,
      enabled,
      state: !configured
        ? FeedRelayStateGql.NOT_CONFIGURED
        : !enabled
          ? FeedRelayStateGql.DISABLED
          : failing
            ? FeedRelayStateGql.FAILING
            : stalled
              ? FeedRelayStateGql.STALLED
              : FeedRelayStateGql.RUNNING,
      topic: this.topic(brand),
      checkpoint,
      caughtUp,
      behindSince,
      lagSeconds: caughtUp === null ? null : behindSince ? Math.max(0, (now.getTime() - behindSince.getTime()) / 1000) : 0,
      publishedEvents: state?.publishedEvents ?? 0,
      lastPublishedAt: state?.lastPublishedAt ?? null,
      lastPublishedPosition: state?.lastPublishedPosition ?? null,
      consecutiveFailures: state?.consecutiveFailures ?? 0,
      failingSince: state?.failingSince ?? null,
      lastError: state?.lastError ?? null,
      lastErrorKind: state?.lastErrorKind ?? null,
      lastErrorAt: state?.lastErrorAt ?? null,
      serverTime: now,
    };
  }

  async republish(brand: string, input: FeedRepublishInput, actor: AuthUser): Promise<FeedRepublishJobObject> {
    const hasPosition = input.fromPosition !== undefined && input.fromPosition !== null;
    const hasDate = input.fromDate !== undefined && input.fromDate !== null;
    if (hasPosition === hasDate) throw feedError('feed.republish.from.required');
    const fromPosition = hasPosition ? String(input.fromPosition).trim() : null;
    if (fromPosition !== null && !DIGITS.test(fromPosition)) throw feedError('feed.republish.fromPosition.invalid');
    const now = this.clock.now();
    const fromDate = hasDate ? new Date(input.fromDate as Date) : null;
    if (fromDate && (Number.isNaN(fromDate.getTime()) || fromDate.getTime() > now.getTime()))
      throw feedError('feed.republish.fromDate.invalid');
    if (!this.relay.isConfigured()) throw feedError('feed.notConfigured');
    const settings = await this.settings.find(brand);
    if (!settings?.enabled) throw feedError('feed.disabled');
    if (await this.jobs.hasActive(brand)) throw feedError('feed.republish.tooMany');

    const until = await this.events.store.headCheckpoint();
    const start =
      until === START_CHECKPOINT ? null : await this.republishStart(fromPosition !== null ? BigInt(fromPosition) : null, fromDate);
    const empty = start === null || this.events.store.compareCheckpoints(start.checkpoint, until) >= 0;
    const job: FeedRepublishJob = {
      id: randomUUID(),
      brand,
      status: empty ? 'DONE' : 'PENDING',
      fromPosition: fromPosition !== null ? BigInt(fromPosition) : null,
      fromDate,
      startCheckpoint: start?.checkpoint ?? until,
      startPosition: start?.position ?? positionOfCheckpoint(until),
      untilCheckpoint: until,
      untilPosition: positionOfCheckpoint(until),
      scannedEvents: 0,
      publishedEvents: 0,
      currentPosition: null,
      lastError: null,
      lastErrorKind: null,
      requestedBy: actor.id,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
    };
    await withTransaction(this.events.pool, async (exec) => {
      const jobs = new FeedRepublishJobsRepository(exec);
      await jobs.create(job);
      if (empty) await jobs.finish(job.id, 'DONE', now);
      else
        await exec.query(
          `INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, $2)
           ON CONFLICT (processor_name) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
          [republishProcessorName(job.id), job.startCheckpoint],
        );
    });
    this.relay.nudge();
    return this.presentJob((await this.jobs.find(job.id))!);
  }

  async jobsOf(brand: string, limit: number): Promise<FeedRepublishJobObject[]> {
    return (await this.jobs.list(brand, Math.max(1, Math.min(limit, 100)))).map((job) => this.presentJob(job));
  }

  async job(brand: string, id: string): Promise<FeedRepublishJobObject | null> {
    const job = await this.findJob(brand, id);
    return job ? this.presentJob(job) : null;
  }

  async cancel(brand: string, id: string): Promise<FeedRepublishJobObject> {
    const job = await this.findJob(brand, id);
    if (!job) throw feedError('feed.republish.notFound');
    if (!(await this.jobs.finish(id, 'CANCELLED', this.clock.now()))) throw feedError('feed.republish.finished');
    this.relay.nudge();
    return this.presentJob((await this.jobs.find(id))!);
  }

  private async findJob(brand: string, id: string): Promise<FeedRepublishJob | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const job = await this.jobs.find(id);
    // Another brand's job does not exist for this brand.
    return job && job.brand === brand ? job : null;
  }

  /**
   * Where a re-publish starts reading. PostgreSQL: just before the first event (in log order) in
   * range, found by SQL, so the job does not read the log from its beginning; null when nothing is
   * in range. Other event stores: the start of the log (the job's filter skips what is out of range).
   */
  private async republishStart(
    fromPosition: bigint | null,
    fromDate: Date | null,
  ): Promise<{ checkpoint: string; position: bigint } | null> {
    if (!(this.events.store instanceof PostgresEventStore)) return { checkpoint: START_CHECKPOINT, position: 0n };
    const [row] = await this.exec.query<{ tx: string; pos: string }>(
      `SELECT transaction_id::text AS tx, global_position::text AS pos FROM eventstore.events
        WHERE ${fromPosition !== null ? 'global_position >= $1::bigint' : 'created_at >= $1::timestamptz'}
        ORDER BY events.transaction_id, events.global_position LIMIT 1`,
      [fromPosition !== null ? fromPosition.toString() : fromDate],
    );
    if (!row) return null;
    const position = BigInt(row.pos);
    return { checkpoint: encodeCheckpoint(row.tx, (position - 1n).toString()), position };
  }

  private present(brand: string, settings: FeedBrandSettings | null): FeedSettingsObject {
    return {
      brand,
      enabled: settings?.enabled ?? false,
      eventTypes: settings ? settings.eventTypes : null,
      availableEventTypes: [...FEED_EVENT_TYPES],
      topic: this.topic(brand),
      enabledAt: settings?.enabledAt ?? null,
      updatedAt: settings?.updatedAt ?? null,
    };
  }

  private presentJob(job: FeedRepublishJob): FeedRepublishJobObject {
    const span = job.untilPosition - job.startPosition;
    let progress = 0;
    if (job.status === 'DONE') progress = 1;
    else if (job.currentPosition !== null && span > 0n)
      progress = Math.min(1, Math.max(0, Number(((job.currentPosition - job.startPosition) * 10_000n) / span) / 10_000));
    return {
      id: job.id,
      brand: job.brand,
      status: job.status as FeedRepublishStatusGql,
      fromPosition: job.fromPosition === null ? null : job.fromPosition.toString(),
      fromDate: job.fromDate,
      untilPosition: job.untilPosition.toString(),
      currentPosition: job.currentPosition === null ? null : job.currentPosition.toString(),
      progress,
      scannedEvents: job.scannedEvents,
      publishedEvents: job.publishedEvents,
      lastError: job.lastError,
      lastErrorKind: job.lastErrorKind,
      requestedBy: job.requestedBy,
      createdAt: job.createdAt,
      startedAt: job.startedAt,
      finishedAt: job.finishedAt,
    };
  }
}
