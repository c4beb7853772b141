import { Injectable } from '@nestjs/common';
import { PRICING_PACKAGE_EVENTS, PRICING_PACKAGE_STREAM_PREFIX, UPLOAD_EVENTS, UPLOAD_STREAM_PREFIX } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
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
 * catalogue's `UploadStored` and `PricingPackagePriced` events: a checkpointed processor of the
 * service's host, the rows and the checkpoint commit together, one instance leads. It runs whatever
 * PROJECTIONS_ENABLED says: these are not lot projections, and LotReferences reads the log itself
 * for anything not here yet.
 */
@Injectable()
export class LotReferencesProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor> = defineProcessor<SqlExecutor>({
    name: LOT_REFERENCES_PROCESSOR,
    filter: LOT_REFERENCES_FILTER,
    mode: 'checkpointed',
    tables: LOT_REFERENCES_TABLES,
    handle: (batch, tx) => applyReferenceEvents(batch, tx),
  });

  async start(): Promise<void> {
    await this.processor.runtime.start();
  }

  async stop(): Promise<void> {
    await this.processor.runtime.stop();
  }

  /** Resolves once every reference event so far is applied (tests). */
  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
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
