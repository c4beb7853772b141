import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LISTING_EVENTS, listingStreamId, type ListingExpiredData, type ListingExpiryReminderDueData } from '@trackside/contracts';
import { appendInTransaction } from '@trackside/event-store';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import { BrandConfigurationService } from '../brand/brand-configuration.service';
import type { CatalogueConfig } from '../config/catalogue-config';
import { CATALOGUE_CONFIG } from '../config/catalogue-config.token';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';

const DAY_MS = 86_400_000;

/**
 * Ends approved listings at their expiry (EXPIRED, `ListingExpired`) and asks for the seller's
 * reminder emails (`ListingExpiryReminderDue`): FIRST daysBeforeExpiry days before, SECOND
 * emailExpiryOffset days before (brand email notification configuration, 7 and 2). Each row is
 * claimed by an UPDATE ... RETURNING in the transaction that appends its event, so instances running
 * the sweep together, or a sweep that dies half way, write each event exactly once.
 */
@Injectable()
export class ListingExpirySweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    private readonly configurations: BrandConfigurationService,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(ListingExpirySweeper.name);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.LISTING_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<void> {
    try {
      const now = this.clock.now();
      await this.claim(`status = 'EXPIRED'`, `status = 'APPROVED' AND expiry IS NOT NULL AND expiry <= $1`, [now], now, (row) => {
        const data: ListingExpiredData = {
          listingId: row.id,
          brand: row.brand,
          userId: row.user_id,
          title: row.title,
          expiry: row.expiry.toISOString(),
        };
        return { type: LISTING_EVENTS.expired, data };
      });
      const brands = (await this.db.query<Array<{ brand: string }>>(
        `SELECT DISTINCT brand FROM catalogue.listings WHERE status = 'APPROVED' AND expiry IS NOT NULL`,
      )) as Array<{ brand: string }>;
      for (const { brand } of brands) await this.remind(brand, now);
    } catch (error) {
      this.log.error('Listing expiry sweep failed; retrying on the next tick', { error: String(error) });
    }
  }

  private async remind(brand: string, now: Date): Promise<void> {
    const { daysBeforeExpiry, emailExpiryOffset } = (await this.configurations.get(brand)).settings.emailNotificationConfiguration;
    for (const [reminder, column, days] of [
      ['FIRST', 'first_reminder_at', daysBeforeExpiry],
      ['SECOND', 'second_reminder_at', emailExpiryOffset],
    ] as const) {
      await this.claim(
        `${column} = $1`,
        `brand = $2 AND status = 'APPROVED' AND ${column} IS NULL AND expiry > $1 AND expiry <= $3`,
        [now, brand, new Date(now.getTime() + days * DAY_MS)],
        now,
        (row) => {
          const data: ListingExpiryReminderDueData = {
            listingId: row.id,
            brand,
            userId: row.user_id,
            title: row.title,
            expiry: row.expiry.toISOString(),
            reminder,
            daysLeft: Math.ceil((row.expiry.getTime() - now.getTime()) / DAY_MS),
          };
          return { type: LISTING_EVENTS.expiryReminderDue, data };
        },
      );
    }
  }

  /**
   * Claims the due rows and appends one event per row in the same transaction: a crash between the
   * two leaves the rows unclaimed for the next sweep, so every event is written exactly once
   * (docs/decisions.md "Integration events commit with their state change").
   */
  private async claim(
    set: string,
    where: string,
    parameters: unknown[],
    now: Date,
    eventOf: (row: ClaimedRow) => ListingEvent,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE catalogue.listings SET ${set} WHERE ${where} RETURNING id, brand, user_id, title, expiry`,
        parameters,
      )) as [ClaimedRow[], number];
      const requests = rows.map((row) => ({
        streamId: listingStreamId(row.id),
        events: [{ ...eventOf(row), metadata: { brand: row.brand, occurredAt: now.toISOString() } }],
        expectedVersion: 'any' as const,
      }));
      await appendInTransaction(this.events.store, manager, requests);
    });
  }
}

interface ClaimedRow {
  id: string;
  brand: string;
  user_id: string;
  title: string;
  expiry: Date;
}

type ListingEvent = { type: string; data: ListingExpiredData | ListingExpiryReminderDueData };
