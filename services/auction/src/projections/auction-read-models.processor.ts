import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { applyAuctionEvent, applyBidsPlaced, AUCTION_PROJECTION_STREAM_PREFIXES, isLotBidPlaced } from './auction.projection';
import { lotIdOfStream } from '@trackside/contracts';
import { ProjectedLotVersions } from './projected-lot-versions';

export const AUCTION_PROJECTOR = 'auction-read-models';
/** What it reads (its lag on the status page counts only these). */
export const AUCTION_PROJECTOR_FILTER: EventFilter = { streamPrefixes: AUCTION_PROJECTION_STREAM_PREFIXES };

/**
 * The lot read models in schema `auction` (lots, bids, watchlist), kept from the log by the
 * service's processor host: each batch and the checkpoint commit in one TypeORM transaction, one
 * instance leads, PROJECTIONS_ENABLED says whether this process runs it.
 */
@Injectable()
export class AuctionReadModelsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<EntityManager>;
  /** Lots each batch changed, told to waiters once the batch has committed. */
  private readonly touched = new WeakMap<RecordedEvent[], ProjectedBatch>();
  /** Read-your-writes from the batches this instance commits (no read per check). */
  private readonly versions: ProjectedLotVersions;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.processor = defineProcessor<EntityManager>({
      name: AUCTION_PROJECTOR,
      filter: AUCTION_PROJECTOR_FILTER,
      mode: 'checkpointed',
      tables: ['auction.lots', 'auction.bids', 'auction.watchlist'],
      batchSize: 500,
      handle: async (batch, manager) => {
        this.versions.batchStarted();
        try {
          this.touched.set(batch, await projectLotBatch(manager, batch));
        } finally {
          this.versions.batchEnded();
        }
      },
    });
    this.versions = new ProjectedLotVersions({ running: () => this.processor.runtime.running() });
    this.processor.runtime.onCommitted((events) => {
      const projected = this.touched.get(events);
      if (projected) this.versions.committed(projected.versions);
    });
  }

  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }

  /** Stops and starts this processor alone (operators and tests; the host runs it otherwise). */
  stop(): Promise<void> {
    return this.processor.runtime.stop();
  }

  start(): Promise<void> {
    return this.processor.runtime.start();
  }

  /** Projected lots changed by a committed batch (local only; other instances poll). */
  onLotsProjected(listener: (lotIds: Set<string>) => void): () => void {
    return this.processor.runtime.onCommitted((events) => {
      const lots = this.touched.get(events)?.lots;
      if (lots && lots.size > 0) listener(lots);
    });
  }

  /**
   * Waits until the read model reflects at least `version` of the lot, so a mutation's answer
   * shows its own write. Bounded: on time-out the caller answers with what is projected. Answered
   * from the batches this instance commits; `readVersion` only when it cannot know (projected-lot-versions.ts).
   */
  waitForLotVersion(
    lotId: string,
    version: number,
    timeoutMs: number,
    readVersion: () => Promise<number>,
    since?: number,
  ): Promise<boolean> {
    return this.versions.wait(lotId, version, timeoutMs, readVersion, since);
  }

  /** Waits until `reached()` holds for a row of the lot (the watchlist), checked after each batch touching the lot. */
  waitForLotChange(lotId: string, timeoutMs: number, reached: () => Promise<boolean>): Promise<boolean> {
    return this.processor.runtime.waitUntil(reached, timeoutMs, (events) => this.touched.get(events)?.lots.has(lotId) ?? false);
  }

  async counts(): Promise<{ lots: number; bids: number; watchlist: number }> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*) FROM auction.lots)::int AS lots, (SELECT count(*) FROM auction.bids)::int AS bids, (SELECT count(*) FROM auction.watchlist)::int AS watchlist`,
    )) as Array<{ lots: number; bids: number; watchlist: number }>;
    return row ?? { lots: 0, bids: 0, watchlist: 0 };
  }
}

/** What a batch projected: the lots it changed (a watchlist row counts) and each lot stream's highest version. */
interface ProjectedBatch {
  lots: Set<string>;
  versions: Map<string, number>;
}

/** One batch: runs of accepted bids (the hot path) applied together, anything else one by one, in order. */
async function projectLotBatch(manager: EntityManager, batch: RecordedEvent[]): Promise<ProjectedBatch> {
  const touched = new Set<string>();
  const versions = new Map<string, number>();
  for (const event of batch) {
    const lotId = lotIdOfStream(event.streamId);
    if (lotId) versions.set(lotId, Math.max(versions.get(lotId) ?? 0, event.version));
  }
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
    // A maximum only moves the lot's version; when a later event of the lot in this batch (the
    // automatic bid it caused) writes the version anyway, its own update is skipped.
    if (event.type === 'MaxBidSet' && (versions.get(lotIdOfStream(event.streamId) ?? '') ?? 0) > event.version) continue;
    await flushBids();
    const lotId = await applyAuctionEvent(manager, event);
    if (lotId) touched.add(lotId);
  }
  await flushBids();
  return { lots: touched, versions };
}
