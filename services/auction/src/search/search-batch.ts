import { START_CHECKPOINT, type Checkpoint, type EventFilter, type RecordedEvent, type SqlExecutor } from '@trackside/event-store';
import type { SearchIndex } from './search-index.port';
import { projectSearchBatch } from './search-projection';

/** Who the batch belongs to: the processor's checkpoint row and what it reads. */
export interface SearchBatchSource {
  processorName: string;
  filter: EventFilter;
}

/**
 * One batch of the search processor (inside its transaction): tells the index whether the batch
 * replays the log from its start (a rebuild), folds the events in, and during a rebuild tells the
 * index once nothing is left to replay, so the rebuilt generation takes over then (OpenSearch moves
 * its alias; PostgreSQL copies the building table into the searched one in this transaction).
 */
export async function handleSearchBatch(
  index: SearchIndex,
  batch: RecordedEvent[],
  tx: SqlExecutor,
  source: SearchBatchSource,
): Promise<void> {
  const { rebuilding } = await index.beginBatch(await replaysFromStart(tx, source.processorName), tx);
  await projectSearchBatch(index, batch, tx);
  if (!rebuilding || batch.length === 0) return;
  await index.endBatch(!(await moreToReplay(tx, batch[batch.length - 1]!.checkpoint, source.filter)), tx);
}

/**
 * The checkpoint row before this batch (the batch's transaction holds it locked and writes it only
 * after the handler): absent or the start means a replay from the beginning of the log.
 */
async function replaysFromStart(tx: SqlExecutor, processorName: string): Promise<boolean> {
  const [row] = await tx.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
    processorName,
  ]);
  return (row?.checkpoint ?? START_CHECKPOINT) === START_CHECKPOINT;
}

/**
 * Whether committed events of the filter follow `after` (the log's order: transaction id, then
 * position). An event committed later reaches the processor as a normal batch after the switch.
 */
async function moreToReplay(tx: SqlExecutor, after: Checkpoint, filter: EventFilter): Promise<boolean> {
  const [transactionId, position] = after.split('/');
  const prefixes = (filter.streamPrefixes ?? []).map((prefix) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [row] = await tx.query<{ more: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM eventstore.events
        WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
          AND (cardinality($3::text[]) = 0 OR stream_id LIKE ANY($3::text[]))
          AND (cardinality($4::text[]) = 0 OR type = ANY($4::text[]))
     ) AS more`,
    [transactionId, position, prefixes, filter.eventTypes ?? []],
  );
  return row?.more === true;
}
