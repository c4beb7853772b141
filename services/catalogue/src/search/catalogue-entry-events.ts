import { Inject, Injectable } from '@nestjs/common';
import { CATALOGUE_ENTRY_EVENTS, directoryStreamId, listingStreamId, type CatalogueEntryUpdatedData } from '@trackside/contracts';
import { appendInTransaction, type NewEvent } from '@trackside/event-store';
import { CLOCK, type Clock, requestContext } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';

type Change = 'edited' | 'reviewed' | 'grouped';

/**
 * Tells the log that directory entries or listings changed (`DirectoryEntryUpdated`, `ListingUpdated`),
 * inside the transaction that changed the rows, so the search processor re-reads them (docs/search.md).
 * Used where no other event of the entry's stream marks the change.
 */
@Injectable()
export class CatalogueEntryEvents {
  constructor(
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  directoriesUpdated(manager: EntityManager, brand: string, ids: string[], change: Change, actorId: string | null): Promise<void> {
    return this.append(manager, brand, ids, change, actorId, 'directory');
  }

  listingsUpdated(manager: EntityManager, brand: string, ids: string[], change: Change, actorId: string | null): Promise<void> {
    return this.append(manager, brand, ids, change, actorId, 'listing');
  }

  private async append(
    manager: EntityManager,
    brand: string,
    ids: string[],
    change: Change,
    actorId: string | null,
    kind: 'directory' | 'listing',
  ): Promise<void> {
    if (ids.length === 0) return;
    const metadata = { brand, actorId, correlationId: requestContext.current()?.correlationId, occurredAt: this.clock.now().toISOString() };
    const type = kind === 'directory' ? CATALOGUE_ENTRY_EVENTS.directoryUpdated : CATALOGUE_ENTRY_EVENTS.listingUpdated;
    const appends = ids.map((id) => {
      const data: CatalogueEntryUpdatedData = { id, brand, change };
      const event: NewEvent = { type, data, metadata };
      return {
        streamId: kind === 'directory' ? directoryStreamId(id) : listingStreamId(id),
        events: [event],
        expectedVersion: 'any' as const,
      };
    });
    // Other events share these streams (payable items, subscriptions): the order among them does not matter.
    await appendInTransaction(this.events.store, manager, appends);
  }
}
