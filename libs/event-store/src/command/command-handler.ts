import type { EventMetadata, ExpectedVersion, NewEvent, RecordedEvent } from '../event-store.port';
import { WrongExpectedVersionError } from '../event-store.port';
import type { Decider, EventCodec } from './decider';
import { KeyedQueue } from './keyed-queue';

/** Where appends go: the event store itself or a GroupCommitter in front of it. */
export interface AppendTarget {
  append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion: ExpectedVersion },
  ): Promise<{ nextVersion: number; globalPosition: string }>;
}

export interface StreamReader {
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]>;
}

export type HandleResult<TEvent, TState, TResult> =
  | {
      ok: true;
      /** Events appended by this command (empty when the command was a no-op, e.g. an idempotent retry). */
      events: TEvent[];
      state: TState;
      version: number;
      globalPosition: string | null;
      result?: TResult;
    }
  | { ok: false; code: string; message: string; state: TState; version: number };

export interface CommandHandlerOptions<TEvent> {
  codec: EventCodec<TEvent>;
  /** Streams kept in memory between commands (least recently used evicted). */
  cacheSize?: number;
  /** Attempts when another writer appended first. */
  maxConflictRetries?: number;
  /** Called after a successful append (e.g. to wake local projections). */
  onAppended?: (streamId: string, version: number, globalPosition: string) => void;
}

interface CachedStream<TState> {
  state: TState;
  version: number;
}

/**
 * The one command path: load (from the cache, else by folding the stream), decide, append with the
 * expected version, update the cache. Commands for one stream are serialised in process; a version
 * conflict (another instance appended first) drops the cache and retries from fresh state.
 */
export class CommandHandler<TCommand, TEvent, TState, TResult = unknown> {
  private readonly queue = new KeyedQueue();
  private readonly cache = new Map<string, CachedStream<TState>>();
  private readonly cacheSize: number;
  private readonly maxRetries: number;

  constructor(
    private readonly reader: StreamReader,
    private readonly writer: AppendTarget,
    private readonly decider: Decider<TCommand, TEvent, TState, TResult>,
    private readonly options: CommandHandlerOptions<TEvent>,
  ) {
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxRetries = options.maxConflictRetries ?? 5;
  }

  handle(streamId: string, command: TCommand, metadata: EventMetadata): Promise<HandleResult<TEvent, TState, TResult>> {
    return this.queue.run(streamId, () => this.handleNow(streamId, command, metadata));
  }

  /** Current state and version of a stream (cached or folded), read through the same queue. */
  async load(streamId: string): Promise<CachedStream<TState>> {
    const { state, version } = await this.queue.run(streamId, () => this.loadNow(streamId, true));
    return { state, version };
  }

  /** Forgets cached state, e.g. after a test rewinds the database. */
  forget(streamId?: string): void {
    if (streamId === undefined) this.cache.clear();
    else this.cache.delete(streamId);
  }

  private async handleNow(streamId: string, command: TCommand, metadata: EventMetadata): Promise<HandleResult<TEvent, TState, TResult>> {
    let verifyFresh = false;
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.loadNow(streamId, verifyFresh);
      const decision = this.decider.decide(command, current.state);
      if (!decision.ok && current.fromCache && !verifyFresh) {
        // A rejection appends nothing, so no version check would catch a stale cache (say another
        // instance's scheduler opened the lot): confirm against the stream before refusing.
        verifyFresh = true;
        attempt -= 1;
        continue;
      }
      if (!decision.ok) {
        return { ok: false, code: decision.code, message: decision.message, state: current.state, version: current.version };
      }
      if (decision.events.length === 0) {
        return { ok: true, events: [], state: current.state, version: current.version, globalPosition: null, result: decision.result };
      }
      const expectedVersion: ExpectedVersion = current.version === 0 ? 'no_stream' : current.version;
      try {
        const appended = await this.writer.append(
          streamId,
          decision.events.map((event) => ({ ...this.options.codec.encode(event), metadata })),
          { expectedVersion },
        );
        const state = decision.events.reduce((acc, event) => this.decider.evolve(acc, event), current.state);
        this.remember(streamId, { state, version: appended.nextVersion });
        this.options.onAppended?.(streamId, appended.nextVersion, appended.globalPosition);
        return {
          ok: true,
          events: decision.events,
          state,
          version: appended.nextVersion,
          globalPosition: appended.globalPosition,
          result: decision.result,
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < this.maxRetries) {
          this.cache.delete(streamId);
          continue;
        }
        this.cache.delete(streamId);
        throw error;
      }
    }
  }

  /**
   * The cached state is trusted on the hot path: if another instance appended meanwhile, our append
   * fails its version check and the command is retried from fresh state. `fresh` reads the tail.
   */
  private async loadNow(streamId: string, fresh = false): Promise<CachedStream<TState> & { fromCache: boolean }> {
    const cached = this.cache.get(streamId);
    if (cached) {
      if (!fresh) {
        this.touch(streamId, cached);
        return { ...cached, fromCache: true };
      }
      const newer = await this.reader.readStream(streamId, { fromVersion: cached.version + 1 });
      const refreshed = newer.length === 0 ? cached : this.fold(cached, newer);
      this.remember(streamId, refreshed);
      return { ...refreshed, fromCache: false };
    }
    const events = await this.reader.readStream(streamId);
    const loaded = this.fold({ state: this.decider.initialState(), version: 0 }, events);
    if (loaded.version > 0) this.remember(streamId, loaded);
    return { ...loaded, fromCache: false };
  }

  private fold(start: CachedStream<TState>, events: RecordedEvent[]): CachedStream<TState> {
    let { state, version } = start;
    for (const recorded of events) {
      const event = this.options.codec.decode(recorded.type, recorded.data);
      if (event !== null) state = this.decider.evolve(state, event);
      version = recorded.version;
    }
    return { state, version };
  }

  private remember(streamId: string, entry: CachedStream<TState>): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  private touch(streamId: string, entry: CachedStream<TState>): void {
    this.cache.delete(streamId);
    this.cache.set(streamId, entry);
  }
}
