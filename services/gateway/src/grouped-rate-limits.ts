import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** One fixed window of a limit: `points` per `duration` seconds, counted under `${keyPrefix}:${key}`. */
export interface LimitWindow {
  keyPrefix: string;
  points: number;
  duration: number;
}

interface PendingTake {
  key: string;
  points: number;
  durationMs: number;
  resolve: (count: { total: number; expire: number }) => void;
  reject: (error: unknown) => void;
}

const CLEAR_EVERY_MS = 5 * 60_000;
const CLEAR_AFTER_MS = 60 * 60_000;

/**
 * The gateway's limit table with group commit (issue 20, docs/decisions.md "The GraphQL bid path's
 * read-your-writes and rate limits"). rate-limiter-flexible's RateLimiterPostgres ran one upsert,
 * one durable commit, per limit per request: 3.25 PostgreSQL transactions per GraphQL bid. Here the
 * takes of every limit and key that arrive while one statement is in flight (or in the same tick: a
 * mutation takes its per-user and per-address limits at once) leave together as one multi-row
 * upsert. Same table, rows and fixed-window rule as the library (`points` counted until `expire`,
 * then a new window), so instances running either share one count; several takes of one key in a
 * batch count in arrival order.
 */
export class GroupedLimitStore {
  private queue: PendingTake[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly clearTimer: NodeJS.Timeout;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly table: string,
    private readonly options: { now?: () => number; maxBatch?: number } = {},
  ) {
    // As the library's clearExpiredByTimeout: rows an hour past their window go every five minutes.
    this.clearTimer = setInterval(() => void this.clearExpired(), CLEAR_EVERY_MS);
    this.clearTimer.unref();
  }

  now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Adds `points` to the key's window; answers the window's count just after this take, and when it ends. */
  add(key: string, points: number, durationMs: number): Promise<{ total: number; expire: number }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, points, durationMs, resolve, reject });
      if (this.flushing || this.scheduled) return;
      // Takes made in the same tick (a mutation's two limits) leave in the same statement.
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        void this.flush();
      });
    });
  }

  close(): void {
    clearInterval(this.clearTimer);
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch ?? 1000);
        const byKey = new Map<string, PendingTake[]>();
        for (const take of batch) byKey.set(take.key, [...(byKey.get(take.key) ?? []), take]);
        let rows: Map<string, { total: number; expire: number }>;
        try {
          rows = await this.upsert(byKey);
        } catch (error) {
          for (const take of batch) take.reject(error);
          continue;
        }
        for (const [key, takes] of byKey) {
          const row = rows.get(key);
          if (!row) {
            for (const take of takes) take.reject(new Error(`No count returned for ${key}`));
            continue;
          }
          let count = row.total - takes.reduce((sum, take) => sum + take.points, 0);
          for (const take of takes) {
            count += take.points;
            take.resolve({ total: count, expire: row.expire });
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** One statement for every key of the batch: each key's count in its window after adding its takes. */
  private async upsert(byKey: Map<string, PendingTake[]>): Promise<Map<string, { total: number; expire: number }>> {
    const now = this.now();
    const keys = [...byKey.keys()];
    const points = keys.map((key) => byKey.get(key)!.reduce((sum, take) => sum + take.points, 0));
    const expires = keys.map((key) => now + byKey.get(key)![0]!.durationMs);
    const result = await this.pool.query<{ key: string; points: number; expire: string }>(
      `INSERT INTO "${this.table}" AS t (key, points, expire)
         SELECT key, points, expire FROM unnest($1::varchar[], $2::int[], $3::bigint[]) AS batch(key, points, expire)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN t.expire <= $4 THEN EXCLUDED.points ELSE t.points + EXCLUDED.points END,
         expire = CASE WHEN t.expire <= $4 THEN EXCLUDED.expire ELSE t.expire END
       RETURNING key, points, expire`,
      [keys, points, expires, now],
    );
    return new Map(result.rows.map((row) => [row.key, { total: Number(row.points), expire: Number(row.expire) }]));
  }

  private async clearExpired(): Promise<void> {
    await this.pool.query(`DELETE FROM "${this.table}" WHERE expire < $1`, [this.now() - CLEAR_AFTER_MS]).catch(() => undefined);
  }
}

/**
 * One window counted in the grouped store, with the library's two protections: a key that used the
 * window is then refused from memory until the window ends (`inMemoryBlockOnConsumed` = points), so
 * a flood costs no round trip; and while PostgreSQL fails or answers later than `timeoutMs`, a
 * memory limiter of the same window decides (the insurance limiter of RLWrapperTimeouts).
 */
export class GroupedWindow {
  private readonly blocked = new Map<string, number>();
  private readonly insurance: RateLimiterMemory;

  constructor(
    private readonly store: GroupedLimitStore,
    private readonly window: LimitWindow,
    private readonly timeoutMs: number,
  ) {
    this.insurance = new RateLimiterMemory(window);
  }

  async take(key: string, points: number): Promise<boolean> {
    const now = this.store.now();
    const until = this.blocked.get(key);
    if (until !== undefined && until > now) return false;
    if (until !== undefined) this.blocked.delete(key);
    let count: { total: number; expire: number };
    try {
      count = await withTimeout(this.store.add(`${this.window.keyPrefix}:${key}`, points, this.window.duration * 1000), this.timeoutMs);
    } catch {
      return this.insure(key, points);
    }
    if (count.total >= this.window.points) this.block(key, count.expire, now);
    return count.total <= this.window.points;
  }

  private block(key: string, until: number, now: number): void {
    // Forget ended blocks now and then, so the map holds only the keys refused in current windows.
    if (this.blocked.size >= 10_000) for (const [blockedKey, end] of this.blocked) if (end <= now) this.blocked.delete(blockedKey);
    this.blocked.set(key, until);
  }

  private async insure(key: string, points: number): Promise<boolean> {
    try {
      await this.insurance.consume(key, points);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      return true;
    }
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('rate limit store timed out')), timeoutMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
