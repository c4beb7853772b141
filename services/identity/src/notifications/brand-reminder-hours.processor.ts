import { Injectable } from '@nestjs/common';
import { BRAND_EVENTS, BRAND_STREAM_PREFIX, decodeBrandAuctionConfigured } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor, type EventFilter } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';

/** Follower name (in memory, no checkpoint row) and what it reads. */
export const BRAND_REMINDER_HOURS_FOLLOWER = 'identity-brand-reminder-hours';
export const BRAND_REMINDER_HOURS_FILTER: EventFilter = {
  streamPrefixes: [BRAND_STREAM_PREFIX],
  eventTypes: [BRAND_EVENTS.auctionConfigured],
};

/**
 * The ending-reminder hours each brand chose in its auction configuration (issue 21,
 * docs/notifications.md "Ending reminders"), from the catalogue's `BrandAuctionConfigured`: read
 * from the log start at boot by identity's processor host, then live. A brand that never chose, or
 * removed its choice (the event carries no hours), is absent, so the deployment's hours apply.
 */
@Injectable()
export class BrandReminderHoursFollower implements DeclaresProcessor {
  private readonly hours = new Map<string, readonly number[]>();

  readonly processor: DefinedProcessor<undefined> = defineProcessor<undefined>({
    name: BRAND_REMINDER_HOURS_FOLLOWER,
    filter: BRAND_REMINDER_HOURS_FILTER,
    mode: 'from-start',
    handle: (batch) => {
      for (const event of batch) this.apply(event);
    },
  });

  /** The brand's own hours, largest first, or undefined when it uses the deployment's. */
  of(brand: string): readonly number[] | undefined {
    return this.hours.get(brand);
  }

  /** Every brand's own hours (the sweeper looks as far ahead as the longest). */
  all(): ReadonlyArray<readonly number[]> {
    return [...this.hours.values()];
  }

  /** Each event carries the whole configuration: without hours, the brand is back on the default. */
  apply(event: { type: string; data: unknown; metadata?: { brand?: string } }): void {
    const data = decodeBrandAuctionConfigured(event);
    if (!data) return;
    if (data.endingReminderHours)
      this.hours.set(
        data.brand,
        [...data.endingReminderHours].sort((a, b) => b - a),
      );
    else this.hours.delete(data.brand);
  }
}
