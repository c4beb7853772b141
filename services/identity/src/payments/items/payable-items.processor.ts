import { Injectable } from '@nestjs/common';
import { DIRECTORY_STREAM_PREFIX, LISTING_STREAM_PREFIX, PAYABLE_ITEM_EVENTS } from '@trackside/contracts';
import { defineProcessor, type EventFilter, type RecordedEvent, type SqlExecutor, type DefinedProcessor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import { payableItemFromEvent } from './payable-item-facts';

export const PAYABLE_ITEMS_PROCESSOR = 'identity-payable-items';
/** What it reads (its lag on the status page counts only these). */
export const PAYABLE_ITEMS_FILTER: EventFilter = {
  streamPrefixes: [DIRECTORY_STREAM_PREFIX, LISTING_STREAM_PREFIX],
  eventTypes: Object.values(PAYABLE_ITEM_EVENTS),
};

/**
 * Keeps `identity.payable_items` (owner and name of each directory entry and listing) from the
 * catalogue's announcements. A checkpointed processor: rows and checkpoint commit in one
 * transaction, one instance leads. Each event is the item's whole state, so applying the log in
 * order from any start is enough to rebuild it (empty the table, delete the checkpoint row).
 */
@Injectable()
export class PayableItemsProcessor implements DeclaresProcessor {
  readonly processor: DefinedProcessor<SqlExecutor> = defineProcessor<SqlExecutor>({
    name: PAYABLE_ITEMS_PROCESSOR,
    filter: PAYABLE_ITEMS_FILTER,
    mode: 'checkpointed',
    handle: (batch, tx) => applyPayableItemEvents(batch, tx),
  });

  /** Resolves once every event of its filter so far is applied (tests). */
  caughtUp(): Promise<void> {
    return this.processor.runtime.caughtUp();
  }
}

export async function applyPayableItemEvents(batch: RecordedEvent[], tx: SqlExecutor): Promise<void> {
  for (const event of batch) {
    const item = payableItemFromEvent(event);
    if (!item) continue;
    // A deletion keeps the name and page the item had (COALESCE), for the receipts of earlier payments.
    await tx.query(
      `INSERT INTO identity.payable_items (brand, item_type, item_id, owner_id, name, path, deleted, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (brand, item_type, item_id) DO UPDATE SET owner_id = EXCLUDED.owner_id,
         name = CASE WHEN EXCLUDED.deleted THEN payable_items.name ELSE EXCLUDED.name END,
         path = CASE WHEN EXCLUDED.deleted THEN payable_items.path ELSE EXCLUDED.path END,
         deleted = EXCLUDED.deleted, updated_at = EXCLUDED.updated_at`,
      [item.brand, item.itemType, item.itemId, item.ownerId, item.name, item.path, item.deleted, event.createdAt],
    );
  }
}
