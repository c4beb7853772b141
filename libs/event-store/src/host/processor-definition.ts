import type { Checkpoint, EventFilter, RecordedEvent, SqlExecutor, TransactionRunner } from '../event-store.port';

/**
 * How a processor reads the log:
 * - `checkpointed`: from its checkpoint row; one instance leads; each batch's writes and the
 *   checkpoint commit in one transaction (read models, outboxes, emails).
 * - `from-start`: in memory from the start of the log on every boot, then live; every instance
 *   (caches of integration events: brand settings, account status). The service boots caught up.
 * - `live`: in memory from the head; every instance (pushes to this instance's clients).
 */
export type ProcessorMode = 'checkpointed' | 'from-start' | 'live';

export interface ProcessorDefinition<TTx = SqlExecutor> {
  /** Unique in the database: the checkpoint row and the lock (checkpointed), the status page row. */
  readonly name: string;
  /** What it reads; its lag on the status page counts only these events. */
  readonly filter: EventFilter;
  readonly mode: ProcessorMode;
  /** A batch in log order; throwing retries it after back-off. `tx` is the batch's transaction (checkpointed only). */
  handle(events: RecordedEvent[], tx: TTx): Promise<void> | void;
  /** Tables a rebuild empties before the checkpoint goes back to the start (checkpointed). */
  readonly tables?: readonly string[];
  readonly batchSize?: number;
  /** The transaction its batches run in (e.g. a TypeORM one); default: the host's. */
  readonly transaction?: TransactionRunner<TTx>;
  /** Whether this process runs it (default: yes). Read when the host starts. */
  readonly enabled?: () => boolean;
  /** Hears each failure before its retry, besides the host's log (e.g. to record it where operators look, or log it less often). */
  readonly onError?: (error: unknown) => void;
}

/** A defined processor: its definition and, once a host runs it, what callers wait on. */
export type DefinedProcessor<TTx = SqlExecutor> = ProcessorDefinition<TTx> & { readonly runtime: ProcessorRuntime };

type Listener = (events: RecordedEvent[]) => void;

/** What a host's running processor offers its callers (see `ProcessorHost`). */
export interface ProcessorRuntimeTarget {
  caughtUp(): Promise<void>;
  position(): Checkpoint;
  onCommitted(listener: Listener): () => void;
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean>;
}

/**
 * The handle a processor's own code (and the service's callers) hold before and after the host
 * starts it: listeners registered early are kept; a processor this process does not run is
 * caught up at once and never commits.
 */
export class ProcessorRuntime {
  private target: ProcessorRuntimeTarget | null = null;
  private readonly listeners = new Set<Listener>();
  private controls: { stop(): Promise<void>; start(): Promise<void> } | null = null;

  /** The host that runs it (set once): lets an operator or a test stop and start this one processor. */
  controlledBy(controls: { stop(): Promise<void>; start(): Promise<void> }): void {
    this.controls = controls;
  }

  /** Stops this processor only (orderly: the batch under way finishes, the lock is released). */
  async stop(): Promise<void> {
    await this.controls?.stop();
  }

  /** Starts it again after `stop` (no-op when it runs or no host runs it). */
  async start(): Promise<void> {
    await this.controls?.start();
  }

  attach(target: ProcessorRuntimeTarget): void {
    this.target = target;
    target.onCommitted((events) => {
      for (const listener of this.listeners) listener(events);
    });
  }

  detach(): void {
    this.target = null;
  }

  running(): boolean {
    return this.target !== null;
  }

  caughtUp(): Promise<void> {
    return this.target?.caughtUp() ?? Promise.resolve();
  }

  position(): Checkpoint {
    return this.target?.position() ?? '';
  }

  /** After each batch this instance committed (outside its transaction). */
  onCommitted(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    return this.target?.waitFor(checkpoint, timeoutMs) ?? Promise.resolve(false);
  }

  /**
   * Read-your-writes on a read model's own version column: resolves true once `reached()` says
   * so, checked now, after every committed batch `concerns` (this instance leads) and every 100 ms
   * (another instance may lead); false after `timeoutMs` (the caller answers with what is projected).
   */
  async waitUntil(
    reached: () => Promise<boolean>,
    timeoutMs: number,
    concerns: (events: RecordedEvent[]) => boolean = () => true,
  ): Promise<boolean> {
    if (timeoutMs <= 0 || (await reached())) return true;
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
        reached()
          .then((ok) => (ok ? finish(true) : undefined))
          .catch(() => undefined);
      };
      const unsubscribe = this.onCommitted((events) => (concerns(events) ? check() : undefined));
      const poll = setInterval(check, 100);
      const timeout = setTimeout(() => finish(false), timeoutMs);
    });
  }
}

/** Checks a processor definition once, where it is declared. */
export function defineProcessor<TTx = SqlExecutor>(definition: ProcessorDefinition<TTx>): DefinedProcessor<TTx> {
  if (!/^[a-z0-9][a-z0-9:._-]*$/.test(definition.name)) throw new Error(`Processor name "${definition.name}" must be kebab-case`);
  if (definition.mode !== 'checkpointed' && definition.tables?.length)
    throw new Error(`Processor ${definition.name}: only a checkpointed processor owns tables (an in-memory one rebuilds on boot)`);
  for (const table of definition.tables ?? [])
    if (!/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/.test(table))
      throw new Error(`Processor ${definition.name}: table "${table}" must be schema-qualified (schema.table)`);
  return Object.freeze({ ...definition, tables: Object.freeze([...(definition.tables ?? [])]), runtime: new ProcessorRuntime() });
}

/** The tables and checkpoint rows a rebuild resets, derived from the definitions (never listed by hand). */
export function rebuildPlan(definitions: ReadonlyArray<ProcessorDefinition<unknown>>): { tables: string[]; checkpoints: string[] } {
  const checkpointed = definitions.filter((definition) => definition.mode === 'checkpointed' && (definition.tables?.length ?? 0) > 0);
  return {
    tables: [...new Set(checkpointed.flatMap((definition) => [...(definition.tables ?? [])]))],
    checkpoints: checkpointed.map((definition) => definition.name),
  };
}
