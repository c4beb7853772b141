import {
  END,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Filter,
} from '@eventstore/db-client';
import type pg from 'pg';
import type { BatchHandler, SubscribeOptions, Subscription } from '../event-store.port';
import { PostgresSubscription, type EventSource } from '../postgres/postgres-subscription';
import { serverFilterOf } from './esdb-mapping';

const FEED_RETRY_MS = 1000;
const FEED_MAX_RETRY_MS = 30_000;

/**
 * A processor over events stored in EventStoreDB whose checkpoint and read models live in PostgreSQL.
 *
 * Leadership, batching and checkpointing are `PostgresSubscription`'s: a session advisory lock on a
 * dedicated PostgreSQL connection, then per batch one PostgreSQL transaction that reads the
 * checkpoint row `FOR UPDATE` (table `eventstore.checkpoints`), reads the next events from ESDB's
 * $all after it (`source`), runs the handler and writes the new checkpoint. $all is in commit order,
 * so there is no out-of-order gap to guard against.
 *
 * Instead of LISTEN/NOTIFY, a live filtered `subscribeToAll` from the end of $all nudges the leader
 * when a matching event is written; polling (`pollIntervalMs`) remains the fallback, and the feed is
 * re-opened with back-off after an error.
 */
export class EsdbSubscription<TTx> implements Subscription {
  private readonly inner: PostgresSubscription<TTx>;
  private readonly wakeFilter: Filter | undefined;
  private feed: AllStreamSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private feedFailures = 0;
  private running = false;

  constructor(
    private readonly client: EventStoreDBClient,
    checkpointPool: pg.Pool,
    readonly processorName: string,
    handler: BatchHandler<TTx>,
    options: SubscribeOptions<TTx>,
    source: EventSource,
    private readonly onStopped: () => void,
  ) {
    this.inner = new PostgresSubscription<TTx>(checkpointPool, processorName, handler, options, () => undefined, source);
    const wake = serverFilterOf(options.filter);
    this.wakeFilter =
      wake.on === 'streamName'
        ? streamNameFilter({ prefixes: wake.prefixes })
        : wake.on === 'eventType'
          ? eventTypeFilter({ prefixes: wake.prefixes })
          : excludeSystemEvents();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.openFeed();
    this.inner.start();
  }

  caughtUp(): Promise<void> {
    return this.inner.caughtUp();
  }

  isLeader(): boolean {
    return this.inner.isLeader();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const feed = this.feed;
    this.feed = null;
    await Promise.all([this.inner.stop(), feed?.unsubscribe().catch(() => undefined)]);
    this.onStopped();
  }

  private openFeed(): void {
    if (!this.running) return;
    const feed = this.client.subscribeToAll({ fromPosition: END, filter: this.wakeFilter });
    feed.on('data', () => {
      this.feedFailures = 0;
      // Standbys poll for the lock on their own schedule; only the leader has events to fetch.
      if (this.inner.isLeader()) this.inner.nudge();
    });
    const lost = (): void => {
      if (this.feed !== feed) return; // stopped, or already replaced
      this.feed = null;
      void feed.unsubscribe().catch(() => undefined);
      this.scheduleReopen();
    };
    feed.on('error', lost);
    feed.on('close', lost);
    this.feed = feed;
  }

  private scheduleReopen(): void {
    if (!this.running || this.retryTimer) return;
    this.feedFailures += 1;
    const delay = Math.min(FEED_MAX_RETRY_MS, FEED_RETRY_MS * 2 ** Math.min(this.feedFailures - 1, 5));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.openFeed();
      // Anything written while the feed was down is picked up by this read (and by polling).
      if (this.inner.isLeader()) this.inner.nudge();
    }, delay);
    this.retryTimer.unref();
  }
}
