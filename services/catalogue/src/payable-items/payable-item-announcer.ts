import { Inject, Injectable } from '@nestjs/common';
import {
  directoryStreamId,
  listingStreamId,
  PAYABLE_ITEM_EVENTS,
  type DirectoryAnnouncedData,
  type ListingAnnouncedData,
  type ListingDeletedData,
} from '@trackside/contracts';
import { appendInTransaction, type NewEvent } from '@trackside/event-store';
import { CLOCK, type Clock, requestContext } from '@trackside/platform';
import type { EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import type { DirectoryEntity, ListingEntity } from '../persistence';

type DirectoryFacts = Pick<DirectoryEntity, 'id' | 'brand' | 'userId' | 'name'>;
type ListingFacts = Pick<ListingEntity, 'id' | 'brand' | 'userId' | 'title' | 'category' | 'type' | 'slug'>;

/**
 * Announces the catalogue's payable items (libs/contracts PAYABLE_ITEM_EVENTS) so identity can
 * check an item's owner before it charges anything. Called inside the transaction that writes the
 * row, and written through that same transaction (appendInTransaction: appended there on the
 * PostgreSQL event store, relayed from the outbox on EventStoreDB), so a row never exists without
 * its announcement nor the other way round (docs/decisions.md "Payable items", "Integration events
 * commit with their state change").
 */
@Injectable()
export class PayableItemAnnouncer {
  constructor(
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async directoryCreated(manager: EntityManager, row: DirectoryFacts, actorId: string | null): Promise<void> {
    await this.append(manager, directoryStreamId(row.id), PAYABLE_ITEM_EVENTS.directoryCreated, directoryData(row), row.brand, actorId);
  }

  /** Only when what identity keeps (owner, name) changed: other edits announce nothing. */
  async directoryChanged(manager: EntityManager, before: DirectoryFacts, after: DirectoryFacts, actorId: string | null): Promise<void> {
    if (before.userId === after.userId && before.name === after.name) return;
    await this.append(
      manager,
      directoryStreamId(after.id),
      PAYABLE_ITEM_EVENTS.directoryChanged,
      directoryData(after),
      after.brand,
      actorId,
    );
  }

  async listingCreated(manager: EntityManager, row: ListingFacts, actorId: string | null): Promise<void> {
    await this.append(manager, listingStreamId(row.id), PAYABLE_ITEM_EVENTS.listingCreated, listingData(row), row.brand, actorId);
  }

  async listingChanged(manager: EntityManager, before: ListingFacts, after: ListingFacts, actorId: string | null): Promise<void> {
    const same = (['userId', 'title', 'category', 'type', 'slug'] as const).every((key) => before[key] === after[key]);
    if (same) return;
    await this.append(manager, listingStreamId(after.id), PAYABLE_ITEM_EVENTS.listingChanged, listingData(after), after.brand, actorId);
  }

  async listingDeleted(manager: EntityManager, row: ListingFacts, actorId: string | null): Promise<void> {
    const data: ListingDeletedData = { listingId: row.id, brand: row.brand, userId: row.userId };
    await this.append(manager, listingStreamId(row.id), PAYABLE_ITEM_EVENTS.listingDeleted, data, row.brand, actorId);
  }

  private async append(
    manager: EntityManager,
    streamId: string,
    type: string,
    data: object,
    brand: string,
    actorId: string | null,
  ): Promise<void> {
    const event: NewEvent = {
      type,
      data,
      metadata: { brand, actorId, correlationId: requestContext.current()?.correlationId, occurredAt: this.clock.now().toISOString() },
    };
    // Other events share these streams (reminders, subscriptions): the order among them does not matter.
    await appendInTransaction(this.events.store, manager, [{ streamId, events: [event], expectedVersion: 'any' }]);
  }
}

export function directoryData(row: DirectoryFacts): DirectoryAnnouncedData {
  return { directoryId: row.id, brand: row.brand, userId: row.userId, name: row.name };
}

export function listingData(row: ListingFacts): ListingAnnouncedData {
  return {
    listingId: row.id,
    brand: row.brand,
    userId: row.userId,
    name: row.title,
    category: row.category,
    type: row.type,
    slug: row.slug,
  };
}
