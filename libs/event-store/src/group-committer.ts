import type { AppendRequest, AppendResult, EventStore, ExpectedVersion, NewEvent } from './event-store.port';
import { WrongExpectedVersionError } from './event-store.port';

interface Pending {
  request: AppendRequest;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: while one `appendMany` round trip is in flight, new appends queue and leave together
 * in the next one. One hot stream still appends one command at a time (its queue serialises it),
 * but many lots share round trips and commits. Each caller gets its own result or conflict.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private inFlight = 0;

  /**
   * `maxInFlight` round trips may run at once (each its own transaction on its own connection). A
   * stream never has appends in two of them: the command handler runs one command batch per stream
   * at a time, and each round trip locks its streams in id order, so two cannot deadlock.
   */
  constructor(
    private readonly store: Pick<EventStore, 'appendMany'>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 1,
  ) {}

  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ request: { streamId, events, expectedVersion: options.expectedVersion }, resolve, reject });
      this.pump();
    });
  }

  /** Sends what waits, up to `maxInFlight` round trips at once; each finished one sends the next. */
  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      const results = await this.appendWithRetry(batch.map((pending) => pending.request));
      batch.forEach((pending, index) => {
        const result = results[index];
        if (result instanceof WrongExpectedVersionError) pending.reject(result);
        else if (result) pending.resolve(result);
        else pending.reject(new Error('appendMany returned fewer results than requests'));
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  }

  /**
   * A round trip PostgreSQL aborted as a deadlock victim or a serialization failure rolled back
   * entirely (one statement, one transaction), so it is safe to send again; any other error is not.
   */
  private async appendWithRetry(requests: AppendRequest[]): Promise<Array<AppendResult | WrongExpectedVersionError>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.store.appendMany(requests);
      } catch (error) {
        if (attempt >= TRANSIENT_ATTEMPTS || !isTransientAbort(error)) throw error;
      }
    }
  }
}

const TRANSIENT_ATTEMPTS = 3;
/** SQLSTATE 40P01 deadlock_detected, 40001 serialization_failure. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

export function isTransientAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && TRANSIENT_CODES.has(String((error as { code?: unknown }).code));
}
