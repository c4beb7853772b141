import { DEFAULT_BRAND_AUCTION_SETTINGS, decodeBrandAuctionConfigured, type BrandIncrement } from '@trackside/contracts';
import type { RecordedEvent } from '@trackside/event-store';

/** The spec's default minimum increment while a brand never configured one: the contract's one copy of the brand defaults. */
export const DEFAULT_INCREMENT_CENTS = DEFAULT_BRAND_AUCTION_SETTINGS.bidMinimumIncrementCents;

/**
 * Each brand's bidMinimumIncrement, and its increment ladder when it has one (issue 21), as the
 * catalogue announces them (`BrandAuctionConfigured` on `brand-<brand>`, the events the auction
 * service's bid decider follows too). The room's `minimumBid` uses them for lots that set no
 * increment of their own, so the pushed minimum is the one the next bid is checked against. Fed by
 * its processor (brand-increments.processor.ts): from the start of the log at boot, then live.
 */
export class BrandIncrements {
  private readonly rules = new Map<string, BrandIncrement>();

  /** The flat increment in cents, or the rule with the brand's ladder (the contract's BrandIncrement). */
  forBrand(brand: string): BrandIncrement {
    return this.rules.get(brand) ?? DEFAULT_INCREMENT_CENTS;
  }

  /** Folds brand events in; answers the brands whose increment or ladder changed. */
  apply(events: RecordedEvent[]): string[] {
    const changed: string[] = [];
    for (const event of events) {
      // The contract's decoder: the brand from the data or the metadata, a missing increment as the default.
      const data = decodeBrandAuctionConfigured(event);
      if (!data) continue;
      const { brand, bidMinimumIncrementCents: cents, bidIncrementLadder: ladder } = data;
      const rule: BrandIncrement = ladder ? { flatCents: cents, ladder } : cents;
      if (JSON.stringify(this.rules.get(brand)) === JSON.stringify(rule)) continue;
      this.rules.set(brand, rule);
      changed.push(brand);
    }
    return changed;
  }
}
