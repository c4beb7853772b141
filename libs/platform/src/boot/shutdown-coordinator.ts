import { releaseEmbeddedDatabaseSignals } from '../database/embedded-postgres';

/**
 * The order of a process's stop on SIGTERM (docs/decisions.md, "Graceful shutdown order"): stop
 * intake, drain sockets, finish in-flight commands, stop processors, close the database pools, then
 * stop the embedded PostgreSQL. Steps of one order run one after another, in registration order.
 */
export const SHUTDOWN_ORDER = {
  intake: 100,
  sockets: 200,
  commands: 300,
  processors: 400,
  pools: 500,
  database: 600,
} as const;

export type ShutdownStepName = keyof typeof SHUTDOWN_ORDER;

interface ShutdownStep {
  name: string;
  order: number;
  run: () => Promise<void> | void;
}

interface ShutdownLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  debug?(message: string, fields?: Record<string, unknown>): void;
}

/** Ten seconds to exit after SIGTERM (issue 19 part 7); a container's stop grace period is usually that. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The one owner of a process's termination signals: every main.ts registers its stops here with
 * `onShutdown(step, order, run)`, and on SIGTERM or SIGINT they run in order, then the process exits
 * 0 (1 when a step failed or the deadline passed). Neither Nest's shutdown hooks nor the embedded
 * database's exit hook take the signals over.
 */
export class ShutdownCoordinator {
  private readonly steps: ShutdownStep[] = [];
  private running: Promise<number> | null = null;
  private current: string | null = null;
  private signalled = false;
  private markReady: () => void = () => undefined;
  private readonly booted: Promise<void>;

  constructor(
    private readonly log: ShutdownLog,
    private readonly options: {
      deadlineMs?: number;
      exit?: (code: number) => void;
      /** A signal during boot waits (within the deadline) for `ready()`, when every stop is registered. */
      waitForReady?: boolean;
    } = {},
  ) {
    this.booted = options.waitForReady ? new Promise<void>((resolve) => (this.markReady = resolve)) : Promise.resolve();
  }

  /** Boot finished: every stop is registered (see `waitForReady`). */
  ready(): void {
    this.markReady();
  }

  /** Adds a stop: `order` is one of SHUTDOWN_ORDER (or between two of them). */
  onShutdown(name: string, order: number, run: () => Promise<void> | void): void {
    if (this.running) throw new Error(`Shutdown already started; cannot add ${name}`);
    this.steps.push({ name, order, run });
  }

  /** Runs every stop once, in order; a failing stop is logged and the next ones still run. */
  shutdown(reason: string): Promise<number> {
    this.running ??= this.runSteps(reason);
    return this.running;
  }

  /** Takes SIGTERM and SIGINT for this process: shutdown, then exit with its code (within the deadline). */
  listen(signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
    releaseEmbeddedDatabaseSignals();
    const exit = this.options.exit ?? ((code: number) => process.exit(code));
    // process.on, not once: the listener must stay while the stops run. Libraries that watch signals
    // (signal-exit) re-raise one when they find themselves its only listener, killing the process with 143.
    for (const signal of signals)
      process.on(signal, () => {
        if (this.signalled) return;
        this.signalled = true;
        const deadline = setTimeout(() => {
          this.log.warn(`Shutdown did not finish within ${this.deadlineMs} ms (at ${this.current ?? 'none'}); exiting`);
          exit(1);
        }, this.deadlineMs);
        deadline.unref();
        void this.booted
          .then(() => this.shutdown(signal))
          .then((code) => {
            clearTimeout(deadline);
            exit(code);
          });
      });
  }

  private get deadlineMs(): number {
    return this.options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  }

  private async runSteps(reason: string): Promise<number> {
    const started = Date.now();
    this.log.info(`${reason}: shutting down`);
    // A stable sort: steps of one order keep their registration order.
    const ordered = [...this.steps].sort((a, b) => a.order - b.order);
    let code = 0;
    for (const step of ordered) {
      this.current = step.name;
      const stepStarted = Date.now();
      try {
        await step.run();
        // Debug: which stop takes the time when a shutdown runs long (LOG_LEVEL=debug).
        this.log.debug?.(`Shutdown step ${step.name} done in ${Date.now() - stepStarted} ms`);
      } catch (error) {
        code = 1;
        this.log.error(`Shutdown step ${step.name} failed`, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    this.log.info(`Stopped in ${Date.now() - started} ms`);
    return code;
  }
}
