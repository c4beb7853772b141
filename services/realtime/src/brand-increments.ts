import { BRAND_EVENTS, type BrandAuctionConfiguredData } from '@trackside/contracts';
import { FollowFromStart, type EventStore, type RecordedEvent } from '@trackside/event-store';
import { FollowerReporter, REALTIME_BRAND_INCREMENTS_FILTER } from './realtime-processors';

/** The spec's default minimum increment (1.00) while a brand never configured one (spec 001 section 9). */
export const DEFAULT_INCREMENT_CENTS = 100;

/**
 * Each brand's bidMinimumIncrement, as the catalogue announces it (`BrandAuctionConfigured` on
 * `brand-<brand>`, the events the auction service's bid decider follows too). The room's
 * `minimumBid` uses it for lots that set no increment of their own, so the pushed minimum is the
 * one the next bid is checked against. Read from the start of the log at boot, then live.
 */
export class BrandIncrements {
  private readonly cents = new Map<string, number>();
  private readonly follower = new FollowFromStart();
  private running = false;
  /** For Tools > Processing status (this instance). */
  readonly reporter = new FollowerReporter(() => (this.running ? this.follower.position() : null));

  forBrand(brand: string): number {
    return this.cents.get(brand) ?? DEFAULT_INCREMENT_CENTS;
  }

  /** Folds brand events in; answers the brands whose increment changed. */
  apply(events: RecordedEvent[]): string[] {
    const changed: string[] = [];
    for (const event of events) {
      if (event.type !== BRAND_EVENTS.auctionConfigured) continue;
      const data = (event.data ?? {}) as Partial<BrandAuctionConfiguredData>;
      const brand = data.brand ?? event.metadata.brand;
      const cents = data.bidMinimumIncrementCents;
      if (!brand || typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) continue;
      if (this.cents.get(brand) === cents) continue;
      this.cents.set(brand, cents);
      changed.push(brand);
    }
    return changed;
  }

  async follow(store: Pick<EventStore, 'follow'>, onChange: (brands: string[]) => void, onError: (error: unknown) => void): Promise<void> {
    this.running = true;
    await this.follower.start(
      store,
      (events) => {
        const changed = this.apply(events);
        this.reporter.moved();
        if (changed.length > 0) onChange(changed);
      },
      {
        filter: REALTIME_BRAND_INCREMENTS_FILTER,
        onError: (error) => {
          this.reporter.failed(error);
          onError(error);
        },
      },
    );
  }

  stop(): Promise<void> {
    this.running = false;
    return this.follower.stop();
  }
}
