import type { Checkpoint, EventFilter, RecordedEvent } from './event-store.port';
import { WakeSignal } from './host/wake-signal';

/** Handler of a follower batch: events in log order. Throwing makes the follower retry the batch. */
export type FollowHandler = (events: RecordedEvent[]) => void | Promise<void>;

export interface FollowOptions {
  /** Where to start; default: the head at the time `follow` is called (live events only). */
  after?: Checkpoint;
  filter?: EventFilter;
  batchSize?: number;
  /** Poll interval when no wake-up arrives (ms). */
  pollIntervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * A follower reads the log live without a checkpoint row or a lock: every instance that follows gets
 * every event (the realtime gateways use it to push to their own clients). Its position lives in
 * memory only; a restarted follower starts again from the head, and its clients resynchronise.
 */
export interface Follower {
  /** Checkpoint of the last event handed to the handler. */
  position(): Checkpoint;
  /** Resolves once the follower has read up to the head once. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/** What a follower reads: one batch after a checkpoint, and whether more wait behind a horizon. */
export interface FollowSource {
  read(after: Checkpoint, limit: number, filter: EventFilter | undefined): Promise<{ events: RecordedEvent[]; heldBack: boolean }>;
}

const MAX_BACKOFF_MS = 5000;
const HELD_BACK_FIRST_RETRY_MS = 5;
const HELD_BACK_MAX_RETRY_MS = 200;

/** The follower loop shared by the adapters; `wake()` is called by a notification source. */
export class LogFollower implements Follower {
  private running = true;
  private current: Checkpoint;
  private readonly signal = new WakeSignal();
  private caughtUpOnce = false;
  private readonly caughtUpWaiters: Array<() => void> = [];
  private readonly loop: Promise<void>;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly source: FollowSource,
    private readonly handler: FollowHandler,
    start: Checkpoint,
    private readonly options: FollowOptions,
    private readonly onStopped: () => Promise<void> | void = () => undefined,
  ) {
    this.current = start;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.loop = this.run();
  }

  position(): Checkpoint {
    return this.current;
  }

  caughtUp(): Promise<void> {
    if (this.caughtUpOnce) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  /** Look for new events now. */
  wake(): void {
    this.signal.wake();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake();
    await this.loop;
    await this.onStopped();
  }

  private async run(): Promise<void> {
    let failures = 0;
    let heldBackRetryMs = 0;
    while (this.running) {
      try {
        const { events, heldBack } = await this.source.read(this.current, this.batchSize, this.options.filter);
        failures = 0;
        // Progress resets the held-back back-off: under steady load it stays at its first step.
        if (events.length > 0) heldBackRetryMs = 0;
        if (events.length > 0) {
          await this.handler(events);
          this.current = events[events.length - 1]!.checkpoint;
        }
        if (events.length < this.batchSize) {
          this.markCaughtUp();
          if (heldBack) {
            heldBackRetryMs = Math.min(heldBackRetryMs === 0 ? HELD_BACK_FIRST_RETRY_MS : heldBackRetryMs * 2, HELD_BACK_MAX_RETRY_MS);
            await this.sleep(Math.min(heldBackRetryMs, this.pollIntervalMs));
          } else {
            heldBackRetryMs = 0;
            await this.sleep(this.pollIntervalMs);
          }
        }
      } catch (error) {
        failures += 1;
        this.options.onError?.(error);
        await this.sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  private markCaughtUp(): void {
    if (this.caughtUpOnce) return;
    this.caughtUpOnce = true;
    for (const resolve of this.caughtUpWaiters.splice(0)) resolve();
  }

  private sleep(ms: number): Promise<void> {
    return this.signal.sleep(ms, this.running);
  }
}
