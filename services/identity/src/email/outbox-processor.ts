import { defineProcessor, type DefinedProcessor, type EventFilter, type RecordedEvent } from '@trackside/event-store';
import { dataSourceTransaction } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { EmailOutbox } from './email-outbox.service';

/**
 * A checkpointed processor (run by identity's processor host) that turns events into outbox
 * emails: each batch runs in one TypeORM transaction with the checkpoint (so an email is queued
 * exactly once across restarts and instances), and the outbox is kicked after a commit that queued
 * any. `apply` answers how many emails it queued.
 */
export function outboxProcessor(
  deps: { db: DataSource; outbox: EmailOutbox; enabled: () => boolean },
  name: string,
  filter: EventFilter,
  apply: (manager: EntityManager, batch: RecordedEvent[]) => Promise<number>,
): DefinedProcessor<EntityManager> {
  const queued = new WeakMap<RecordedEvent[], number>();
  const processor = defineProcessor<EntityManager>({
    name,
    filter,
    mode: 'checkpointed',
    batchSize: 200,
    transaction: dataSourceTransaction<EntityManager>(deps.db),
    enabled: deps.enabled,
    handle: async (batch, manager) => {
      queued.set(batch, await apply(manager, batch));
    },
  });
  processor.runtime.onCommitted((batch) => {
    if ((queued.get(batch) ?? 0) > 0) deps.outbox.kick();
  });
  return processor;
}
