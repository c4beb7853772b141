import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PRICING_PACKAGE_EVENTS, PRICING_PACKAGE_STREAM_PREFIX, UPLOAD_EVENTS, UPLOAD_STREAM_PREFIX } from '@trackside/contracts';
import type { EventFilter, RecordedEvent, SqlExecutor, Subscription } from '@trackside/event-store';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import { EventStoreProvider } from '../infrastructure/event-store.provider';
import { packageFactOf, uploadFactOf } from './lot-reference-facts';

/** Processor name (its checkpoint row in `eventstore.checkpoints`). */
export const LOT_REFERENCES_PROCESSOR = 'auction-lot-references';
/** What it reads (its lag on the status page counts only these). */
export const LOT_REFERENCES_FILTER: EventFilter = {
  streamPrefixes: [UPLOAD_STREAM_PREFIX, PRICING_PACKAGE_STREAM_PREFIX],
  eventTypes: [UPLOAD_EVENTS.stored, PRICING_PACKAGE_EVENTS.priced],
};
/** Its tables (a rebuild empties them and replays from the start). */
export const LOT_REFERENCES_TABLES: readonly string[] = ['auction.upload_refs', 'auction.package_refs'];

/**
 * Keeps what lots may reference (`auction.upload_refs`, `auction.package_refs`) from the
 * catalogue's `UploadStored` and `PricingPackagePriced` events: a checkpointed processor, the rows
 * and the checkpoint commit together, one instance leads. It runs whatever PROJECTIONS_ENABLED says:
 * these are not lot projections, and LotReferences reads the log itself for anything not here yet.
 */
@Injectable()
export class LotReferencesProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | null = null;
  private readonly log: AppLogger;

  constructor(
    private readonly events: EventStoreProvider,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(LotReferencesProcessor.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.subscription = await this.events.store.subscribe(LOT_REFERENCES_PROCESSOR, (batch, tx) => applyReferenceEvents(batch, tx), {
      filter: LOT_REFERENCES_FILTER,
      onError: (error) => this.log.error('Applying lot references failed; retrying', { error: String(error) }),
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  /** Resolves once every reference event so far is applied (tests). */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }
}

export async function applyReferenceEvents(batch: RecordedEvent[], tx: SqlExecutor): Promise<void> {
  for (const event of batch) {
    const upload = uploadFactOf(event);
    if (upload) {
      // Files are never reassigned: the first announcement stands.
      await tx.query(`INSERT INTO auction.upload_refs (upload_id, brand, user_id) VALUES ($1, $2, $3) ON CONFLICT (upload_id) DO NOTHING`, [
        upload.uploadId,
        upload.brand,
        upload.userId,
      ]);
      continue;
    }
    const pack = packageFactOf(event);
    if (pack)
      await tx.query(
        `INSERT INTO auction.package_refs (brand, package_id, type, enabled) VALUES ($1, $2, $3, $4)
         ON CONFLICT (brand, package_id) DO UPDATE SET type = EXCLUDED.type, enabled = EXCLUDED.enabled`,
        [pack.brand, pack.packageId, pack.type, pack.enabled],
      );
  }
}
