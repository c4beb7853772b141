import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { EventFilter, RecordedEvent, SqlExecutor, Subscription, TransactionRunner } from '@trackside/event-store';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { applyAuctionEvent, applyBidsPlaced, AUCTION_PROJECTION_STREAM_PREFIXES, isLotBidPlaced } from './auction.projection';

export const AUCTION_PROJECTOR = 'auction-read-models';
/** What it reads (its lag on the status page counts only these). */
export const AUCTION_PROJECTOR_FILTER: EventFilter = { streamPrefixes: AUCTION_PROJECTION_STREAM_PREFIXES };

type Listener = (lotIds: Set<string>) => void;

/**
 * Keeps the read models in schema `auction` up to date by following the event store. Each batch of
 * events and the processor checkpoint commit in one TypeORM transaction; one instance leads.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventStoreProvider,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ProjectionRunner.name);
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
    // Waiters are told once the batch has committed (not from inside the transaction, where a
    // waiter re-reading the version would still see the old row and fall back to polling).
    let touched = new Set<string>();
    const runner: TransactionRunner<EntityManager> = async (work) => {
      touched = new Set<string>();
      const result = await this.db.transaction((manager) =>
        work({ query: (sql, params) => manager.query(sql, params) } satisfies SqlExecutor, manager),
      );
      const committed = touched;
      touched = new Set<string>();
      if (committed.size > 0) this.notify(committed);
      return result;
    };
    this.subscription = await this.events.store.subscribe<EntityManager>(
      AUCTION_PROJECTOR,
      async (batch, manager) => {
        // Runs of accepted bids (the hot path) are applied together; anything else one by one, in order.
        let bids: RecordedEvent[] = [];
        const flushBids = async (): Promise<void> => {
          for (const lotId of await applyBidsPlaced(manager, bids)) touched.add(lotId);
          bids = [];
        };
        for (const event of batch) {
          if (isLotBidPlaced(event)) {
            bids.push(event);
            continue;
          }
          await flushBids();
          const lotId = await applyAuctionEvent(manager, event);
          if (lotId) touched.add(lotId);
        }
        await flushBids();
      },
      {
        filter: AUCTION_PROJECTOR_FILTER,
        batchSize: 500,
        transaction: runner,
        onError: (error) => this.log.error('Projection batch failed; retrying', { error: String(error) }),
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

  /** Projected lots changed by a batch (local only; other instances poll). */
  onLotsProjected(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Waits until the read model reflects at least `version` of the lot, so a mutation's answer
   * shows its own write. Bounded: on time-out the caller answers with what is projected.
   */
  async waitForLotVersion(lotId: string, version: number, timeoutMs: number, readVersion: () => Promise<number>): Promise<boolean> {
    if ((await readVersion()) >= version) return true;
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
        readVersion()
          .then((projected) => {
            if (projected >= version) finish(true);
          })
          .catch(() => undefined);
      };
      const unsubscribe = this.onLotsProjected((lots) => {
        if (lots.has(lotId)) check();
      });
      const poll = setInterval(check, 100);
      const timeout = setTimeout(() => finish(false), timeoutMs);
    });
  }

  private notify(lots: Set<string>): void {
    for (const listener of this.listeners) {
      try {
        listener(lots);
      } catch (error) {
        this.log.warn('Projection listener failed', { error: String(error) });
      }
    }
  }

  async counts(): Promise<{ lots: number; bids: number; watchlist: number }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*) FROM auction.lots)::int AS lots, (SELECT count(*) FROM auction.bids)::int AS bids, (SELECT count(*) FROM auction.watchlist)::int AS watchlist`,
    )) as Array<{ lots: number; bids: number; watchlist: number }>;
    return row ?? { lots: 0, bids: 0, watchlist: 0 };
  }

  /** Events the projection consumed, for diagnostics. */
  static describe(event: RecordedEvent): string {
    return `${event.streamId}@${event.version} ${event.type}`;
  }
}
