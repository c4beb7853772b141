import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { RecordedEvent, SqlExecutor, Subscription, TransactionRunner } from '@trackside/event-store';
import type { DataSource } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { applyBidsPlacedToThreads, applyCommentEvent, COMMENTS_PROJECTION_FILTER, isThreadBidPlaced } from './comments.projection';

export const COMMENTS_PROJECTOR = 'auction-comments';

type Listener = (lotIds: Set<string>) => void;
/** The lot's comment stream, or its reports stream (`lot-reports-<lotId>`). */
export type ProjectedStream = 'comments' | 'reports';

/**
 * Keeps the comment tables up to date: its own checkpointed processor ('auction-comments'), so a
 * slow or failing thread never holds back the lot read models. Each batch and the checkpoint
 * commit in one transaction; one instance leads, others stand by.
 */
@Injectable()
export class CommentsProjectionRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventStoreProvider,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(CommentsProjectionRunner.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.PROJECTIONS_ENABLED) return;
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    // Waiters are told after the batch commits (see ProjectionRunner).
    let touched = new Set<string>();
    const runner: TransactionRunner<SqlExecutor> = async (work) => {
      touched = new Set<string>();
      const result = await this.db.transaction((manager) => {
        const exec: SqlExecutor = { query: (sql, params) => manager.query(sql, params) };
        return work(exec, exec);
      });
      const committed = touched;
      touched = new Set<string>();
      if (committed.size > 0) this.notify(committed);
      return result;
    };
    this.subscription = await this.events.store.subscribe<SqlExecutor>(
      COMMENTS_PROJECTOR,
      async (batch, exec) => {
        // Runs of accepted bids (the hot path) are applied together; anything else one by one, in order.
        let bids: RecordedEvent[] = [];
        const flushBids = async (): Promise<void> => {
          for (const lotId of await applyBidsPlacedToThreads(exec, bids)) touched.add(lotId);
          bids = [];
        };
        for (const event of batch) {
          if (isThreadBidPlaced(event)) {
            bids.push(event);
            continue;
          }
          await flushBids();
          const lotId = await applyCommentEvent(exec, event);
          if (lotId) touched.add(lotId);
        }
        await flushBids();
      },
      {
        filter: COMMENTS_PROJECTION_FILTER,
        batchSize: 500,
        transaction: runner,
        onError: (error) => this.log.error('Comments projection batch failed; retrying', { error: String(error) }),
      },
    );
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  /** Threads changed by a batch (local only; other instances poll). */
  onThreadsProjected(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Version of the lot's comment stream (or of its reports stream) the tables reflect. */
  async projectedVersion(lotId: string, stream: ProjectedStream = 'comments'): Promise<number> {
    const column = stream === 'reports' ? 'reports_version' : 'version';
    const rows = (await this.db.query(`SELECT ${column} AS version FROM auction.comment_threads WHERE lot_id = $1`, [lotId])) as Array<{
      version: number;
    }>;
    return rows[0] ? Number(rows[0].version) : 0;
  }

  /**
   * Read-your-writes: waits (bounded) until the tables reflect at least `version` of the lot's
   * comment stream. On time-out the caller answers with what is projected.
   */
  async waitForThreadVersion(lotId: string, version: number, timeoutMs: number, stream: ProjectedStream = 'comments'): Promise<boolean> {
    if (timeoutMs <= 0 || (await this.projectedVersion(lotId, stream)) >= version) return true;
    return new Promise<boolean>((resolve) => {
      let done = false;
      const finish = (value: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timeout);
        clearInterval(poll);
        unsubscribe();
        resolve(value);
      };
      const check = (): void => {
        this.projectedVersion(lotId, stream)
          .then((projected) => {
            if (projected >= version) finish(true);
          })
          .catch(() => undefined);
      };
      const unsubscribe = this.onThreadsProjected((lots) => {
        if (lots.has(lotId)) check();
      });
      const poll = setInterval(check, 100);
      const timeout = setTimeout(() => finish(false), timeoutMs);
    });
  }

  async counts(): Promise<{ comments: number; reports: number }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*) FROM auction.comments)::int AS comments, (SELECT count(*) FROM auction.comment_reports)::int AS reports`,
    )) as Array<{ comments: number; reports: number }>;
    return row ?? { comments: 0, reports: 0 };
  }

  private notify(lots: Set<string>): void {
    for (const listener of this.listeners) {
      try {
        listener(lots);
      } catch (error) {
        this.log.warn('Comments projection listener failed', { error: String(error) });
      }
    }
  }
}
