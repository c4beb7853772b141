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
  private flushing = false;

  constructor(
    private readonly store: Pick<EventStore, 'appendMany'>,
    private readonly maxBatch = 500,
  ) {}

  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ request: { streamId, events, expectedVersion: options.expectedVersion }, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
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
    } finally {
      this.flushing = false;
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
