import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  START_CHECKPOINT,
  WrongExpectedVersionError,
  type AppendRequest,
  type AppendResult,
  type BatchHandler,
  type Checkpoint,
  type EventFilter,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SqlExecutor,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import type { Follower, FollowHandler, FollowOptions } from '../follower';
import { sqlExecutorOf } from './sql-executor';
import { logTailFor, type LogTail } from '../host/log-tail';
import { TailSubscription } from '../host/tail-subscription';
import { TailFollower } from '../host/tail-follower';

interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  version: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: Date;
}

// ORDER BY must name events.transaction_id: the bare name would sort by this text alias ('1000' < '999').
const COLUMNS = 'global_position, transaction_id::text AS transaction_id, event_id, stream_id, version, type, data, metadata, created_at';

export function encodeCheckpoint(transactionId: string, position: string): Checkpoint {
  return `${transactionId}/${position}`;
}

export function decodeCheckpoint(checkpoint: Checkpoint): { transactionId: string; position: string } {
  if (!checkpoint) return { transactionId: '0', position: '0' };
  const [transactionId, position] = checkpoint.split('/');
  if (!transactionId || !position || !/^\d+$/.test(transactionId) || !/^\d+$/.test(position))
    throw new Error(`Malformed checkpoint: ${checkpoint}`);
  return { transactionId, position };
}

/**
 * Orders two checkpoints (-1, 0, 1): by transaction id, then position, both unbounded decimals.
 * Compared as digit strings (length, then characters), without splitting or BigInt: the log tail
 * compares every event it reads for every consumer, and the decoding version was the busiest
 * function of the server's main thread under bench:live's phase (a). A malformed one throws as
 * `decodeCheckpoint` does.
 */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a === b) return 0;
  const left = a || '0/0';
  const right = b || '0/0';
  const leftSlash = slashOf(left);
  const rightSlash = slashOf(right);
  return (
    compareDecimals(left, 0, leftSlash, right, 0, rightSlash) ||
    compareDecimals(left, leftSlash + 1, left.length, right, rightSlash + 1, right.length)
  );
}

function slashOf(checkpoint: string): number {
  const slash = checkpoint.indexOf('/');
  if (slash <= 0 || slash === checkpoint.length - 1 || checkpoint.indexOf('/', slash + 1) >= 0)
    throw new Error(`Malformed checkpoint: ${checkpoint}`);
  return slash;
}

/** Compares the decimal numbers in `a[aFrom, aTo)` and `b[bFrom, bTo)` (leading zeros allowed). */
function compareDecimals(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  const aStart = significant(a, aFrom, aTo);
  const bStart = significant(b, bFrom, bTo);
  const lengths = aTo - aStart - (bTo - bStart);
  if (lengths !== 0) return lengths < 0 ? -1 : 1;
  for (let i = aStart, j = bStart; i < aTo; i += 1, j += 1) {
    const difference = a.charCodeAt(i) - b.charCodeAt(j);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** The first significant digit of `text[from, to)` (its last digit when all are zeros); throws on a non-digit. */
function significant(text: string, from: number, to: number): number {
  let first = -1;
  for (let i = from; i < to; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) throw new Error(`Malformed checkpoint: ${text}`);
    if (first < 0 && code !== 48) first = i;
  }
  return first < 0 ? to - 1 : first;
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    version: Number(row.version),
    globalPosition: String(row.global_position),
    checkpoint: encodeCheckpoint(row.transaction_id, String(row.global_position)),
    createdAt: row.created_at,
  };
}

function expectedCode(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return -2;
  if (expected === 'stream_exists') return -3;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version: ${String(expected)}`);
  return expected;
}

/**
 * Whether an append notification (its payload is the stream id) can concern a reader with this
 * filter. Readers whose stream prefixes cannot match skip the read: on a busy log the account-status
 * followers (user- streams) would otherwise read after every bid. No payload means "look".
 */
export function notificationConcerns(filter: EventFilter | undefined, payload: string | undefined): boolean {
  const prefixes = filter?.streamPrefixes;
  if (!payload || !prefixes || prefixes.length === 0) return true;
  return prefixes.some((prefix) => payload.startsWith(prefix));
}

/** WHERE clauses (pushed onto `params`) that keep the events matching `filter`. */
function filterClauses(filter: EventFilter | undefined, params: unknown[]): string[] {
  const clauses: string[] = [];
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    params.push(filter.streamPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    clauses.push(`stream_id LIKE ANY($${params.length})`);
  }
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    params.push(filter.eventTypes);
    clauses.push(`type = ANY($${params.length})`);
  }
  return clauses;
}

/**
 * SQL and parameters of a catch-up read: only transactions older than every in-flight one.
 * `horizon` (a xid8 as text, from `pg_snapshot_xmin` of an earlier snapshot in the same session)
 * replaces the statement's own snapshot xmin, so the caller knows exactly which transactions the
 * read left out (see `heldBackQuery`). An earlier snapshot's xmin is never higher, so it is as safe.
 */
export function readAllQuery(options: ReadAllOptions & { horizon?: string }): { sql: string; params: unknown[] } {
  const after = decodeCheckpoint(options.after ?? START_CHECKPOINT);
  const params: unknown[] = [after.transactionId, after.position];
  const clauses = ['(transaction_id, global_position) > ($1::text::xid8, $2::bigint)'];
  // A transaction that began before this read may still commit with a lower position: stop at
  // the oldest in-flight transaction so nothing is skipped (docs/architecture.md section 2).
  if (options.horizon === undefined) clauses.push('transaction_id < pg_snapshot_xmin(pg_current_snapshot())');
  else {
    params.push(options.horizon);
    clauses.push(`transaction_id < $${params.length}::text::xid8`);
  }
  clauses.push(...filterClauses(options.filter, params));
  const limit = Math.max(1, Math.min(options.limit ?? 1000, 10_000));
  return {
    sql: `SELECT ${COLUMNS} FROM eventstore.events WHERE ${clauses.join(' AND ')} ORDER BY events.transaction_id, events.global_position LIMIT ${limit}`,
    params,
  };
}

/**
 * Whether committed events matching `filter` exist at or above `horizon`, i.e. events a read with
 * that horizon held back because some older transaction (of any database on the server: xids are
 * cluster-wide) was still in flight. Their NOTIFY has already been consumed, and the transaction
 * that held them back may notify nobody when it ends, so the reader must look again soon rather
 * than at the next poll. Cheap: an index range over the newest transaction ids only.
 */
export function heldBackQuery(horizon: string, filter: EventFilter | undefined): { sql: string; params: unknown[] } {
  const params: unknown[] = [horizon];
  const clauses = ['transaction_id >= $1::text::xid8', ...filterClauses(filter, params)];
  return { sql: `SELECT EXISTS (SELECT 1 FROM eventstore.events WHERE ${clauses.join(' AND ')}) AS held_back`, params };
}

/** The PostgreSQL adapter of the event store port (default). */
export class PostgresEventStore implements EventStore {
  private readonly subscriptions = new Set<TailSubscription<unknown>>();
  private readonly followers = new Set<TailFollower>();
  /** The one reader of the log its processors and followers share (the process's, when shared). */
  readonly tail: LogTail;

  constructor(
    private readonly pool: pg.Pool,
    options: { tail?: LogTail } = {},
  ) {
    this.tail = options.tail ?? logTailFor(pool);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
    if (result instanceof WrongExpectedVersionError) throw result;
    if (!result) throw new Error('append returned no result');
    return result;
  }

  appendMany(requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> {
    return appendManyWith(sqlExecutorOf(this.pool), requests);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM eventstore.events WHERE stream_id = $1 AND version >= $2 AND version <= $3 ORDER BY version`,
      [streamId, options.fromVersion ?? 1, options.toVersion ?? Number.MAX_SAFE_INTEGER],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return readAllWith({ query: async (sql, params) => (await this.pool.query(sql, params)).rows }, options);
  }

  async headCheckpoint(): Promise<Checkpoint> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `SELECT transaction_id::text AS transaction_id, global_position FROM eventstore.events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? encodeCheckpoint(row.transaction_id, String(row.global_position)) : START_CHECKPOINT;
  }

  compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
    return compareCheckpoints(a, b);
  }

  /** A checkpointed processor on the shared tail (docs/decisions.md, "One processor host and one log reader"). */
  async subscribe<TTx = SqlExecutor>(
    processorName: string,
    handler: BatchHandler<TTx>,
    options: SubscribeOptions<TTx> = {},
  ): Promise<Subscription> {
    const subscription = new TailSubscription<TTx>(this.pool, this.tail, processorName, handler, options, () => {
      this.subscriptions.delete(subscription as TailSubscription<unknown>);
    });
    this.subscriptions.add(subscription as TailSubscription<unknown>);
    subscription.start();
    return subscription;
  }

  /** A live reader on the shared tail, from the head (or `after`). */
  async follow(handler: FollowHandler, options: FollowOptions = {}): Promise<Follower> {
    const start = options.after ?? (await this.headCheckpoint());
    const follower: TailFollower = new TailFollower(sqlExecutorOf(this.pool), this.tail, handler, start, options, () => {
      this.followers.delete(follower);
    });
    this.followers.add(follower);
    return follower;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await Promise.all([...this.followers].map((follower) => follower.stop()));
  }
}

export async function readAllWith(exec: SqlExecutor, options: ReadAllOptions & { horizon?: string }): Promise<RecordedEvent[]> {
  const { sql, params } = readAllQuery(options);
  const rows = await exec.query<EventRow>(sql, params);
  return rows.map(toRecorded);
}

/**
 * `appendMany` through any executor: the adapter runs it on its pool, and a service whose rows live
 * in the same database may run it on its own open transaction, so the rows and their events commit
 * (and become visible, the notification included) together or not at all.
 */
export async function appendManyWith(
  exec: SqlExecutor,
  requests: AppendRequest[],
): Promise<Array<AppendResult | WrongExpectedVersionError>> {
  if (requests.length === 0) return [];
  for (const request of requests) if (request.events.length === 0) throw new RangeError(`No events to append to ${request.streamId}`);
  const payload = requests.map((request) => ({
    streamId: request.streamId,
    expected: expectedCode(request.expectedVersion),
    eventIds: request.events.map((event) => event.eventId ?? randomUUID()),
    types: request.events.map((event) => event.type),
    data: request.events.map((event) => event.data ?? null),
    metadata: request.events.map((event) => event.metadata),
  }));
  const rows = await exec.query<{
    idx: number;
    next_version: string | null;
    last_position: string | null;
    actual_version: string | null;
    conflict: boolean;
  }>('SELECT idx, next_version, last_position, actual_version, conflict FROM eventstore.append_many($1::jsonb)', [JSON.stringify(payload)]);
  return requests.map((request, index) => {
    const row = rows.find((candidate) => Number(candidate.idx) === index);
    if (!row) throw new Error(`append_many returned no row for ${request.streamId}`);
    if (row.conflict)
      return new WrongExpectedVersionError(
        request.streamId,
        request.expectedVersion,
        row.actual_version === null ? null : Number(row.actual_version),
      );
    return { nextVersion: Number(row.next_version), globalPosition: String(row.last_position) };
  });
}
