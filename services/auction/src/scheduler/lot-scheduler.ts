import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { AuctionConfig } from '../config/auction-config';
import { AUCTION_CONFIG } from '../config/auction-config.token';
import { EndLotCommand, StartLotCommand } from '../lots/lot-commands';
import { AuctionReadModelsProcessor } from '../projections/auction-read-models.processor';

interface DueLot {
  id: string;
  brand: string;
  status: 'SCHEDULED' | 'LIVE';
}

/** Longest the timer goes without looking at the lots when nothing told it they changed (another instance's writes). */
const IDLE_RECHECK_MS = 5000;

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
  /** When the earliest scheduled start or final end falls (clock time), null when no lot waits for one. */
  private nextDueAt: number | null = null;
  /** Lots changed since the last look (this instance's projection committed some). */
  private changed = true;
  private lastLookAt = 0;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUCTION_CONFIG) private readonly config: AuctionConfig,
    @Inject(APP_LOGGER) logger: JsonLogger,
    projections: AuctionReadModelsProcessor,
  ) {
    this.log = logger.child(LotScheduler.name);
    projections.onLotsProjected(() => {
      this.changed = true;
    });
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
    // Cleared before the read: a projection committed while it runs marks the lots changed again.
    this.changed = false;
    this.lastLookAt = performance.now();
    const now = this.clock.now();
    const due = (await this.db.query(
      `SELECT id, brand, status FROM auction.lots
        WHERE (status = 'SCHEDULED' AND scheduled_start <= $1) OR (status = 'LIVE' AND final_end <= $1)
        ORDER BY COALESCE(final_end, scheduled_start) LIMIT 500`,
      [now.toISOString()],
    )) as DueLot[];
    if (due.length < 500) await this.readNextDue();
    let started = 0;
    let ended = 0;
    for (const lot of due) {
      try {
        if (lot.status === 'SCHEDULED') {
          if (await this.commands.execute(new StartLotCommand(lot.id, lot.brand))) started += 1;
        } else if (await this.commands.execute(new EndLotCommand(lot.id, lot.brand))) {
          ended += 1;
        }
      } catch (error) {
        this.log.error('Scheduled transition failed; will retry on the next tick', { lotId: lot.id, error: String(error) });
      }
    }
    return { started, ended };
  }

  /** The earliest time a lot will be due, so idle ticks can skip the database until then. */
  private async readNextDue(): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT LEAST(MIN(scheduled_start) FILTER (WHERE status = 'SCHEDULED'), MIN(final_end) FILTER (WHERE status = 'LIVE')) AS next
         FROM auction.lots WHERE status IN ('SCHEDULED', 'LIVE')`,
    )) as Array<{ next: Date | string | null }>;
    this.nextDueAt = row?.next ? new Date(row.next).getTime() : null;
  }

  /**
   * Whether a timer tick must look at the lots: something changed here, a known due time has come
   * (by the service's clock, so a test's adjustable clock counts), or IDLE_RECHECK_MS have passed
   * (another instance may have scheduled or extended a lot). Otherwise the tick costs nothing.
   */
  private mustLook(): boolean {
    if (this.changed || performance.now() - this.lastLookAt >= IDLE_RECHECK_MS) return true;
    return this.nextDueAt !== null && this.clock.now().getTime() >= this.nextDueAt;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      if (this.pauses > 0 || !this.mustLook()) return this.schedule(this.config.SCHEDULER_INTERVAL_MS);
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
