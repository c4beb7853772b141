import type pg from 'pg';
import type { EventStore, NewEvent } from '../event-store.port';

interface OutboxRow {
  id: string;
  stream_id: string;
  expected_version: 'any' | 'no_stream';
  events: Array<NewEvent & { eventId: string }>;
}

export interface OutboxRelayOptions {
  /** How often the outbox is looked at (ms). */
  pollIntervalMs?: number;
  /** Rows relayed per transaction. */
  batchSize?: number;
  /** A batch failed (the store is down): it stays in the outbox and is retried on the next tick. */
  onError?: (error: unknown) => void;
}

/**
 * Appends the integration events `appendInTransaction` left in `eventstore.outbox` to a store other
 * than the PostgreSQL one (EventStoreDB), then deletes them, in outbox order. One relay drains at a
 * time (a transaction advisory lock), so each stream's events keep their order across instances.
 * Nothing is appended twice: a relay that crashed after appending and before deleting finds the
 * event ids already in the stream next time and skips them (integration streams are short). Not a
 * reader of the log; with the PostgreSQL store the outbox stays empty and this never runs
 * (docs/decisions.md "Integration events commit with their state change").
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 500);
    this.timer.unref();
    this.wake();
  }

  /** Drains now unless a drain is already running. */
  wake(): void {
    if (this.running || this.stopped) return;
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.onError?.(error);
        return 0;
      })
      .finally(() => (this.running = null));
  }

  /** Relays batch after batch until the outbox is empty (or another instance holds it); answers how many rows. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.relayBatch();
      total += relayed;
      if (relayed < (this.options.batchSize ?? 100) || this.stopped) return total;
    }
  }

  /** Stops the timer and waits for the batch in flight (it commits or leaves its rows for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async relayBatch(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: lock } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('eventstore:outbox-relay')) AS locked`,
      );
      if (!lock[0]?.locked) {
        await client.query('ROLLBACK');
        return 0;
      }
      const { rows } = await client.query<OutboxRow>(
        `SELECT id::text AS id, stream_id, expected_version, events FROM eventstore.outbox ORDER BY id LIMIT $1`,
        [this.options.batchSize ?? 100],
      );
      for (const row of rows) await this.relayRow(row);
      if (rows.length > 0) await client.query(`DELETE FROM eventstore.outbox WHERE id = ANY($1::bigint[])`, [rows.map((row) => row.id)]);
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async relayRow(row: OutboxRow): Promise<void> {
    const recorded = await this.store.readStream(row.stream_id);
    // Written once already (by an earlier announcement, or by this row before a crash).
    if (row.expected_version === 'no_stream' && recorded.length > 0) return;
    const known = new Set(recorded.map((event) => event.eventId));
    const fresh = row.events.filter((event) => !known.has(event.eventId));
    if (fresh.length === 0) return;
    await this.store.append(row.stream_id, fresh, { expectedVersion: 'any' });
  }
}
