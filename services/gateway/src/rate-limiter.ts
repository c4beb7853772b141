import pg from 'pg';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createRateLimitTable, type AppLogger } from '@trackside/platform';
import { trackPool } from '@trackside/event-store';
import type { GatewayConfig } from './config/gateway-config';
import { GroupedLimitStore, GroupedWindow, type LimitWindow } from './grouped-rate-limits';

/** The table every gateway instance counts in (created by the library; keys carry the limit's prefix). */
export const GATEWAY_LIMIT_TABLE = 'gateway_rate_limits';
/** A PostgreSQL answer slower than this falls back to the instance's memory count for that request. */
export const STORE_TIMEOUT_MS = 250;

/** A rate as configured: requests per second on average, and how many may come at once. */
export interface RateShape {
  perSecond: number;
  burst: number;
}

/** Takes points for a key; false when the key is over its rate. */
type Take = (key: string, points: number) => Promise<boolean>;

/** The table's grouped store per pool: every limit counting in one pool shares its statements. */
const stores = new WeakMap<pg.Pool, GroupedLimitStore>();

/**
 * One rate limit by key (user, client address), on `rate-limiter-flexible` (issue 18, L7: limits hold
 * across gateway instances; docs/security.md). The token bucket it replaces becomes the library's
 * BurstyRateLimiter: `perSecond` points a second, and once those are spent a second window of
 * `burst` points over `burst / perSecond` seconds (the bucket's capacity and refill time).
 */
export class RateLimiter {
  private constructor(private readonly taker: Take) {}

  /** Counts in this process only (no database configured). */
  static memory(prefix: string, shape: RateShape): RateLimiter {
    const [rate, burst] = windowsOf(prefix, shape);
    const limiter = new BurstyRateLimiter(new RateLimiterMemory(rate), new RateLimiterMemory(burst));
    return new RateLimiter(async (key, points) => {
      try {
        await limiter.consume(key, points);
        return true;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return false;
        throw refusal;
      }
    });
  }

  /**
   * Counts in PostgreSQL, shared by every instance. A key that used a window is then refused from
   * memory until the window ends (`inMemoryBlockOnConsumed`), so a flood costs no database round
   * trip; while PostgreSQL fails or takes longer than `timeoutMs`, a memory limiter of the same shape decides.
   * The takes of every limit on the pool leave in one statement per batch (grouped-rate-limits.ts),
   * with the library's table, rows and window rule; the burst window is taken, as BurstyRateLimiter
   * does, only once the steady one refuses.
   */
  static async postgres(pool: pg.Pool, prefix: string, shape: RateShape, timeoutMs = STORE_TIMEOUT_MS): Promise<RateLimiter> {
    const [rate, burst] = windowsOf(prefix, shape);
    await createLimitTable(pool);
    const store = stores.get(pool) ?? new GroupedLimitStore(pool, GATEWAY_LIMIT_TABLE);
    stores.set(pool, store);
    const steady = new GroupedWindow(store, rate, timeoutMs);
    const extra = new GroupedWindow(store, burst, timeoutMs);
    return new RateLimiter(async (key, points) => (await steady.take(key, points)) || extra.take(key, points));
  }

  /** Takes `points` (one per request or per mutation field); false when the key is over its rate. */
  take(key: string, points = 1): Promise<boolean> {
    return this.taker(key, points);
  }
}

/** Stops the grouped store's expiry sweep of a pool (before the pool ends). */
export function closeLimitStore(pool: pg.Pool): void {
  stores.get(pool)?.close();
  stores.delete(pool);
}

/** The steady window (at least one point, so rates under 1/s work) and the burst window. */
function windowsOf(prefix: string, shape: RateShape): [LimitWindow, LimitWindow] {
  const steady = Math.max(1, Math.round(shape.perSecond));
  return [
    { keyPrefix: prefix, points: steady, duration: steady / shape.perSecond },
    { keyPrefix: `${prefix}-burst`, points: shape.burst, duration: shape.burst / shape.perSecond },
  ];
}

/** The gateway's three limits (docs/security.md "Gateway"), and the pool they count in. */
export interface GatewayRateLimits {
  queriesPerAddress: RateLimiter;
  mutationsPerUser: RateLimiter;
  mutationsPerAddress: RateLimiter;
  close(): Promise<void>;
}

/**
 * PostgreSQL (`DATABASE_URL`, the services' database) when configured, so several gateway
 * instances share one count; else in memory per instance (tests, a single local gateway).
 */
export async function startRateLimits(config: GatewayConfig, log: AppLogger): Promise<GatewayRateLimits> {
  const shapes = {
    queriesPerAddress: { perSecond: config.RATE_LIMIT_QUERY_ADDRESS_PER_SECOND, burst: config.RATE_LIMIT_QUERY_ADDRESS_BURST },
    mutationsPerUser: { perSecond: config.RATE_LIMIT_USER_PER_SECOND, burst: config.RATE_LIMIT_USER_BURST },
    mutationsPerAddress: { perSecond: config.RATE_LIMIT_ADDRESS_PER_SECOND, burst: config.RATE_LIMIT_ADDRESS_BURST },
  };
  if (!config.DATABASE_URL) {
    log.info('Rate limits count in memory (no DATABASE_URL): each gateway instance allows the configured rate');
    return {
      queriesPerAddress: RateLimiter.memory('gql-address', shapes.queriesPerAddress),
      mutationsPerUser: RateLimiter.memory('mutation-user', shapes.mutationsPerUser),
      mutationsPerAddress: RateLimiter.memory('mutation-address', shapes.mutationsPerAddress),
      close: async () => undefined,
    };
  }
  // A few connections suffice: each batch of checks is one short upsert.
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  pool.on('error', (error) => log.warn('Rate limit database connection failed', { error: String(error) }));
  // On the database pool gauge (`trackside_db_pool_connections`, docs/operations.md) until it closes.
  const untrack = trackPool('gateway', 'rate-limits', pool);
  const timeout = config.RATE_LIMIT_STORE_TIMEOUT_MS;
  try {
    const queriesPerAddress = await RateLimiter.postgres(pool, 'gql-address', shapes.queriesPerAddress, timeout);
    const mutationsPerUser = await RateLimiter.postgres(pool, 'mutation-user', shapes.mutationsPerUser, timeout);
    const mutationsPerAddress = await RateLimiter.postgres(pool, 'mutation-address', shapes.mutationsPerAddress, timeout);
    return {
      queriesPerAddress,
      mutationsPerUser,
      mutationsPerAddress,
      close: () => {
        untrack();
        closeLimitStore(pool);
        return pool.end();
      },
    };
  } catch (error) {
    untrack();
    closeLimitStore(pool);
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * The library's table, created under an advisory lock: gateway instances starting together would
 * race on the library's CREATE TABLE IF NOT EXISTS (libs/platform/src/database/rate-limit-table.ts).
 */
function createLimitTable(pool: pg.Pool): Promise<void> {
  return createRateLimitTable(pool, GATEWAY_LIMIT_TABLE);
}
