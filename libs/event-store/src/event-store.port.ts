import type { Follower, FollowHandler, FollowOptions } from './follower';
/**
 * The event store port (docs/architecture.md section 2). Two adapters implement it: PostgreSQL (default)
 * and EventStoreDB/KurrentDB. Both must pass the same contract suite (`event-store.contract.ts`).
 */

/** Expected version of a stream before an append. Stream versions start at 1 (first event). */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export interface EventMetadata {
  brand: string;
  actorId?: string | null;
  correlationId?: string;
  causationId?: string;
  /** ISO-8601 instant of the business fact (the command's `now`), not of the insert. */
  occurredAt: string;
  [key: string]: unknown;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
  metadata: EventMetadata;
  /** Optional client-chosen UUID; generated when absent. Consumers dedupe by it. */
  eventId?: string;
}

/**
 * Opaque, totally ordered position in the global log. For PostgreSQL it encodes
 * (transaction_id, global_position); for EventStoreDB (commit, prepare). Compare only with
 * `compareCheckpoints` of the adapter that produced it; persist it as text.
 */
export type Checkpoint = string;
export const START_CHECKPOINT: Checkpoint = '';

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  eventId: string;
  type: TType;
  data: TData;
  metadata: EventMetadata;
  streamId: string;
  /** 1-based, contiguous within the stream. */
  version: number;
  /** Monotonic insert counter (decimal string: may exceed 2^53). */
  globalPosition: string;
  /** Where a reader that processed this event resumes. */
  checkpoint: Checkpoint;
  createdAt: Date;
}

export interface AppendResult {
  /** Version of the stream after the append (= version of its last event). */
  nextVersion: number;
  /** Global position of the last appended event. */
  globalPosition: string;
}

export interface AppendRequest {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface EventFilter {
  /** Keep events whose stream id starts with one of these prefixes. */
  streamPrefixes?: string[];
  /** Keep events of these types. */
  eventTypes?: string[];
}

export interface ReadStreamOptions {
  /** Inclusive. */
  fromVersion?: number;
  /** Inclusive. */
  toVersion?: number;
}

export interface ReadAllOptions {
  after?: Checkpoint;
  limit?: number;
  filter?: EventFilter;
}

/** SQL runner bound to the processor's transaction (pg client or TypeORM EntityManager both fit). */
export interface SqlExecutor {
  query<TRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<TRow[]>;
}

/**
 * Runs one unit of work in a PostgreSQL transaction. Processors write their checkpoint through
 * the same executor, so projection rows and checkpoint commit together. `TTx` is what the handler
 * receives (for example a TypeORM EntityManager).
 */
export type TransactionRunner<TTx> = <TResult>(work: (exec: SqlExecutor, tx: TTx) => Promise<TResult>) => Promise<TResult>;

export type BatchHandler<TTx> = (events: RecordedEvent[], tx: TTx) => Promise<void>;

export interface SubscribeOptions<TTx> {
  filter?: EventFilter;
  batchSize?: number;
  /** Defaults to a transaction on the adapter's own PostgreSQL pool (tx is then the SqlExecutor). */
  transaction?: TransactionRunner<TTx>;
  /** Poll interval when no notification arrives (ms). */
  pollIntervalMs?: number;
  /** Called when a batch fails; the batch is retried after back-off. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  readonly processorName: string;
  /** Resolves once this instance holds the processor's lock and has caught up to the head once. */
  caughtUp(): Promise<void>;
  /** True while this instance holds the processor lock. */
  isLeader(): boolean;
  stop(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /** Appends to several streams in one round trip; each request succeeds or fails alone. */
  appendMany(requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Checkpoint of the newest event currently visible to readers. */
  headCheckpoint(): Promise<Checkpoint>;
  compareCheckpoints(a: Checkpoint, b: Checkpoint): number;
  subscribe<TTx = SqlExecutor>(processorName: string, handler: BatchHandler<TTx>, options?: SubscribeOptions<TTx>): Promise<Subscription>;
  /** Reads the log live with no checkpoint row and no lock: every caller gets every event. */
  follow(handler: FollowHandler, options?: FollowOptions): Promise<Follower>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'eventstore.wrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual === null ? 'no stream' : actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}
