import type { EventMetadata, ExpectedVersion, NewEvent, RecordedEvent } from '../event-store.port';
import { WrongExpectedVersionError } from '../event-store.port';
import type { Decider, Decision, EventCodec } from './decider';
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
  /** Most commands of one stream decided together and appended in one round trip. */
  maxBatch?: number;
  /** Attempts when another writer appended first. */
  maxConflictRetries?: number;
  /** Called after a successful append (e.g. to wake local projections). */
  onAppended?: (streamId: string, version: number, globalPosition: string) => void;
}

interface PendingCommand<TCommand, TEvent, TState, TResult> {
  command: TCommand;
  metadata: EventMetadata;
  resolve: (result: HandleResult<TEvent, TState, TResult>) => void;
  reject: (error: unknown) => void;
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
  private readonly waiting = new Map<string, Array<PendingCommand<TCommand, TEvent, TState, TResult>>>();
  private readonly cacheSize: number;
  private readonly maxRetries: number;
  private readonly maxBatch: number;

  constructor(
    private readonly reader: StreamReader,
    private readonly writer: AppendTarget,
    private readonly decider: Decider<TCommand, TEvent, TState, TResult>,
    private readonly options: CommandHandlerOptions<TEvent>,
  ) {
    this.cacheSize = options.cacheSize ?? 10_000;
    this.maxRetries = options.maxConflictRetries ?? 5;
    this.maxBatch = options.maxBatch ?? 200;
  }

  /**
   * Runs a command. Commands for one stream are decided one after another in arrival order; those
   * that arrive while the stream is busy are decided together and appended in one round trip
   * (each on the state the previous ones left), which is what makes a hot lot fast.
   */
  handle(streamId: string, command: TCommand, metadata: EventMetadata): Promise<HandleResult<TEvent, TState, TResult>> {
    return new Promise((resolve, reject) => {
      const entry: PendingCommand<TCommand, TEvent, TState, TResult> = { command, metadata, resolve, reject };
      const waiting = this.waiting.get(streamId);
      if (waiting && waiting.length < this.maxBatch) {
        waiting.push(entry);
        return;
      }
      const batch = [entry];
      this.waiting.set(streamId, batch);
      void this.queue.run(streamId, async () => {
        if (this.waiting.get(streamId) === batch) this.waiting.delete(streamId);
        await this.handleBatch(streamId, batch);
      });
    });
  }

  /** Current state and version of a stream (cached or folded), read through the same queue. */
  async load(streamId: string): Promise<CachedStream<TState>> {
    const { state, version } = await this.queue.run(streamId, () => this.loadNow(streamId, true));
    return { state, version };
  }

  /**
   * The cached state of a stream, if any, without waiting for the stream's queue or reading the
   * store: it may be behind the stream (another instance appended). For facts that never change once
   * written (a lot's owner brand), or as a hint that the authoritative path then checks.
   */
  cached(streamId: string): CachedStream<TState> | undefined {
    const cached = this.cache.get(streamId);
    return cached ? { state: cached.state, version: cached.version } : undefined;
  }

  /** Forgets cached state, e.g. after a test rewinds the database. */
  forget(streamId?: string): void {
    if (streamId === undefined) this.cache.clear();
    else this.cache.delete(streamId);
  }

  private async handleBatch(streamId: string, batch: Array<PendingCommand<TCommand, TEvent, TState, TResult>>): Promise<void> {
    let verifyFresh = false;
    for (let attempt = 0; ; attempt += 1) {
      let current: CachedStream<TState> & { fromCache: boolean };
      try {
        current = await this.loadNow(streamId, verifyFresh);
      } catch (error) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      let { state, version } = current;
      const outcomes: Array<{
        entry: PendingCommand<TCommand, TEvent, TState, TResult>;
        outcome: HandleResult<TEvent, TState, TResult> | { error: unknown };
      }> = [];
      const toAppend: NewEvent[] = [];
      let unconfirmedRefusal = false;
      for (const entry of batch) {
        let decision: Decision<TEvent, TResult>;
        try {
          decision = this.decider.decide(entry.command, state);
        } catch (error) {
          outcomes.push({ entry, outcome: { error } });
          continue;
        }
        if (!decision.ok) {
          // A refusal decided on cached state may be stale (say another instance's scheduler opened
          // the lot); it is confirmed below, by this batch's append or by reading the stream.
          if (current.fromCache && !verifyFresh) unconfirmedRefusal = true;
          outcomes.push({ entry, outcome: { ok: false, code: decision.code, message: decision.message, state, version } });
          continue;
        }
        if (decision.events.length === 0) {
          outcomes.push({ entry, outcome: { ok: true, events: [], state, version, globalPosition: null, result: decision.result } });
          continue;
        }
        state = decision.events.reduce((acc, event) => this.decider.evolve(acc, event), state);
        version += decision.events.length;
        toAppend.push(...decision.events.map((event) => ({ ...this.options.codec.encode(event), metadata: entry.metadata })));
        outcomes.push({
          entry,
          outcome: { ok: true, events: decision.events, state, version, globalPosition: null, result: decision.result },
        });
      }
      if (unconfirmedRefusal && toAppend.length === 0) {
        // Nothing to append, so no version check would catch a stale cache: read the stream's tail.
        // (When the batch appends, its expected version proves the cached state was the stream's,
        // so the refusals decided on it stand; a conflict retries the whole batch from fresh state.)
        verifyFresh = true;
        attempt -= 1;
        continue;
      }
      if (toAppend.length > 0) {
        const expectedVersion: ExpectedVersion = current.version === 0 ? 'no_stream' : current.version;
        try {
          const appended = await this.writer.append(streamId, toAppend, { expectedVersion });
          this.remember(streamId, { state, version: appended.nextVersion });
          this.options.onAppended?.(streamId, appended.nextVersion, appended.globalPosition);
          for (const { outcome } of outcomes)
            if ('ok' in outcome && outcome.ok && outcome.events.length > 0) outcome.globalPosition = appended.globalPosition;
        } catch (error) {
          this.cache.delete(streamId);
          if (error instanceof WrongExpectedVersionError && attempt < this.maxRetries) continue;
          for (const entry of batch) entry.reject(error);
          return;
        }
      }
      for (const { entry, outcome } of outcomes) {
        if ('error' in outcome) entry.reject(outcome.error);
        else entry.resolve(outcome);
      }
      return;
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
