import type pg from 'pg';
import {
  START_CHECKPOINT,
  type BatchHandler,
  type Checkpoint,
  type RecordedEvent,
  type SqlExecutor,
  type SubscribeOptions,
  type Subscription,
  type TransactionRunner,
} from '../event-store.port';
import { compareCheckpoints, readAllWith } from '../postgres/postgres-event-store';
import { poolTransaction, sqlExecutorOf } from '../postgres/sql-executor';
import { processorErrors } from '../processor-errors';
import { DEFAULT_SAFETY_POLL_MS, joinPosition, type LogTail, type TailConsumer } from './log-tail';
import { WakeSignal } from './wake-signal';

const LOCK_RETRY_MS = 1000;
const MAX_BACKOFF_MS = 5000;

/** The checkpoint row moved under us (another instance led meanwhile, or a rebuild reset it). */
class CheckpointMoved extends Error {}

/**
 * A checkpointed processor on the shared log tail. One instance per name leads (a session advisory
 * lock on the tail's connection; others stand by and take over when it goes). The leader catches
 * up on its own, reading in its own transactions, then joins the tail. Each batch, the handler's
 * writes and the checkpoint commit in one transaction, and only when the batch holds events of its
 * filter: an idle tick opens no transaction.
 */
export class TailSubscription<TTx> implements Subscription, TailConsumer {
  readonly filter: SubscribeOptions<TTx>['filter'];
  readonly pollIntervalMs: number;
  private running = false;
  private leader = false;
  private joined = false;
  private loop: Promise<void> | null = null;
  private readonly signal = new WakeSignal();
  private caughtUpOnce = false;
  private readonly caughtUpWaiters: Array<() => void> = [];
  private readonly committedListeners = new Set<(events: RecordedEvent[], through: Checkpoint) => void>();
  /** The checkpoint this leader last wrote (or found): a delivery checks the row still holds it. */
  private written: Checkpoint = START_CHECKPOINT;
  private leftWith: { error: unknown | null } | null = null;
  private leaving: Promise<void> = Promise.resolve();
  private moved = false;
  /**
   * The tail position up to which this membership has had every event of its filter (where it
   * joined, then each `passed`): a delivery from there needs no look for a gap.
   */
  private inStepThrough: Checkpoint | null = null;
  private readonly batchSize: number;
  private readonly transaction: TransactionRunner<TTx>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tail: LogTail,
    readonly processorName: string,
    private readonly handler: BatchHandler<TTx>,
    private readonly options: SubscribeOptions<TTx>,
    private readonly onStopped: () => void,
  ) {
    this.filter = options.filter;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_SAFETY_POLL_MS;
    this.transaction = options.transaction ?? (poolTransaction(pool) as TransactionRunner<TTx>);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.tail.attach(this);
    this.loop = this.run();
  }

  isLeader(): boolean {
    return this.leader;
  }

  caughtUp(): Promise<void> {
    if (this.caughtUpOnce) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /** Called after each batch this instance committed (read-your-writes waiters). */
  onCommitted(listener: (events: RecordedEvent[], through: Checkpoint) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /** The checkpoint this instance last committed (empty when it does not lead). */
  committedPosition(): Checkpoint {
    return this.leader ? this.written : START_CHECKPOINT;
  }

  /** Orderly stop: no new batch, the one under way finishes, then the lock is released. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.tail.leave(this);
    this.wake();
    await this.loop;
    if (this.leader) await this.tail.unlock(this.processorName);
    this.leader = false;
    await this.tail.detach(this);
    this.onStopped();
  }

  /**
   * The tail's batch (its events of the filter after `after`), checked under the checkpoint row's
   * lock so the handler sees each event after the committed checkpoint exactly once, whatever the
   * tail hands it: refused when the row is gone or moved (a rebuild, another leader) or when events
   * of the filter lie between the row and `after` (they would be skipped); events at or before the
   * row are dropped (a run this leader already committed), and with none left nothing is written.
   */
  async deliver(events: RecordedEvent[], after: Checkpoint): Promise<void> {
    const handled = await this.transaction(async (exec, tx) => {
      const [row] = await exec.query<{ checkpoint: string }>(
        'SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1 FOR UPDATE',
        [this.processorName],
      );
      if (!row || row.checkpoint !== this.written) throw new CheckpointMoved();
      if (
        compareCheckpoints(row.checkpoint, after) < 0 &&
        after !== this.inStepThrough &&
        (await this.eventsBetween(exec, row.checkpoint, after))
      )
        throw new CheckpointMoved();
      const fresh =
        compareCheckpoints(events[0]!.checkpoint, row.checkpoint) > 0
          ? events
          : events.filter((event) => compareCheckpoints(event.checkpoint, row.checkpoint) > 0);
      if (fresh.length === 0) return fresh;
      await this.handler(fresh, tx);
      await exec.query('UPDATE eventstore.checkpoints SET checkpoint = $2, updated_at = now() WHERE processor_name = $1', [
        this.processorName,
        fresh[fresh.length - 1]!.checkpoint,
      ]);
      return fresh;
    });
    if (handled.length > 0) this.committed(handled, handled[handled.length - 1]!.checkpoint);
  }

  /**
   * Whether an event of the filter lies after `from` up to `to`. The scan stops at the first one:
   * for a delivery in step that is its own first event, past the events the filter skipped since
   * the last one handled (all below the tail's horizon, so visible here).
   */
  private async eventsBetween(exec: SqlExecutor, from: Checkpoint, to: Checkpoint): Promise<boolean> {
    const [next] = await readAllWith(exec, { after: from, limit: 1, filter: this.filter });
    return next !== undefined && compareCheckpoints(next.checkpoint, to) <= 0;
  }

  passed(through: Checkpoint): void {
    if (this.joined) this.inStepThrough = through;
  }

  leftStep(error: unknown | null): void {
    this.joined = false;
    this.inStepThrough = null;
    this.leftWith = { error };
    this.wake();
  }

  /**
   * A rebuild reset the checkpoint row (it notifies after commit): the batch under way, if any,
   * finishes (its check of the row refuses it), then this leader catches up from the row again.
   */
  checkpointMoved(): void {
    // Caught up but not yet in step: read the row again before joining.
    this.moved = true;
    this.inStepThrough = null;
    if (!this.joined) return;
    this.joined = false;
    this.leaving = this.tail.leave(this);
    this.wake();
  }

  private lostLock(): void {
    this.leader = false;
    this.inStepThrough = null;
    // A batch under way finishes (its transaction does not need the lock); only then may this
    // instance try to lead again, so a standby that took over meanwhile is not raced.
    if (this.joined) this.leaving = this.tail.leave(this);
    this.joined = false;
    this.wake();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        if (this.leftWith) {
          const { error } = this.leftWith;
          this.leftWith = null;
          if (error !== null && !(error instanceof CheckpointMoved)) throw error;
        }
        if (!this.leader) {
          await this.leaving;
          if (!(await this.tail.tryLock(this.processorName, () => this.lostLock()))) {
            if (!this.caughtUpOnce && (await this.leaderHasCaughtUp())) this.markCaughtUp();
            await this.sleep(LOCK_RETRY_MS);
            continue;
          }
          this.leader = true;
        }
        if (this.joined) {
          await this.sleep(60_000);
          continue;
        }
        await this.leaving;
        this.moved = false;
        const { processed, joinAt } = await this.catchUpBatch();
        if (this.moved) continue;
        if (failures > 0) processorErrors.clear(this.processorName);
        failures = 0;
        if (processed < this.batchSize && joinAt !== null && this.running && this.leader) {
          this.joined = true;
          this.inStepThrough = joinAt;
          this.tail.join(this, joinAt);
          this.markCaughtUp();
        }
      } catch (error) {
        failures += 1;
        processorErrors.record(this.processorName, error);
        this.options.onError?.(error);
        await this.sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  /** One batch read in the processor's own transaction, from its checkpoint (catching up). */
  private async catchUpBatch(): Promise<{ processed: number; joinAt: Checkpoint | null }> {
    const result = await this.transaction(async (exec, tx) => {
      if (!this.leader) return { events: [] as RecordedEvent[], joinAt: null };
      await exec.query(
        'INSERT INTO eventstore.checkpoints (processor_name, checkpoint) VALUES ($1, $2) ON CONFLICT (processor_name) DO NOTHING',
        [this.processorName, START_CHECKPOINT],
      );
      // The horizon comes from this statement's snapshot, taken before the row lock gives this
      // transaction an id of its own; the read below stops there (see `readAllQuery`).
      const [row] = await exec.query<{ checkpoint: string; horizon: string }>(
        `SELECT checkpoint, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon
           FROM eventstore.checkpoints WHERE processor_name = $1 FOR UPDATE`,
        [this.processorName],
      );
      const after = row?.checkpoint ?? START_CHECKPOINT;
      this.written = after;
      const horizon = row!.horizon;
      const events = await readAllWith(exec, { after, limit: this.batchSize, filter: this.filter, horizon });
      if (events.length > 0) {
        await this.handler(events, tx);
        const last = events[events.length - 1]!.checkpoint;
        await exec.query('UPDATE eventstore.checkpoints SET checkpoint = $2, updated_at = now() WHERE processor_name = $1', [
          this.processorName,
          last,
        ]);
      }
      if (events.length >= this.batchSize) return { events, joinAt: null };
      const lastRead = events[events.length - 1]?.checkpoint ?? after;
      return { events, joinAt: await joinPosition(exec, lastRead, horizon) };
    });
    if (result.events.length > 0) {
      const last = result.events[result.events.length - 1]!.checkpoint;
      this.committed(result.events, last);
    }
    return { processed: result.events.length, joinAt: result.joinAt };
  }

  private committed(events: RecordedEvent[], last: Checkpoint): void {
    this.written = last;
    for (const listener of this.committedListeners) {
      try {
        listener(events, last);
      } catch {
        // a waiter's failure is its own
      }
    }
  }

  /** A standby counts as caught up once the leader's checkpoint leaves nothing unprocessed. */
  private async leaderHasCaughtUp(): Promise<boolean> {
    const exec = sqlExecutorOf(this.pool);
    const [row] = await exec.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      this.processorName,
    ]);
    const pending = await readAllWith(exec, { after: row?.checkpoint ?? START_CHECKPOINT, limit: 1, filter: this.filter });
    return pending.length === 0;
  }

  private markCaughtUp(): void {
    if (this.caughtUpOnce) return;
    this.caughtUpOnce = true;
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  private wake(): void {
    this.signal.wake();
  }

  private sleep(ms: number): Promise<void> {
    return this.signal.sleep(ms, this.running);
  }
}
