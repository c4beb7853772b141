import { DEFAULT_BRAND_AUCTION_SETTINGS, decodeBrandAuctionConfigured } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';

/** The spec's default minimum increment while a brand never configured one: the contract's one copy of the brand defaults. */
export const DEFAULT_INCREMENT_CENTS = DEFAULT_BRAND_AUCTION_SETTINGS.bidMinimumIncrementCents;

/**
 * Each brand's bidMinimumIncrement, as the catalogue announces it (`BrandAuctionConfigured` on
 * `brand-<brand>`, the events the auction service's bid decider follows too). The room's
 * `minimumBid` uses it for lots that set no increment of their own, so the pushed minimum is the
 * one the next bid is checked against. Fed by its processor (brand-increments.processor.ts): from
 * the start of the log at boot, then live.
 */
export class BrandIncrements {
  private readonly cents = new Map<string, number>();

  forBrand(brand: string): number {
    return this.cents.get(brand) ?? DEFAULT_INCREMENT_CENTS;
  }

  /** Folds brand events in; answers the brands whose increment changed. */
  apply(events: RecordedEvent[]): string[] {
    const changed: string[] = [];
    for (const event of events) {
      // The contract's decoder: the brand from the data or the metadata, a missing increment as the default.
      const data = decodeBrandAuctionConfigured(event);
      if (!data) continue;
      const { brand, bidMinimumIncrementCents: cents } = data;
      if (this.cents.get(brand) === cents) continue;
      this.cents.set(brand, cents);
      changed.push(brand);
    }
    return changed;
  }
}
