import type { Checkpoint, RecordedEvent, SqlExecutor } from '../event-store.port';
import type { Follower, FollowHandler, FollowOptions } from '../follower';
import { readAllWith } from '../postgres/postgres-event-store';
import { DEFAULT_SAFETY_POLL_MS, joinPosition, type LogTail, type TailConsumer } from './log-tail';
import { WakeSignal } from './wake-signal';

const MAX_BACKOFF_MS = 5000;

/**
 * A live reader (no checkpoint row, no lock: every instance gets every event) on the shared log
 * tail. It reads on its own from its start until a read comes back short, then rides the tail. A
 * handler that throws takes it out of step; it retries the same events after back-off.
 */
export class TailFollower implements Follower, TailConsumer {
  readonly filter: FollowOptions['filter'];
  readonly pollIntervalMs: number;
  private running = true;
  private joined = false;
  /** Checkpoint of the last event handed to the handler (where its own reads resume). */
  private current: Checkpoint;
  private caughtUpOnce = false;
  private readonly caughtUpWaiters: Array<() => void> = [];
  private readonly loop: Promise<void>;
  private readonly signal = new WakeSignal();
  private failed: unknown | null = null;
  private readonly batchSize: number;

  constructor(
    private readonly exec: SqlExecutor,
    private readonly tail: LogTail,
    private readonly handler: FollowHandler,
    start: Checkpoint,
    private readonly options: FollowOptions,
    private readonly onStopped: () => Promise<void> | void = () => undefined,
  ) {
    this.current = start;
    this.filter = options.filter;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_SAFETY_POLL_MS;
    this.tail.attach(this);
    this.loop = this.run();
  }

  position(): Checkpoint {
    return this.current;
  }

  caughtUp(): Promise<void> {
    if (this.caughtUpOnce) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpWaiters.push(resolve));
  }

  async deliver(events: RecordedEvent[]): Promise<void> {
    await this.handler(events);
    this.current = events[events.length - 1]!.checkpoint;
  }

  leftStep(error: unknown | null): void {
    this.joined = false;
    this.failed = error;
    this.wake();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.tail.leave(this);
    this.wake();
    await this.loop;
    await this.tail.detach(this);
    await this.onStopped();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        if (this.failed !== null) {
          const error = this.failed;
          this.failed = null;
          throw error;
        }
        if (this.joined) {
          await this.sleep(60_000);
          continue;
        }
        const [row] = await this.exec.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
        const horizon = row!.horizon;
        const events = await readAllWith(this.exec, { after: this.current, limit: this.batchSize, filter: this.filter, horizon });
        if (events.length > 0) {
          await this.handler(events);
          this.current = events[events.length - 1]!.checkpoint;
        }
        failures = 0;
        if (events.length < this.batchSize && this.running) {
          this.joined = true;
          this.tail.join(this, await joinPosition(this.exec, this.current, horizon));
          this.markCaughtUp();
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

  private wake(): void {
    this.signal.wake();
  }

  private sleep(ms: number): Promise<void> {
    return this.signal.sleep(ms, this.running);
  }
}
