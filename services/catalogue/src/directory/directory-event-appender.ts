import { Injectable } from '@nestjs/common';
import { directoryStreamId } from '@trackside/contracts';
import { appendInTransaction, type NewEvent } from '@trackside/event-store';
import type { EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';

export interface DirectoryEventInput {
  type: string;
  data: object;
  actorId?: string | null;
}

/**
 * Writes an entry's events on `directory-<id>` inside the caller's transaction, so the row change
 * and its events commit together or not at all and the subscriptions' emails follow exactly the
 * changes made: appended there on the PostgreSQL event store, kept in the outbox for the relay on
 * EventStoreDB (docs/decisions.md "Integration events commit with their state change").
 */
@Injectable()
export class DirectoryEventAppender {
  constructor(private readonly events: CatalogueEventStore) {}

  async append(manager: EntityManager, brand: string, directoryId: string, inputs: DirectoryEventInput[], now: Date): Promise<void> {
    const events: NewEvent[] = inputs.map((input) => ({
      type: input.type,
      data: input.data,
      metadata: { brand, actorId: input.actorId ?? null, occurredAt: now.toISOString() },
    }));
    await appendInTransaction(this.events.store, manager, [{ streamId: directoryStreamId(directoryId), events, expectedVersion: 'any' }]);
  }
}
