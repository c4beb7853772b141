import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  RLWrapperTimeouts,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { AppLogger } from '@trackside/platform';
import type { GatewayConfig } from './config/gateway-config';

/** The table every gateway instance counts in (created by the library; keys carry the limit's prefix). */
export const GATEWAY_LIMIT_TABLE = 'gateway_rate_limits';
/** A PostgreSQL answer slower than this falls back to the instance's memory count for that request. */
const STORE_TIMEOUT_MS = 250;

/** A rate as configured: requests per second on average, and how many may come at once. */
export interface RateShape {
  perSecond: number;
  burst: number;
}

/**
 * One rate limit by key (user, client address), on `rate-limiter-flexible` (issue 18, L7: limits hold
 * across gateway instances; docs/security.md). The configured rate becomes a fixed window of `burst`
 * points lasting `burst / perSecond` seconds: the same long-run rate and the same burst as the token
 * bucket it replaces (a window edge can admit up to two bursts close together).
 */
export class RateLimiter {
  private constructor(private readonly limiter: RateLimiterAbstract | RLWrapperTimeouts) {}

  /** Counts in this process only (no database configured). */
  static memory(prefix: string, shape: RateShape): RateLimiter {
    return new RateLimiter(new RateLimiterMemory(windowOf(prefix, shape)));
  }

  /**
   * Counts in PostgreSQL, shared by every instance. A key that used its window is then refused from
   * memory until the window ends (`inMemoryBlockOnConsumed`), so a flood costs no database round
   * trip; while PostgreSQL fails or stalls, a memory limiter of the same shape decides.
   */
  static async postgres(pool: pg.Pool, prefix: string, shape: RateShape): Promise<RateLimiter> {
    const window = windowOf(prefix, shape);
    const insurance = new RateLimiterMemory(window);
    const store = await new Promise<RateLimiterStoreAbstract>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        {
          ...window,
          storeClient: pool,
          storeType: 'pool',
          tableName: GATEWAY_LIMIT_TABLE,
          clearExpiredByTimeout: true,
          inMemoryBlockOnConsumed: window.points,
          insuranceLimiter: insurance,
        },
        (error?: unknown) => (error ? reject(error as Error) : resolve(created)),
      );
    });
    return new RateLimiter(new RLWrapperTimeouts({ limiter: store, timeoutMs: STORE_TIMEOUT_MS, insuranceLimiter: insurance }));
  }

  /** Takes `points` (one per request or per mutation field); false when the key is over its rate. */
  async take(key: string, points = 1): Promise<boolean> {
    try {
      await this.limiter.consume(key, points);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }
}

function windowOf(prefix: string, shape: RateShape): { keyPrefix: string; points: number; duration: number } {
  return { keyPrefix: prefix, points: shape.burst, duration: shape.burst / shape.perSecond };
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
  // A few connections suffice: each check is one short upsert.
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 4 });
  pool.on('error', (error) => log.warn('Rate limit database connection failed', { error: String(error) }));
  try {
    // One after another: the first creates the shared table.
    const queriesPerAddress = await RateLimiter.postgres(pool, 'gql-address', shapes.queriesPerAddress);
    const mutationsPerUser = await RateLimiter.postgres(pool, 'mutation-user', shapes.mutationsPerUser);
    const mutationsPerAddress = await RateLimiter.postgres(pool, 'mutation-address', shapes.mutationsPerAddress);
    return { queriesPerAddress, mutationsPerUser, mutationsPerAddress, close: () => pool.end() };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
