import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { createRateLimitTable } from '@trackside/platform';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { IdentityEventStore } from '../infrastructure/event-store.provider';

/** The table identity's limits count in (keys carry the limit's prefix). */
export const IDENTITY_LIMIT_TABLE = 'identity_rate_limits';

/** A fixed window: `points` submissions per key in `durationSeconds`. */
export interface SubmissionWindow {
  points: number;
  durationSeconds: number;
}

/**
 * A count per key in PostgreSQL (rate-limiter-flexible), shared by every identity instance on the
 * database, so two instances allow the configured number once, not twice (issue 18, L7). While
 * PostgreSQL fails, a memory count of the same shape decides for this instance.
 */
export class SharedSubmissionCount {
  private constructor(private readonly limiter: RateLimiterPostgres) {}

  static async open(pool: pg.Pool, window: SubmissionWindow): Promise<SharedSubmissionCount> {
    // Created here under an advisory lock: identity instances starting together raced on the library's CREATE.
    await createRateLimitTable(pool, IDENTITY_LIMIT_TABLE);
    const shape = { keyPrefix: 'submission', points: window.points, duration: window.durationSeconds };
    const limiter = new RateLimiterPostgres({
      ...shape,
      storeClient: pool,
      storeType: 'pool',
      tableName: IDENTITY_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(shape),
    });
    return new SharedSubmissionCount(limiter);
  }

  /** Counts one submission; false once the key has used up its window. */
  async take(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }
}

/**
 * Contact forms, emails to sellers and newsletter sign-ups per client address
 * (CONTACT_MAX_PER_HOUR per CONTACT_LIMIT_WINDOW_SECONDS, an hour by default), so the forms cannot
 * be used to flood an inbox; counted across identity instances (docs/security.md).
 */
@Injectable()
export class SubmissionLimiter implements OnModuleInit {
  private count: SharedSubmissionCount | null = null;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly events: IdentityEventStore,
  ) {}

  async onModuleInit(): Promise<void> {
    this.count = await SharedSubmissionCount.open(this.events.pool, {
      points: this.config.CONTACT_MAX_PER_HOUR,
      durationSeconds: this.config.CONTACT_LIMIT_WINDOW_SECONDS,
    });
  }

  /** Counts one submission; false once the key has used up its window. */
  async take(key: string): Promise<boolean> {
    if (!this.count) throw new Error('SubmissionLimiter used before the module initialised');
    return this.count.take(key);
  }
}
