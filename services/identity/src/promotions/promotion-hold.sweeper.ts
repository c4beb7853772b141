import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { PromotionHolds } from './promotion-holds';

/** Holds released per transaction; a longer backlog is worked off batch by batch in the same tick. */
const BATCH = 100;

/**
 * Frees promotion codes whose hold expired (the intent was never paid) so others can use them, and
 * cancels those still-UNPAID payments, every PROMOTION_HOLD_SWEEP_INTERVAL_MS. Instances may sweep
 * together: each batch locks its rows and skips rows another instance holds.
 */
@Injectable()
export class PromotionHoldSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly log: AppLogger;

  constructor(
    private readonly holds: PromotionHolds,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(PromotionHoldSweeper.name);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.PROMOTION_HOLD_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Releases every hold expired by now; answers how many. */
  async sweep(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const released = await this.holds.sweepExpired(this.clock.now(), BATCH);
        total += released;
        if (released < BATCH) break;
      }
      if (total > 0) this.log.info('Expired promotion holds released', { released: total });
    } catch (error) {
      this.log.error('Promotion hold sweep failed; retrying on the next tick', { error: String(error) });
    }
    return total;
  }
}
