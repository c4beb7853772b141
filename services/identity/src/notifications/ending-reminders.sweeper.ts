import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { EmailOutbox } from '../email/email-outbox.service';
import { BrandReminderHoursFollower } from './brand-reminder-hours.processor';
import { NotificationEmails } from './notification-emails';
import { followers, liveLotsEndingBefore } from './notification-lots';
import { NotificationPushes } from './notification-pushes';
import { NotificationStore } from './notification-store';
import { lotPath, noticeText, type NotificationLot } from './notification-text';
import { parseBrandReminderHours, parseReminderHours } from './notifications-config';

/**
 * The "ends in 24 h / 1 h" reminders (hours per brand: the brand's auction configuration, else
 * NOTIFICATION_BRAND_REMINDER_HOURS, else NOTIFICATION_REMINDER_HOURS: the env vars are the
 * deployment's defaults). Time, not an event, makes them due, so a timer asks the clock every
 * NOTIFICATION_REMINDER_INTERVAL_MS (tests move the clock and call `sweep`). A lot gets only the
 * nearest reminder it is inside (one that goes live 30 minutes before its end gets the 1 h one,
 * not both); each is a notification keyed (user, ENDING_SOON, lot, "<round>:<hours>h"), so two
 * instances or a restart send it once.
 */
@Injectable()
export class EndingRemindersSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly log: AppLogger;
  private readonly defaultHours: number[];
  private readonly brandHours: Map<string, number[]>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: NotificationStore,
    private readonly emails: NotificationEmails,
    private readonly pushes: NotificationPushes,
    private readonly outbox: EmailOutbox,
    private readonly brandConfigured: BrandReminderHoursFollower,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(EndingRemindersSweeper.name);
    this.defaultHours = parseReminderHours(config.NOTIFICATION_REMINDER_HOURS);
    this.brandHours = parseBrandReminderHours(config.NOTIFICATION_BRAND_REMINDER_HOURS);
  }

  onApplicationBootstrap(): void {
    if (!this.config.NOTIFICATIONS_ENABLED) return;
    this.timer = setInterval(() => void this.sweep(), this.config.NOTIFICATION_REMINDER_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends the reminders due now; answers how many notifications it added. Runs one at a time. */
  sweep(): Promise<number> {
    this.running ??= this.remind()
      .catch((error: unknown) => {
        this.log.error('Ending reminders failed; retrying on the next tick', { error: String(error) });
        return 0;
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  private async remind(): Promise<number> {
    const now = this.clock.now();
    const configured = [...this.brandHours.values(), ...this.brandConfigured.all()];
    const longest = Math.max(0, ...this.defaultHours, ...configured.flat());
    const lots = await liveLotsEndingBefore(this.db.manager, now, new Date(now.getTime() + longest * 3_600_000));
    let added = 0;
    for (const lot of lots) added += await this.remindOf(lot, now);
    return added;
  }

  /** What the brand chose in its configuration, else its env hours, else the deployment's. */
  private hoursOf(brand: string): readonly number[] {
    return this.brandConfigured.of(brand) ?? this.brandHours.get(brand) ?? this.defaultHours;
  }

  private async remindOf(lot: NotificationLot, now: Date): Promise<number> {
    const hoursLeft = (lot.finalEnd!.getTime() - now.getTime()) / 3_600_000;
    const due = this.hoursOf(lot.brand).filter((hours) => hoursLeft <= hours);
    if (due.length === 0) return 0;
    const hours = Math.min(...due);
    const text = noticeText('ENDING_SOON', lot, { hours });
    const added = await this.db.transaction(async (manager) => {
      const users = await followers(manager, lot.lotId, { watching: true, bid: true });
      const stored = await this.store.add(
        manager,
        users.map((userId) => ({
          userId,
          brand: lot.brand,
          kind: 'ENDING_SOON' as const,
          lotId: lot.lotId,
          occurrence: `${lot.round}:${hours}h`,
          link: lotPath(lot),
          ...text,
        })),
      );
      const emailed = await this.emails.send(
        manager,
        stored.map((notification) => ({ notification, lot, detail: { hours } })),
      );
      return { stored, emailed };
    });
    if (added.emailed > 0) this.outbox.kick();
    this.pushes.send(added.stored);
    return added.stored.length;
  }
}
