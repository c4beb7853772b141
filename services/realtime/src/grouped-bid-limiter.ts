import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createRateLimitTable } from '@trackside/platform';
import { BID_LIMIT_TABLE, type SocketLimitSettings } from './socket-limits';

interface PendingTake {
  key: string;
  resolve: (allowed: boolean) => void;
}

/**
 * The bids-per-user limit (shared by every socket and realtime instance) with group commit: takes
 * that arrive while one statement is in flight leave together in the next, one multi-row upsert and
 * one commit for all of them, instead of rate-limiter-flexible's one upsert (and one durable commit)
 * per bid, which was a PostgreSQL transaction per socket bid and a queue on the pool under load
 * (issue 20, docs/benchmarks.md). Same table, rows and fixed-window rule as the library's
 * RateLimiterPostgres (`points` counted until `expire`, then a new window), so instances running
 * either share one budget. Several takes of one user in a batch count in arrival order: the i-th of
 * n is allowed when the window's count before the batch plus i is within the limit. While
 * PostgreSQL fails, a per-instance memory limiter stands in, as the library's insurance limiter did.
 */
export class GroupedBidLimiter {
  private queue: PendingTake[] = [];
  private flushing = false;
  private readonly insurance: RateLimiterMemory;
  private readonly windowMs: number;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly settings: Pick<SocketLimitSettings, 'userBids' | 'bidWindowSeconds'>,
    private readonly options: { now?: () => number; maxBatch?: number } = {},
  ) {
    this.windowMs = settings.bidWindowSeconds * 1000;
    this.insurance = new RateLimiterMemory({ keyPrefix: 'bid', points: settings.userBids, duration: settings.bidWindowSeconds });
  }

  static async create(pool: pg.Pool, settings: SocketLimitSettings): Promise<GroupedBidLimiter> {
    await createRateLimitTable(pool, BID_LIMIT_TABLE);
    return new GroupedBidLimiter(pool, settings);
  }

  /** Takes one bid of the user's allowance; false when the user is over it. */
  take(userId: string): Promise<boolean> {
    return new Promise((resolve) => {
      // The library's keys carry its prefix: `bid:<userId>`.
      this.queue.push({ key: `bid:${userId}`, resolve });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch ?? 1000);
        const byKey = new Map<string, PendingTake[]>();
        for (const take of batch) byKey.set(take.key, [...(byKey.get(take.key) ?? []), take]);
        let counts: Map<string, number>;
        try {
          counts = await this.upsert(byKey);
        } catch {
          for (const take of batch) take.resolve(await this.insure(take.key));
          continue;
        }
        for (const [key, takes] of byKey) {
          const total = counts.get(key) ?? Number.POSITIVE_INFINITY;
          const before = total - takes.length;
          takes.forEach((take, index) => take.resolve(before + index + 1 <= this.settings.userBids));
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** One statement for every key of the batch: each key's count in its window after adding its takes. */
  private async upsert(byKey: Map<string, PendingTake[]>): Promise<Map<string, number>> {
    const now = this.options.now?.() ?? Date.now();
    const keys = [...byKey.keys()];
    const points = keys.map((key) => byKey.get(key)!.length);
    const result = await this.pool.query<{ key: string; points: number }>(
      `INSERT INTO "${BID_LIMIT_TABLE}" AS t (key, points, expire)
         SELECT key, points, $3::bigint FROM unnest($1::varchar[], $2::int[]) AS batch(key, points)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN t.expire <= $4 THEN EXCLUDED.points ELSE t.points + EXCLUDED.points END,
         expire = CASE WHEN t.expire <= $4 THEN EXCLUDED.expire ELSE t.expire END
       RETURNING key, points`,
      [keys, points, now + this.windowMs, now],
    );
    return new Map(result.rows.map((row) => [row.key, Number(row.points)]));
  }

  private async insure(key: string): Promise<boolean> {
    try {
      await this.insurance.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      return true;
    }
  }
}
