import { LogFollower, type Follower, type FollowHandler, type FollowOptions } from '../follower';
import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type JSONType,
  type Position,
} from '@eventstore/db-client';
import type pg from 'pg';
import {
  START_CHECKPOINT,
  WrongExpectedVersionError,
  type AppendRequest,
  type AppendResult,
  type BatchHandler,
  type Checkpoint,
  type EventFilter,
  type EventMetadata,
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
import {
  actualVersionOf,
  compareEsdbCheckpoints,
  compareEsdbPositions,
  decodeEsdbCheckpoint,
  encodeEsdbCheckpoint,
  filterKey,
  matchesFilter,
  revisionOfVersion,
  toExpectedRevision,
  versionOfRevision,
} from './esdb-mapping';
import { EsdbSubscription } from './esdb-subscription';

/** Events fetched per $all read request (filtering happens client-side, so pages are larger than `limit`). */
const READ_ALL_PAGE = 1000;
const MAX_READ_LIMIT = 10_000;
/** Remembered "nothing matches between this checkpoint and here" scan positions (see `readAllFrom`). */
const SCAN_MEMO_SIZE = 1000;

/** The fields of a recorded ESDB event this adapter uses (JSON and binary events alike). */
interface EsdbRecordedEvent {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
}

/**
 * The EventStoreDB / KurrentDB adapter of the event store port (docs/architecture.md section 2), on
 * `@eventstore/db-client` 6.
 *
 * - Appends use ESDB's expected revision (our version n = ESDB revision n - 1). Events are JSON
 *   events: `type` is the ESDB event type, `data` the JSON body, our `EventMetadata` the ESDB
 *   metadata JSON, `eventId` the ESDB event id (a UUID, generated when absent).
 * - `appendMany` runs the appends concurrently. ESDB has no multi-stream transaction: each request
 *   is atomic on its own and succeeds or fails alone, which is all the port promises.
 * - Checkpoints encode the $all position (commit, prepare) as fixed-width sortable text;
 *   `globalPosition` is the commit position as a decimal string.
 * - Processors (`subscribe`) keep their checkpoint in PostgreSQL (`eventstore.checkpoints` on the
 *   given pool; run `migrateEventStoreSchema` on it) so it commits with their read models, with the
 *   same advisory-lock leadership as the PostgreSQL adapter (see `EsdbSubscription`).
 * - System events ($-prefixed streams or types) are never returned.
 *
 * Status: the pure mappings are unit-tested; the adapter itself is type-checked only. The shared
 * contract suite runs against it when EVENTSTORE_URL is set; no ESDB server can run on our build
 * machines, so it has not run against a live server here.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly ownsClient: boolean;
  private readonly subscriptions = new Set<EsdbSubscription<unknown>>();
  private readonly followers = new Set<LogFollower>();
  /** Key: (checkpoint, filter) → position up to which $all was scanned after it without a match. */
  private readonly scanMemo = new Map<string, Position>();

  /**
   * @param client an `EventStoreDBClient`, or a connection string (`esdb://host:2113?tls=false`) for
   *   one this store creates and disposes in `close()`. A client passed in is left open.
   * @param checkpointPool PostgreSQL pool holding `eventstore.checkpoints` (processor checkpoints
   *   and leadership locks); not ended by `close()`.
   */
  constructor(
    client: EventStoreDBClient | string,
    private readonly checkpointPool: pg.Pool,
  ) {
    this.ownsClient = typeof client === 'string';
    this.client = typeof client === 'string' ? EventStoreDBClient.connectionString(client) : client;
  }

  /** Same as `new EventStoreDbEventStore(connectionString, checkpointPool)`: the store owns (and disposes) the client. */
  static fromConnectionString(connectionString: string, checkpointPool: pg.Pool): EventStoreDbEventStore {
    return new EventStoreDbEventStore(connectionString, checkpointPool);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`No events to append to ${streamId}`);
    const expectedRevision = toExpectedRevision(options.expectedVersion);
    const proposed = events.map((event) =>
      jsonEvent({
        id: event.eventId ?? randomUUID(),
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: event.metadata as JSONType,
      }),
    );
    let result;
    try {
      result = await this.client.appendToStream(streamId, proposed, { expectedRevision });
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, actualVersionOf(error.actualVersion));
      }
      throw error;
    }
    // Only with a client built with `throwOnAppendFailure: false`: the conflict comes back as a result.
    if (!result.success) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, actualVersionOf(result.nextExpectedRevision));
    }
    const position = result.position ?? (await this.lastPositionOf(streamId));
    return { nextVersion: versionOfRevision(result.nextExpectedRevision), globalPosition: (position?.commit ?? 0n).toString() };
  }

  /** Concurrent appends; each request is atomic alone (ESDB has no multi-stream transaction). */
  async appendMany(requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> {
    for (const request of requests) if (request.events.length === 0) throw new RangeError(`No events to append to ${request.streamId}`);
    return Promise.all(
      requests.map(async (request) => {
        try {
          return await this.append(request.streamId, request.events, { expectedVersion: request.expectedVersion });
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) return error;
          throw error;
        }
      }),
    );
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = Math.max(1, options.fromVersion ?? 1);
    const to = options.toVersion;
    if (to !== undefined && to < from) return [];
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: revisionOfVersion(from),
        direction: FORWARDS,
        ...(to === undefined ? {} : { maxCount: to - from + 1 }),
      });
      for await (const resolved of read) {
        const event = resolved.event as EsdbRecordedEvent | undefined;
        if (event) out.push(toRecorded(event, event.position));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAllFrom(options.after ?? START_CHECKPOINT, options.limit ?? 1000, options.filter);
  }

  /** Position of the last event in $all (whatever its stream): a reader after it sees nothing yet. */
  async headCheckpoint(): Promise<Checkpoint> {
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })) {
      const position = resolved.event?.position;
      if (position) return encodeEsdbCheckpoint(position);
    }
    return START_CHECKPOINT;
  }

  compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
    return compareEsdbCheckpoints(a, b);
  }

  async subscribe<TTx = SqlExecutor>(
    processorName: string,
    handler: BatchHandler<TTx>,
    options: SubscribeOptions<TTx> = {},
  ): Promise<Subscription> {
    const subscription: EsdbSubscription<TTx> = new EsdbSubscription<TTx>(
      this.client,
      this.checkpointPool,
      processorName,
      handler,
      options,
      (_exec, read) => this.readAllFrom(read.after, read.limit, read.filter),
      () => this.subscriptions.delete(subscription as EsdbSubscription<unknown>),
    );
    this.subscriptions.add(subscription as EsdbSubscription<unknown>);
    subscription.start();
    return subscription;
  }

  /**
   * Polls $all (EventStoreDB has no snapshot horizon, so nothing is ever held back). Untested on
   * these machines: no EventStoreDB server can run here (see docs/decisions.md).
   */
  async follow(handler: FollowHandler, options: FollowOptions = {}): Promise<Follower> {
    const start = options.after ?? (await this.headCheckpoint());
    const follower = new LogFollower(
      { read: async (after, limit, filter) => ({ events: await this.readAllFrom(after, limit, filter), heldBack: false }) },
      handler,
      start,
      { pollIntervalMs: 100, ...options },
      () => {
        this.followers.delete(follower);
      },
    );
    this.followers.add(follower);
    return follower;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await Promise.all([...this.followers].map((follower) => follower.stop()));
    if (this.ownsClient) await this.client.dispose();
  }

  /**
   * Up to `limit` events after `after` that pass `filter`, in $all order. The client's `readAll`
   * has no server-side filter, so $all is read in pages and filtered here. To keep a selective
   * processor from re-scanning the same non-matching tail on every poll, the position reached at the
   * end of $all is remembered for (last returned checkpoint, filter); $all only grows at its end, so
   * nothing can later appear in the scanned range.
   */
  private async readAllFrom(after: Checkpoint, limit: number, filter: EventFilter | undefined): Promise<RecordedEvent[]> {
    const max = Math.max(1, Math.min(limit, MAX_READ_LIMIT));
    const filterText = filterKey(filter);
    const memoKey = `${after}|${filterText}`;
    // Reads from a position include the event at it; everything at or before `scanned` is skipped.
    let scanned: Position | null = this.scanMemo.get(memoKey) ?? decodeEsdbCheckpoint(after);
    const out: RecordedEvent[] = [];
    for (;;) {
      let count = 0;
      for await (const resolved of this.client.readAll({ fromPosition: scanned ?? START, direction: FORWARDS, maxCount: READ_ALL_PAGE })) {
        count += 1;
        const event = (resolved as AllStreamResolvedEvent).event as EsdbRecordedEvent | undefined;
        const position = event?.position;
        if (!event || !position || (scanned && compareEsdbPositions(position, scanned) <= 0)) continue;
        scanned = position;
        if (out.length < max && matchesFilter(event.streamId, event.type, filter)) out.push(toRecorded(event, position));
      }
      if (out.length >= max) return out;
      if (count < READ_ALL_PAGE) break;
    }
    if (scanned) this.rememberScan(`${out.length > 0 ? out[out.length - 1]!.checkpoint : after}|${filterText}`, scanned);
    return out;
  }

  private rememberScan(key: string, position: Position): void {
    this.scanMemo.delete(key);
    this.scanMemo.set(key, position);
    if (this.scanMemo.size > SCAN_MEMO_SIZE) {
      const oldest = this.scanMemo.keys().next();
      if (!oldest.done) this.scanMemo.delete(oldest.value);
    }
  }

  /** Fallback when an append result carries no position (e.g. an idempotent retry). */
  private async lastPositionOf(streamId: string): Promise<Position | undefined> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
      return resolved.event?.position;
    }
    return undefined;
  }
}

function toRecorded(event: EsdbRecordedEvent, position: Position | undefined): RecordedEvent {
  const at = position ?? { commit: 0n, prepare: 0n };
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as EventMetadata,
    streamId: event.streamId,
    version: versionOfRevision(event.revision),
    globalPosition: at.commit.toString(),
    checkpoint: encodeEsdbCheckpoint(at),
    createdAt: event.created,
  };
}
