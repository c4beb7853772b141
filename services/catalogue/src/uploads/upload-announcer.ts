import { Inject, Injectable } from '@nestjs/common';
import { UPLOAD_EVENTS, uploadStreamId, type UploadStoredData } from '@trackside/contracts';
import { appendInTransaction, type TransactionalAppendRequest } from '@trackside/event-store';
import { CLOCK, type Clock, requestContext } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import type { MediaFileEntity } from '../persistence';

export type UploadFacts = Pick<MediaFileEntity, 'id' | 'brand' | 'userId' | 'mime'>;

/**
 * Announces stored uploads (libs/contracts UPLOAD_EVENTS: `UploadStored` on `upload-<id>`) so the
 * auction service can accept a lot image only from its seller's own uploads (issue 18, L9). Called
 * inside the transaction that inserts the rows, so the rows and their events commit together
 * (appendInTransaction: on the PostgreSQL store directly, on EventStoreDB through the outbox); an id
 * the client receives is announced. Each stream is written once (`no_stream`): announcing a file
 * again (the boot backfill racing another instance) leaves the first event as it is.
 */
@Injectable()
export class UploadAnnouncer {
  constructor(
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async announce(manager: EntityManager, rows: UploadFacts[]): Promise<void> {
    if (rows.length === 0) return;
    const correlationId = requestContext.current()?.correlationId;
    const occurredAt = this.clock.now().toISOString();
    const requests: TransactionalAppendRequest[] = rows.map((row) => ({
      streamId: uploadStreamId(row.id),
      expectedVersion: 'no_stream',
      events: [
        {
          type: UPLOAD_EVENTS.stored,
          data: uploadStoredData(row),
          metadata: { brand: row.brand, actorId: row.userId, correlationId, occurredAt },
        },
      ],
    }));
    await appendInTransaction(this.events.store, { query: (sql, params) => manager.query(sql, params) }, requests);
  }
}

export function uploadStoredData(row: UploadFacts): UploadStoredData {
  return { uploadId: row.id, brand: row.brand, userId: row.userId, mime: row.mime };
}
