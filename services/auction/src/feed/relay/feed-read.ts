import { FEED_EVENT_TYPES } from '@trackside/contracts';
import type { EventFilter, SqlExecutor, TransactionRunner } from '@trackside/event-store';
import type pg from 'pg';
import { feedStreamPrefixes } from '../feed-event-mappings';

/** What the relay reads from the log: the mapped event types in their streams (pushed down to SQL). */
export const FEED_READ_FILTER: EventFilter = { streamPrefixes: feedStreamPrefixes(), eventTypes: [...FEED_EVENT_TYPES] };

export const feedProcessorName = (brand: string): string => `auction-feed:${brand}`;
export const republishProcessorName = (jobId: string): string => `auction-feed-republish:${jobId}`;

export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return { query: async (sql, params) => (await pool.query(sql, params)).rows };
}

/** Runs `work` in one transaction on a client of `pool`. */
export async function withTransaction<TResult>(pool: pg.Pool, work: (exec: SqlExecutor) => Promise<TResult>): Promise<TResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({ query: async (sql, params) => (await client.query(sql, params)).rows });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs a processor's batch without a surrounding transaction: each statement commits alone. The
 * relay waits for Kafka between reading a batch and moving its checkpoint; inside a transaction
 * (which takes a transaction id when it locks the checkpoint row) that wait would hold back every
 * reader of the log, projections included, since they stop at the oldest open transaction
 * (docs/decisions.md "PostgreSQL ordering"). Safe here because the checkpoint only moves after the
 * broker acknowledged, one instance leads each processor (advisory lock), and a crash between
 * acknowledgement and checkpoint only re-sends (consumers dedupe by event id).
 */
export function autocommitRunner(exec: SqlExecutor): TransactionRunner<SqlExecutor> {
  return (work) => work(exec, exec);
}

/** The numeric position at the end of a checkpoint (PostgreSQL `txid/position`), for progress only. */
export function positionOfCheckpoint(checkpoint: string): bigint {
  const last = checkpoint.split('/').pop() ?? '';
  return /^\d+$/.test(last) ? BigInt(last) : 0n;
}
