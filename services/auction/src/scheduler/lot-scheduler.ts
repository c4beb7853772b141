import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { CLOCK, type Clock } from '../infrastructure/clock';
import { LotCommandsService } from '../lots/lot-commands.service';

interface DueLot {
  id: string;
  brand: string;
  status: 'SCHEDULED' | 'LIVE';
}

/**
 * Opens lots at their scheduled start and ends them at their final end date. The transitions are
 * ordinary commands, so the decider stays the judge: a lot extended by a late bid is refused as
 * not yet due, and when two instances race, the second append loses on the expected version and
 * its retry is refused as already done. Overdue lots (after a restart) are handled on the first tick.
 */
@Injectable()
export class LotScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private pauses = 0;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly commands: LotCommandsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(LotScheduler.name);
  }

  onApplicationBootstrap(): void {
    if (this.config.SCHEDULER_ENABLED) this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Holds the timer's ticks (the demo seed writes ended lots' past history and must not race the
   * scheduler ending them early); resolves once a tick in flight has finished. Call the result to resume.
   */
  async pause(): Promise<() => void> {
    this.pauses += 1;
    await this.running;
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      this.pauses -= 1;
    };
  }

  /** One pass over due lots; also called by tests to avoid waiting for the timer. */
  async tick(): Promise<{ started: number; ended: number }> {
    const now = this.clock.now();
    const due = (await this.db.query(
      `SELECT id, brand, status FROM auction.lots
        WHERE (status = 'SCHEDULED' AND scheduled_start <= $1) OR (status = 'LIVE' AND final_end <= $1)
        ORDER BY COALESCE(final_end, scheduled_start) LIMIT 500`,
      [now.toISOString()],
    )) as DueLot[];
    let started = 0;
    let ended = 0;
    for (const lot of due) {
      try {
        if (lot.status === 'SCHEDULED') {
          if (await this.commands.startLot(lot.id, lot.brand)) started += 1;
        } else if (await this.commands.endLot(lot.id, lot.brand)) {
          ended += 1;
        }
      } catch (error) {
        this.log.error('Scheduled transition failed; will retry on the next tick', { lotId: lot.id, error: String(error) });
      }
    }
    return { started, ended };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      if (this.pauses > 0) return this.schedule(this.config.SCHEDULER_INTERVAL_MS);
      this.running = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error('Scheduler tick failed', { error: String(error) }))
        .finally(() => {
          this.running = null;
          this.schedule(this.config.SCHEDULER_INTERVAL_MS);
        });
    }, delayMs);
    this.timer.unref();
  }
}
