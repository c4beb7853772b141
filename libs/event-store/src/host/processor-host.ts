import {
  START_CHECKPOINT,
  type Checkpoint,
  type EventStore,
  type RecordedEvent,
  type SqlExecutor,
  type Subscription,
  type TransactionRunner,
} from '../event-store.port';
import { FollowFromStart } from '../follow-from-start';
import type { DefinedProcessor, ProcessorDefinition } from './processor-definition';

export interface ProcessorHostOptions {
  store: EventStore;
  /** Transaction of checkpointed processors that bring none (the checkpoint commits in it). */
  transaction: TransactionRunner<unknown>;
  /** Reads a checkpoint row for `waitFor` when another instance leads. */
  exec?: SqlExecutor;
  /** Whether this process runs a processor (the services' env flags); default: its own `enabled`, else yes. */
  enabled?: (definition: ProcessorDefinition<unknown>) => boolean;
  log?: { error(message: string, fields?: Record<string, unknown>): void };
  /** Safety poll (tests shorten it). */
  pollIntervalMs?: number;
  /** Wraps each batch's handling (the platform's tracing puts a span around it); default: runs it. */
  aroundBatch?: (processor: string, events: number, handle: () => Promise<void>) => Promise<void>;
}

type Listener = (events: RecordedEvent[]) => void;

/** A started processor: what callers wait on. */
export interface RunningProcessor {
  readonly name: string;
  caughtUp(): Promise<void>;
  /** Checkpoint of the last batch this instance committed (followers: handled). */
  position(): Checkpoint;
  /** Called after each batch this instance committed, outside the transaction. */
  onCommitted(listener: Listener): () => void;
  /** Read-your-writes: resolves true once the processor has handled the log up to `checkpoint`, false on time-out. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
}

const WAIT_POLL_MS = 100;

class Running implements RunningProcessor {
  private readonly listeners = new Set<Listener>();
  private committed: Checkpoint = START_CHECKPOINT;
  stopHandle: () => Promise<void> = async () => undefined;
  onStopped: () => void = () => undefined;
  caughtUpHandle: () => Promise<void> = async () => undefined;

  constructor(
    readonly name: string,
    private readonly store: EventStore,
    private readonly exec: SqlExecutor | undefined,
  ) {}

  caughtUp(): Promise<void> {
    return this.caughtUpHandle();
  }

  position(): Checkpoint {
    return this.committed;
  }

  onCommitted(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(events: RecordedEvent[]): void {
    if (events.length === 0) return;
    const last = events[events.length - 1]!.checkpoint;
    if (!this.committed || this.store.compareCheckpoints(last, this.committed) > 0) this.committed = last;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch {
        // a waiter's failure is its own
      }
    }
  }

  private async reached(checkpoint: Checkpoint): Promise<boolean> {
    if (this.committed && this.store.compareCheckpoints(this.committed, checkpoint) >= 0) return true;
    if (!this.exec) return false;
    // Another instance may lead: its checkpoint row tells.
    const [row] = await this.exec.query<{ checkpoint: string }>('SELECT checkpoint FROM eventstore.checkpoints WHERE processor_name = $1', [
      this.name,
    ]);
    return !!row?.checkpoint && this.store.compareCheckpoints(row.checkpoint, checkpoint) >= 0;
  }

  async waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    if (!checkpoint || (await this.reached(checkpoint))) return true;
    return new Promise<boolean>((resolve) => {
      let done = false;
      const finish = (value: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timeout);
        clearInterval(poll);
        unsubscribe();
        resolve(value);
      };
      const check = (): void => {
        this.reached(checkpoint)
          .then((ok) => (ok ? finish(true) : undefined))
          .catch(() => undefined);
      };
      const unsubscribe = this.onCommitted(() => check());
      const poll = setInterval(check, WAIT_POLL_MS);
      const timeout = setTimeout(() => finish(false), timeoutMs);
    });
  }
}

/**
 * Runs a service's processors (docs/architecture.md, "Processor host"): starts each definition in
 * its mode on the service's event store, reports failures (retried with back-off by the
 * subscription; last one on the status page through `processorErrors`), tells waiters after each
 * committed batch, and stops them in order: no new batch, the batch under way finishes, locks are
 * released; the caller closes the database afterwards.
 */
export class ProcessorHost {
  private readonly running = new Map<string, Running>();
  private closed = false;

  constructor(private readonly options: ProcessorHostOptions) {}

  /** Starts the enabled definitions; resolves once the in-memory ones have caught up (the service boots with their state). */
  async start(definitions: ReadonlyArray<ProcessorDefinition<unknown> | DefinedProcessor<unknown>>): Promise<void> {
    // Every definition can be started by hand later (a disabled one too: the rebuild CLI does).
    for (const definition of definitions)
      if ('runtime' in definition)
        definition.runtime.controlledBy({
          stop: () => this.stopOne(definition.name),
          start: async () => (this.closed || this.running.has(definition.name) ? undefined : this.startOne(definition)),
        });
    const started = definitions.filter((definition) => this.isEnabled(definition)).map((definition) => this.startOne(definition));
    await Promise.all(started);
  }

  /** The running processor of that name, or null (not defined here, or disabled). */
  processor(name: string): RunningProcessor | null {
    return this.running.get(name) ?? null;
  }

  names(): string[] {
    return [...this.running.keys()];
  }

  async stop(): Promise<void> {
    this.closed = true;
    const running = [...this.running.values()];
    this.running.clear();
    await Promise.all(
      running.map(async (processor) => {
        await processor.stopHandle();
        processor.onStopped();
      }),
    );
  }

  /** Stops one processor (orderly), keeping the others running. */
  async stopOne(name: string): Promise<void> {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    await running.stopHandle();
    running.onStopped();
  }

  private isEnabled(definition: ProcessorDefinition<unknown>): boolean {
    if (definition.enabled && !definition.enabled()) return false;
    return this.options.enabled ? this.options.enabled(definition) : true;
  }

  private async startOne(definition: ProcessorDefinition<unknown> | DefinedProcessor<unknown>): Promise<void> {
    if (this.running.has(definition.name)) throw new Error(`Processor ${definition.name} is defined twice`);
    const running = new Running(definition.name, this.options.store, this.options.exec);
    this.running.set(definition.name, running);
    const runtime = 'runtime' in definition ? definition.runtime : null;
    runtime?.attach(running);

    running.onStopped = () => runtime?.detach();
    const onError = (error: unknown): void => {
      definition.onError?.(error);
      this.options.log?.error(`Processor ${definition.name} failed; retrying`, { processor: definition.name, error: String(error) });
    };
    if (definition.mode === 'checkpointed') {
      const subscription = await this.subscribe(definition as ProcessorDefinition<unknown>, running, onError);
      running.stopHandle = () => subscription.stop();
      running.caughtUpHandle = () => subscription.caughtUp();
      return;
    }
    const follower = new FollowFromStart(definition.name, definition.mode === 'live' ? 'head' : 'start');
    running.stopHandle = () => follower.stop();
    running.caughtUpHandle = async () => undefined;
    await follower.start(
      this.options.store,
      async (events) => {
        await this.handleBatch(definition.name, events.length, async () => {
          await (definition as ProcessorDefinition<undefined>).handle(events, undefined);
        });
        running.emit(events);
      },
      { filter: definition.filter, batchSize: definition.batchSize, pollIntervalMs: this.options.pollIntervalMs, onError },
    );
  }

  private handleBatch(processor: string, events: number, handle: () => Promise<void>): Promise<void> {
    return this.options.aroundBatch ? this.options.aroundBatch(processor, events, handle) : handle();
  }

  /** A checkpointed processor whose waiters hear of a batch once its transaction committed. */
  private subscribe(definition: ProcessorDefinition<unknown>, running: Running, onError: (error: unknown) => void): Promise<Subscription> {
    const runner = definition.transaction ?? this.options.transaction;
    let handled: RecordedEvent[] = [];
    const transaction: TransactionRunner<unknown> = async (work) => {
      handled = [];
      const result = await runner(work);
      const committed = handled;
      handled = [];
      running.emit(committed);
      return result;
    };
    return this.options.store.subscribe<unknown>(
      definition.name,
      async (events, tx) => {
        await this.handleBatch(definition.name, events.length, async () => {
          await definition.handle(events, tx);
        });
        handled = events;
      },
      { filter: definition.filter, batchSize: definition.batchSize, transaction, pollIntervalMs: this.options.pollIntervalMs, onError },
    );
  }
}
