import type { EventFilter, RecordedEvent, SqlExecutor, Subscription, TransactionRunner } from '@trackside/event-store';
import type { AppLogger } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { IdentityEventStore } from '../infrastructure/event-store.provider';
import type { EmailOutbox } from './email-outbox.service';

/**
 * A checkpointed processor that turns events into outbox emails: each batch runs in one
 * transaction with the checkpoint (so an email is queued exactly once across restarts and
 * instances), and the outbox is kicked after a commit that queued any. `apply` answers how many
 * emails it queued.
 */
export function subscribeOutboxProcessor(
  deps: { db: DataSource; events: IdentityEventStore; outbox: EmailOutbox; log: AppLogger },
  name: string,
  filter: EventFilter,
  apply: (manager: EntityManager, batch: RecordedEvent[]) => Promise<number>,
): Promise<Subscription> {
  let queued = 0;
  const runner: TransactionRunner<EntityManager> = async (work) => {
    queued = 0;
    const result = await deps.db.transaction((manager) =>
      work({ query: (sql, params) => manager.query(sql, params) } satisfies SqlExecutor, manager),
    );
    if (queued > 0) deps.outbox.kick();
    return result;
  };
  return deps.events.store.subscribe<EntityManager>(
    name,
    async (batch, manager) => {
      queued += await apply(manager, batch);
    },
    {
      filter,
      batchSize: 200,
      transaction: runner,
      onError: (error) => deps.log.error(`${name}: batch failed; retrying`, { error: String(error) }),
    },
  );
}
