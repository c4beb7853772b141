import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type SqlExecutor } from '../event-store.port';
import { appendManyWith, PostgresEventStore } from './postgres-event-store';

/**
 * An integration event request written with the state change that causes it. Only `'any'` and
 * `'no_stream'` (write once: a stream that already exists is left as it is) are allowed: an exact
 * version read before the transaction says nothing once the append may be relayed later.
 */
export interface TransactionalAppendRequest {
  streamId: string;
  events: NewEvent[];
  expectedVersion: 'any' | 'no_stream';
}

/**
 * Writes integration events inside the caller's open PostgreSQL transaction (`exec` runs on it: a
 * TypeORM EntityManager's `query`, a checked-out pg client), so the row change and its events commit
 * together or not at all (docs/decisions.md "Integration events commit with their state change").
 *
 * - PostgreSQL event store (default; on the same database as every service's rows): the events are
 *   appended right there through `eventstore.append_many`, visible to readers (and notified) at the
 *   commit. Nothing is left to do afterwards.
 * - Any other store (EventStoreDB): the requests go to `eventstore.outbox` in the same transaction,
 *   and the process's `OutboxRelay` appends them to the store after the commit, with their event ids
 *   fixed here so a relay that crashed after appending never appends them twice.
 */
export async function appendInTransaction(store: EventStore, exec: SqlExecutor, requests: TransactionalAppendRequest[]): Promise<void> {
  const pending = requests.filter((request) => request.events.length > 0);
  if (pending.length === 0) return;
  const withIds = pending.map((request) => ({
    ...request,
    events: request.events.map((event) => ({ ...event, eventId: event.eventId ?? randomUUID() })),
  }));
  if (store instanceof PostgresEventStore) {
    const results = await appendManyWith(exec, withIds);
    for (const [index, result] of results.entries()) {
      // A write-once stream that exists was announced before (a retry): nothing more to write.
      if (result instanceof WrongExpectedVersionError && withIds[index]!.expectedVersion !== 'no_stream') throw result;
    }
    return;
  }
  await exec.query(
    `INSERT INTO eventstore.outbox (stream_id, expected_version, events)
     SELECT r->>'streamId', r->>'expectedVersion', r->'events' FROM jsonb_array_elements($1::jsonb) AS r`,
    [JSON.stringify(withIds)],
  );
}
