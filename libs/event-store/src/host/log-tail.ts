import pg from 'pg';
import { START_CHECKPOINT, type Checkpoint, type EventFilter, type RecordedEvent, type SqlExecutor } from '../event-store.port';
import { compareCheckpoints, decodeCheckpoint, encodeCheckpoint, notificationConcerns, toRecorded } from '../postgres/postgres-event-store';
import { WakeSignal } from './wake-signal';

/** Safety poll of the shared tail when no NOTIFY arrives (a consumer may ask for a shorter one). */
export const DEFAULT_SAFETY_POLL_MS = 5000;
const TAIL_BATCH = 500;
/** A delivery slower than this leaves the step so it does not hold back the other consumers. */
const SLOW_DELIVERY_MS = 500;
const RECONNECT_MS = 1000;
const MAX_BACKOFF_MS = 5000;
const HELD_BACK_FIRST_RETRY_MS = 10;
const HELD_BACK_MAX_RETRY_MS = 250;

/**
 * A reader of the log that rides on the shared tail once it has caught up on its own. The tail
 * hands it the events after `position` that match its filter; `position` moves to the end of each
 * read once `deliver` resolved. A delivery that throws takes the consumer out of step (its own
 * loop retries from its checkpoint).
 */
export interface TailConsumer {
  readonly filter?: EventFilter;
  readonly pollIntervalMs: number;
  /** `events` are those of its filter after `after`, the tail's position for it (a checkpointed consumer checks it against its row). */
  deliver(events: RecordedEvent[], after: Checkpoint): Promise<void>;
  /** The tail dropped it (delivery failed, or its lock connection went): it catches up on its own. */
  leftStep(error: unknown | null): void;
  /**
   * The tail's position for it moved to `through` with every event of its filter up to there
   * delivered (or none there): the next delivery's `after` is that position.
   */
  passed?(through: Checkpoint): void;
  /** A checkpointed consumer: told when its checkpoint row was moved by someone else (a rebuild). */
  readonly processorName?: string;
  checkpointMoved?(): void;
}

/** Channel a rebuild notifies (payload: the processor name) after it moved a checkpoint row. */
export const CHECKPOINT_MOVED_CHANNEL = 'eventstore_checkpoint_moved';

interface InStep {
  consumer: TailConsumer;
  position: Checkpoint;
}

/** The index of the first of `events` (in log order) after `position`; `events.length` when none is. */
function firstAfter(events: RecordedEvent[], position: Checkpoint): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCheckpoints(events[middle]!.checkpoint, position) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether `event` is one `filter` selects (the same rule as the SQL read). */
export function eventMatches(filter: EventFilter | undefined, event: RecordedEvent): boolean {
  if (filter?.streamPrefixes?.length && !filter.streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) return false;
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(event.type)) return false;
  return true;
}

/**
 * One reader of `$all` for the processors of a process (docs/decisions.md, "One processor host and
 * one log reader"). A single dedicated connection LISTENs for appends, holds the processors'
 * advisory locks and runs one read per wake-up for every consumer in step, each filtering in
 * memory; a slow safety poll covers missed notifications. No transaction is opened on an idle
 * tick: a read that finds nothing hands nothing to anybody.
 */
export class LogTail {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly inStep = new Map<TailConsumer, InStep>();
  private readonly consumers = new Set<TailConsumer>();
  private readonly locks = new Map<string, () => void>();
  private loop: Promise<void> | null = null;
  private running = false;
  private readonly signal = new WakeSignal();
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** Deliveries under way, per consumer (a slow one may still run after the tail moved on). */
  private readonly pending = new Map<TailConsumer, Promise<void>>();
  private queue: Promise<void> = Promise.resolve();
  /** Reads run so far (tests and diagnostics: a read that found nothing counts too). */
  reads = 0;

  constructor(private readonly connection: pg.ClientConfig) {}

  /** Registers a consumer of this process (it reads on its own until it `join`s). */
  attach(consumer: TailConsumer): void {
    this.consumers.add(consumer);
    if (!this.running) {
      this.running = true;
      this.loop = this.run();
    }
  }

  /** The consumer has read everything up to `position` on its own: the tail feeds it from there. */
  join(consumer: TailConsumer, position: Checkpoint): void {
    if (!this.consumers.has(consumer)) return;
    this.inStep.set(consumer, { consumer, position });
    this.wake();
  }

  /** Stops feeding the consumer and waits for a delivery to it that is under way. */
  async leave(consumer: TailConsumer): Promise<void> {
    this.inStep.delete(consumer);
    await this.pending.get(consumer);
  }

  /** Removes the consumer; the connection closes with the last one. */
  async detach(consumer: TailConsumer): Promise<void> {
    await this.leave(consumer);
    this.consumers.delete(consumer);
    if (this.consumers.size > 0) return;
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await this.closeClient();
  }

  /** Looks for new events now. */
  wake(): void {
    this.signal.wake();
  }

  /** Session advisory lock of a checkpointed processor on the tail's connection; `lost` runs when the connection goes. */
  async tryLock(name: string, lost: () => void): Promise<boolean> {
    if (this.locks.has(name)) return false; // another consumer of this process leads it
    const client = await this.connect();
    const { rows } = await this.exclusive(() =>
      client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`processor:${name}`]),
    );
    if (!rows[0]?.locked) return false;
    if (this.client !== client) return false;
    this.locks.set(name, lost);
    return true;
  }

  async unlock(name: string): Promise<void> {
    if (!this.locks.delete(name)) return;
    const client = this.client;
    if (!client) return;
    await this.exclusive(() => client.query('SELECT pg_advisory_unlock(hashtext($1))', [`processor:${name}`])).catch(() => undefined);
  }

  /** A query on the tail's connection (a standby's look at the leader's checkpoint). */
  async query<TRow>(sql: string, params: unknown[]): Promise<TRow[]> {
    const client = await this.connect();
    return (await this.exclusive(() => client.query(sql, params))).rows as TRow[];
  }

  private pollIntervalMs(): number {
    let interval = DEFAULT_SAFETY_POLL_MS;
    for (const consumer of this.consumers) interval = Math.min(interval, consumer.pollIntervalMs);
    return interval;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let heldBackRetryMs = 0;
    while (this.running) {
      try {
        if (this.inStep.size === 0) {
          await this.sleep(this.pollIntervalMs());
          continue;
        }
        const { count, heldBack } = await this.readOnce();
        failures = 0;
        if (count > 0) heldBackRetryMs = 0;
        if (count >= TAIL_BATCH) continue;
        if (heldBack) {
          // Committed events wait behind an older in-flight transaction whose end nobody announces.
          heldBackRetryMs = Math.min(heldBackRetryMs === 0 ? HELD_BACK_FIRST_RETRY_MS : heldBackRetryMs * 2, HELD_BACK_MAX_RETRY_MS);
          await this.sleep(Math.min(heldBackRetryMs, this.pollIntervalMs()));
        } else {
          heldBackRetryMs = 0;
          await this.sleep(this.pollIntervalMs());
        }
      } catch {
        failures += 1;
        await this.sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  /** One read after the lowest position in step, handed to every consumer it concerns. */
  private async readOnce(): Promise<{ count: number; heldBack: boolean }> {
    const client = await this.connect();
    // Who is in step is taken when the read goes out, not before waiting for the connection or
    // the lock: a consumer that joined meanwhile gets this read too, not the next one.
    let members: InStep[] = [];
    const read = await this.exclusive(async () => {
      members = [...this.inStep.values()];
      if (members.length === 0) return null;
      let after = members[0]!.position;
      for (const member of members) if (compareCheckpoints(member.position, after) < 0) after = member.position;
      return readTail(client, after);
    });
    if (!read) return { count: 0, heldBack: false };
    const { events, heldBack } = read;
    this.reads += 1;
    if (events.length === 0) return { count: 0, heldBack };
    const through = events[events.length - 1]!.checkpoint;
    await Promise.all(members.map((member) => this.deliverTo(member, events, through)));
    return { count: events.length, heldBack };
  }

  /**
   * Hands a consumer its events. One that takes longer than `SLOW_DELIVERY_MS` (a provider call, a
   * big projection batch) no longer holds the others back: it leaves the step, finishes on its
   * own, then catches up from its own position and joins again.
   */
  private async deliverTo(member: InStep, events: RecordedEvent[], through: Checkpoint): Promise<void> {
    const { consumer } = member;
    // It left while this read ran (a rebuild's reset) and may be catching up, or in step again from
    // elsewhere: this membership is over, and its older position would hand it events twice.
    if (this.inStep.get(consumer) !== member) return;
    const after = member.position;
    // The read is in log order and usually starts after this consumer's position: then only the filter decides.
    const from = compareCheckpoints(events[0]!.checkpoint, after) > 0 ? 0 : firstAfter(events, after);
    const mine: RecordedEvent[] = [];
    for (let index = from; index < events.length; index += 1) if (eventMatches(consumer.filter, events[index]!)) mine.push(events[index]!);
    if (mine.length === 0) {
      member.position = through;
      consumer.passed?.(through);
      return;
    }
    let failure: { error: unknown } | null = null;
    const work = consumer.deliver(mine, after).catch((error: unknown) => {
      failure = { error };
    });
    this.pending.set(consumer, work);
    let timer: NodeJS.Timeout | null = null;
    const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), SLOW_DELIVERY_MS)));
    const outcome = await Promise.race([work.then(() => 'done' as const), slow]);
    if (timer) clearTimeout(timer);
    const stillInStep = this.inStep.get(consumer) === member;
    if (outcome === 'slow') {
      if (stillInStep) this.inStep.delete(consumer);
      void work.then(() => {
        if (this.pending.get(consumer) === work) this.pending.delete(consumer);
        // Not when it left and joined again meanwhile: that membership is not this delivery's to end.
        if (stillInStep && !this.inStep.has(consumer)) consumer.leftStep(failure ? (failure as { error: unknown }).error : null);
      });
      return;
    }
    if (this.pending.get(consumer) === work) this.pending.delete(consumer);
    if (!stillInStep) return;
    if (failure) {
      this.inStep.delete(consumer);
      consumer.leftStep((failure as { error: unknown }).error);
      return;
    }
    member.position = through;
    consumer.passed?.(through);
  }

  /** One statement at a time on the tail's connection (the reader, the locks and the standbys share it). */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    if (!this.connecting) {
      this.connecting = this.open().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.connection);
    const dropped = (): void => this.dropped(client);
    client.on('error', dropped);
    client.on('end', dropped);
    client.on('notification', (message) => {
      if (message.channel === CHECKPOINT_MOVED_CHANNEL) {
        for (const consumer of this.consumers) if (consumer.processorName === message.payload) consumer.checkpointMoved?.();
        return;
      }
      for (const { consumer } of this.inStep.values())
        if (notificationConcerns(consumer.filter, message.payload)) {
          this.wake();
          return;
        }
    });
    await client.connect();
    await client.query(`LISTEN eventstore_appended; LISTEN ${CHECKPOINT_MOVED_CHANNEL}`);
    this.client = client;
    return client;
  }

  /** The connection went: every lock it held is gone; consumers catch up again once it is back. */
  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    const lost = [...this.locks.values()];
    this.locks.clear();
    for (const notify of lost) notify();
    if (this.running && !this.reconnectTimer)
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.wake();
      }, RECONNECT_MS);
  }

  private async closeClient(): Promise<void> {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    this.locks.clear();
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    await this.exclusive(() => client.query('SELECT pg_advisory_unlock_all()')).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private sleep(ms: number): Promise<void> {
    return this.signal.sleep(ms, this.running);
  }
}

/**
 * The tail's read in ONE statement (one transaction per wake-up; an idle tick costs one): the
 * events after `$1`/`$2` (an `after` checkpoint's transaction id and position) below the
 * statement's horizon (the oldest transaction in flight; see `readAllQuery`), and a last row
 * telling whether committed events wait at or above that horizon (see `heldBackQuery`), so the
 * reader looks again soon instead of at the next poll.
 *
 * The held-back probe compares the horizon with the log's newest transaction id, read backwards
 * from the (transaction_id, global_position) index: one index entry per read. It used to be
 * `EXISTS (… WHERE transaction_id >= h.horizon)`; the horizon comes from the CTE, so the planner
 * could not estimate that condition and scanned the whole events table on every read (12 ms at
 * 100,000 events, and growing with the log; docs/benchmarks.md, "Session 35").
 */
export const TAIL_READ_SQL = `WITH h AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon)
     (SELECT false AS probe, NULL::boolean AS held_back, global_position, transaction_id::text AS transaction_id, event_id, stream_id,
             version, type, data, metadata, created_at
        FROM eventstore.events, h
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint) AND transaction_id < h.horizon
       ORDER BY events.transaction_id, events.global_position LIMIT ${TAIL_BATCH})
     UNION ALL
     SELECT true,
            COALESCE((SELECT newest.transaction_id FROM eventstore.events newest
                       ORDER BY newest.transaction_id DESC, newest.global_position DESC LIMIT 1) >= h.horizon, false),
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM h`;

async function readTail(client: pg.Client, after: Checkpoint): Promise<{ events: RecordedEvent[]; heldBack: boolean }> {
  const start = decodeCheckpoint(after);
  const { rows } = await client.query<Parameters<typeof toRecorded>[0] & { probe: boolean; held_back: boolean | null }>(TAIL_READ_SQL, [
    start.transactionId,
    start.position,
  ]);
  const probe = rows.find((row) => row.probe);
  return { events: rows.filter((row) => !row.probe).map(toRecorded), heldBack: probe?.held_back === true };
}

/**
 * Where a consumer whose own read (below `horizon`) came back short may join the tail: the later of
 * its last event and the newest event below the horizon (everything before it has been read, the
 * events its filter left out included), so the tail does not re-read what the filter skipped.
 */
export async function joinPosition(exec: SqlExecutor, last: Checkpoint, horizon: string): Promise<Checkpoint> {
  const [row] = await exec.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position FROM eventstore.events
      WHERE transaction_id < $1::text::xid8 ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
    [horizon],
  );
  const head = row ? encodeCheckpoint(row.transaction_id, row.global_position) : START_CHECKPOINT;
  if (!head) return last;
  if (!last) return head;
  return compareCheckpoints(last, head) >= 0 ? last : head;
}

const processTails = new Map<string, LogTail>();
let sharedInProcess = false;

/**
 * The all-in-one process runs several services against one database: with sharing on, every
 * PostgreSQL event store of the process on the same database uses one tail (one connection, one
 * read per wake-up). Off by default: separate stores then behave as separate instances (tests of
 * leadership rely on it).
 */
export function shareLogTailInProcess(enabled = true): void {
  sharedInProcess = enabled;
}

/** The tail a store on `pool` reads through: its own, or the process's shared one. */
export function logTailFor(pool: pg.Pool): LogTail {
  const options = pool.options as pg.ClientConfig;
  if (!sharedInProcess) return new LogTail(options);
  const key = options.connectionString ?? JSON.stringify([options.host, options.port, options.database, options.user]);
  let tail = processTails.get(key);
  if (!tail) {
    tail = new LogTail(options);
    processTails.set(key, tail);
  }
  return tail;
}
