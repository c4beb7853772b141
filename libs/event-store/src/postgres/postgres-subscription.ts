import pg from 'pg';
import {
  START_CHECKPOINT,
  type BatchHandler,
  type Checkpoint,
  type EventFilter,
  type RecordedEvent,
  type SqlExecutor,
  type SubscribeOptions,
  type Subscription,
  type TransactionRunner,
} from '../event-store.port';
import { heldBackQuery, notificationConcerns, readAllWith } from './postgres-event-store';
import { WakeSignal } from '../host/wake-signal';
import { processorErrors } from '../processor-errors';
import { poolTransaction, sqlExecutorOf } from './sql-executor';

const LOCK_RETRY_MS = 1000;

/**
 * Where a processor reads events from. Default: the PostgreSQL log, read inside the processor's
 * transaction. The EventStoreDB adapter passes its own reader (events in EventStoreDB, checkpoint
 * and read models still in PostgreSQL).
 */
export type EventSource = (
  exec: SqlExecutor,
  options: { after: Checkpoint; limit: number; filter?: EventFilter },
) => Promise<RecordedEvent[]>;
const MAX_BACKOFF_MS = 5000;
/** First and longest wait before looking again while committed events are held back (see `heldBackQuery`). */
const HELD_BACK_FIRST_RETRY_MS = 10;
const HELD_BACK_MAX_RETRY_MS = 250;

/**
 * A checkpointed processor: one instance per name holds a session advisory lock on a dedicated
 * connection (others stand by and take over when it goes), catches up, then follows the log,
 * woken by LISTEN/NOTIFY with polling as the fallback. Each batch, the handler's writes and the
 * checkpoint commit in one transaction, so nothing is skipped or applied twice.
 */
export class PostgresSubscription<TTx> implements Subscription {
  private running = false;
  private leader = false;
  private lockClient: pg.Client | null = null;
  private loop: Promise<void> | null = null;
  private readonly signal = new WakeSignal();
  private caughtUpOnce = false;
  private readonly caughtUpWaiters: Array<() => void> = [];
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly transaction: TransactionRunner<TTx>;
  /** The event source; null = the PostgreSQL log of `pool` (with held-back detection). */
  private readonly source: EventSource | null;

  constructor(
    private readonly pool: pg.Pool,
    readonly processorName: string,
    private readonly handler: BatchHandler<TTx>,
    private readonly options: SubscribeOptions<TTx>,
    private readonly onStopped: () => void,
    source?: EventSource,
  ) {
    this.source = source ?? null;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.transaction = options.transaction ?? (poolTransaction(pool) as TransactionRunner<TTx>);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  isLeader(): boolean {
    return this.leader;
  }

  caughtUp(): Promise<void> {
    if (this.caughtUpOnce) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await this.releaseLock();
    this.onStopped();
  }

  /** Makes the processor look for new events now (notifications from another source). */
  nudge(): void {
    this.wake();
  }

  private wake(): void {
    this.signal.wake();
  }

  /** The shared sleep-until-woken (host/wake-signal.ts); a stopped subscription does not sleep. */
  private sleep(ms: number): Promise<void> {
    return this.signal.sleep(ms, this.running);
  }

  private async run(): Promise<void> {
    let failures = 0;
    let heldBackRetryMs = 0;
    while (this.running) {
      try {
        if (!this.leader) {
          if (!(await this.tryLead())) {
            if (!this.caughtUpOnce && (await this.leaderHasCaughtUp())) this.markCaughtUp();
            await this.sleep(LOCK_RETRY_MS);
            continue;
          }
        }
        const { processed, heldBack } = await this.processBatch();
        if (failures > 0) processorErrors.clear(this.processorName);
        failures = 0;
        // Progress resets the held-back back-off: under steady load it stays at its first step.
        if (processed > 0) heldBackRetryMs = 0;
        if (processed < this.batchSize) {
          this.markCaughtUp();
          if (heldBack) {
            // Committed events wait behind an older in-flight transaction, whose end nobody
            // announces: look again soon (backing off) instead of only at the next poll.
            heldBackRetryMs = Math.min(heldBackRetryMs === 0 ? HELD_BACK_FIRST_RETRY_MS : heldBackRetryMs * 2, HELD_BACK_MAX_RETRY_MS);
            await this.sleep(Math.min(heldBackRetryMs, this.pollIntervalMs));
          } else {
            heldBackRetryMs = 0;
            await this.sleep(this.pollIntervalMs);
          }
        }
      } catch (error) {
        failures += 1;
        processorErrors.record(this.processorName, error);
        this.options.onError?.(error);
        await this.sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  /** A standby counts as caught up once the leader's checkpoint leaves nothing unprocessed. */
  private async leaderHasCaughtUp(): Promise<boolean> {
    const exec = sqlExecutorOf(this.pool);
    const [row] = await exec.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      this.processorName,
    ]);
    const pending = await (this.source ?? readAllWith)(exec, {
      after: row?.checkpoint ?? START_CHECKPOINT,
      limit: 1,
      filter: this.options.filter,
    });
    return pending.length === 0;
  }

  private markCaughtUp(): void {
    if (this.caughtUpOnce) return;
    this.caughtUpOnce = true;
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  private async tryLead(): Promise<boolean> {
    if (!this.lockClient) {
      const client = new pg.Client(this.pool.options as pg.ClientConfig);
      client.on('error', () => this.loseLead());
      client.on('end', () => this.loseLead());
      client.on('notification', (message) => {
        if (notificationConcerns(this.options.filter, message.payload)) this.wake();
      });
      await client.connect();
      this.lockClient = client;
    }
    const { rows } = await this.lockClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      `processor:${this.processorName}`,
    ]);
    if (!rows[0]?.locked) return false;
    await this.lockClient.query('LISTEN eventstore_appended');
    this.leader = true;
    return true;
  }

  private loseLead(): void {
    this.leader = false;
    const client = this.lockClient;
    this.lockClient = null;
    client?.removeAllListeners('end');
    void client?.end().catch(() => undefined);
    this.wake();
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = null;
    this.leader = false;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async processBatch(): Promise<{ processed: number; heldBack: boolean }> {
    return this.transaction(async (exec, tx) => {
      if (!this.leader) return { processed: 0, heldBack: false };
      await exec.query(
        `INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, $2) ON CONFLICT (processor_name) DO NOTHING`,
        [this.processorName, START_CHECKPOINT],
      );
      // The horizon comes from this statement's snapshot, taken before the row lock gives this
      // transaction an id of its own; the read below stops there (see `readAllQuery`).
      const [row] = await exec.query<{ checkpoint: string; horizon: string }>(
        `SELECT checkpoint, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon
           FROM eventstore.checkpoints WHERE processor_name = $1 FOR UPDATE`,
        [this.processorName],
      );
      const read = { after: row?.checkpoint ?? START_CHECKPOINT, limit: this.batchSize, filter: this.options.filter };
      const events = this.source ? await this.source(exec, read) : await readAllWith(exec, { ...read, horizon: row?.horizon });
      let heldBack = false;
      if (!this.source && row && events.length < this.batchSize) {
        const probe = heldBackQuery(row.horizon, this.options.filter);
        const [result] = await exec.query<{ held_back: boolean }>(probe.sql, probe.params);
        heldBack = result?.held_back === true;
      }
      if (events.length === 0) return { processed: 0, heldBack };
      await this.handler(events, tx);
      const last = events[events.length - 1]!;
      await exec.query(`UPDATE eventstore.checkpoints SET checkpoint = $2, updated_at = now() WHERE processor_name = $1`, [
        this.processorName,
        last.checkpoint,
      ]);
      return { processed: events.length, heldBack };
    });
  }
}
