import { Injectable } from '@nestjs/common';
import { directoryStreamId } from '@trackside/contracts';
import { appendManyWith, PostgresEventStore, WrongExpectedVersionError, type NewEvent } from '@trackside/event-store';
import type { EntityManager } from 'typeorm';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';

/** What is left to do once the caller's transaction committed (nothing on the PostgreSQL event store). */
export type PendingAppend = () => Promise<void>;

export interface DirectoryEventInput {
  type: string;
  data: object;
  actorId?: string | null;
}

/**
 * Appends an entry's events on `directory-<id>` inside the caller's transaction when the event store
 * is the PostgreSQL one on the same database, so the row change and its event commit together or not
 * at all (the subscriptions' emails follow exactly the changes made). With EventStoreDB there is no
 * shared transaction: the append runs right after the commit (the returned PendingAppend).
 */
@Injectable()
export class DirectoryEventAppender {
  constructor(private readonly events: CatalogueEventStore) {}

  async append(
    manager: EntityManager,
    brand: string,
    directoryId: string,
    inputs: DirectoryEventInput[],
    now: Date,
  ): Promise<PendingAppend> {
    const events: NewEvent[] = inputs.map((input) => ({
      type: input.type,
      data: input.data,
      metadata: { brand, actorId: input.actorId ?? null, occurredAt: now.toISOString() },
    }));
    const streamId = directoryStreamId(directoryId);
    if (!(this.events.store instanceof PostgresEventStore))
      return async () => {
        await this.events.store.append(streamId, events, { expectedVersion: 'any' });
      };
    const [result] = await appendManyWith({ query: async (sql, params) => manager.query(sql, params) }, [
      { streamId, events, expectedVersion: 'any' },
    ]);
    if (result instanceof WrongExpectedVersionError) throw result;
    return async () => {};
  }
}
