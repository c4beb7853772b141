import { randomUUID } from 'node:crypto';
import {
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
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
import { PostgresSubscription } from '../postgres/postgres-subscription';
import {
  actualVersionOf,
  compareEsdbCheckpoints,
  decodeEsdbCheckpoint,
  encodeEsdbCheckpoint,
  matchesFilter,
  toExpectedRevision,
  versionOfRevision,
} from './esdb-mapping';

interface EsdbRecorded {
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
 * The EventStoreDB / KurrentDB adapter of the event store port (ARCHITECTURE.md section 2).
 * Events live in EventStoreDB; processors keep their checkpoints (and read models) in PostgreSQL, so
 * a batch's projection rows and checkpoint still commit in one PostgreSQL transaction, with the same
 * advisory-lock leadership as the PostgreSQL adapter. $all is in commit order, so no out-of-order
 * problem exists here. `appendMany` is atomic per request (EventStoreDB has no multi-stream write).
 *
 * Status: type-checked and unit-tested mappings; runs the shared contract suite only when
 * EVENTSTORE_URL points at a server (none is available on our CI machines).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<PostgresSubscription<unknown>>();
  private wakeFeed: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    /** PostgreSQL for processor checkpoints and leadership. */
    private readonly checkpoints: pg.Pool,
  ) {}

  static fromConnectionString(connectionString: string, checkpoints: pg.Pool): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), checkpoints);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`No events to append to ${streamId}`);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.eventId ?? randomUUID(),
            type: event.type,
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata,
          }),
        ),
        { expectedRevision: toExpectedRevision(options.expectedVersion) },
      );
      return {
        nextVersion: versionOfRevision(result.nextExpectedRevision),
        globalPosition: (result.position?.commit ?? 0n).toString(),
      };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, actualVersionOf(error.actualVersion));
      }
      throw error;
    }
  }

  async appendMany(requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> {
    return Promise.all(
      requests.map((request) =>
        this.append(request.streamId, request.events, { expectedVersion: request.expectedVersion }).catch((error: unknown) => {
          if (error instanceof WrongExpectedVersionError) return error;
          throw error;
        }),
      ),
    );
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = Math.max(1, options.fromVersion ?? 1);
    const to = options.toVersion ?? Number.MAX_SAFE_INTEGER;
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(from - 1), direction: FORWARDS })) {
        const event = resolved.event as EsdbRecorded | undefined;
        if (!event) continue;
        const recorded = toRecorded(event);
        if (recorded.version > to) break;
        out.push(recorded);
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

  async headCheckpoint(): Promise<Checkpoint> {
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: 'backwards', maxCount: 100 })) {
      const event = resolved.event as EsdbRecorded | undefined;
      if (event?.position && matchesFilter(event.streamId, event.type, undefined)) return encodeEsdbCheckpoint(event.position);
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
    const subscription = new PostgresSubscription<TTx>(
      this.checkpoints,
      processorName,
      handler,
      options,
      () => this.subscriptions.delete(subscription as PostgresSubscription<unknown>),
      (_exec, read) => this.readAllFrom(read.after, read.limit, read.filter),
    );
    this.subscriptions.add(subscription as PostgresSubscription<unknown>);
    this.ensureWakeFeed();
    subscription.start();
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.wakeFeed?.unsubscribe().catch(() => undefined);
    this.wakeFeed = null;
    await this.client.dispose();
  }

  /** Reads $all after a checkpoint, filtering client-side, until `limit` matches or the end. */
  private async readAllFrom(after: Checkpoint, limit: number, filter: EventFilter | undefined): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    const start = decodeEsdbCheckpoint(after);
    const page = Math.max(limit, 100);
    let fromPosition: Position | typeof START = start ?? START;
    let skipFirst = start !== null;
    for (;;) {
      let read = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({ fromPosition, direction: FORWARDS, maxCount: page })) {
        read += 1;
        const event = (resolved as AllStreamResolvedEvent).event as EsdbRecorded | undefined;
        if (!event?.position) continue;
        last = event.position;
        // readAll from a position includes the event at that position: it was already delivered.
        if (skipFirst && start && event.position.commit === start.commit && event.position.prepare === start.prepare) continue;
        if (!matchesFilter(event.streamId, event.type, filter)) continue;
        out.push(toRecorded(event));
        if (out.length >= limit) return out;
      }
      if (read < page || !last) return out;
      fromPosition = last;
      skipFirst = true;
    }
  }

  /** One live $all subscription per store nudges its processors instead of waiting for the poll. */
  private ensureWakeFeed(): void {
    if (this.wakeFeed) return;
    const feed = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    feed.on('data', () => {
      for (const subscription of this.subscriptions) subscription.nudge();
    });
    feed.on('error', () => {
      // Polling still delivers; re-create the feed on the next subscribe.
      if (this.wakeFeed === feed) this.wakeFeed = null;
    });
    this.wakeFeed = feed;
  }
}

function toRecorded(event: EsdbRecorded): RecordedEvent {
  const position = event.position ?? { commit: 0n, prepare: 0n };
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: (event.metadata ?? {}) as EventMetadata,
    streamId: event.streamId,
    version: versionOfRevision(event.revision),
    globalPosition: position.commit.toString(),
    checkpoint: encodeEsdbCheckpoint(position),
    createdAt: event.created,
  };
}
