import { Injectable } from '@nestjs/common';

/** The auction configuration of a brand (spec 000 section 3 / 001 section 9), money in cents. */
export interface BrandAuctionSettings {
  sniperProtectionSeconds: number;
  displayLimit: number;
  dateRangeLimitDays: number;
  bidMinimumIncrementCents: number;
  reserveMeterEnabled: boolean;
  reserveMeterFillColor: string;
  /** Bidding needs an active payment hold on the lot (identity's PaymentHoldPlaced); docs/decisions.md "Bid holds". */
  bidHoldRequired: boolean;
  /** The hold's amount in cents (identity charges it, reading the same BrandAuctionConfigured events). */
  bidHoldAmountCents: number;
}

export const DEFAULT_AUCTION_SETTINGS: BrandAuctionSettings = {
  sniperProtectionSeconds: 120,
  displayLimit: 15,
  dateRangeLimitDays: 7,
  bidMinimumIncrementCents: 100,
  reserveMeterEnabled: true,
  reserveMeterFillColor: 'green',
  bidHoldRequired: false,
  bidHoldAmountCents: 10_000,
};

/**
 * Per-brand auction settings. Brand configuration is owned by the catalogue service: its
 * `BrandAuctionConfigured` events are applied here by BrandAuctionSettingsFollower; a brand that
 * never configured its auctions keeps the spec's defaults. Tests may also override values directly.
 */
@Injectable()
export class BrandAuctionSettingsProvider {
  private readonly overrides = new Map<string, Partial<BrandAuctionSettings>>();

  forBrand(brand: string): BrandAuctionSettings {
    return { ...DEFAULT_AUCTION_SETTINGS, ...this.overrides.get(brand) };
  }

  override(brand: string, settings: Partial<BrandAuctionSettings>): void {
    this.overrides.set(brand, { ...this.overrides.get(brand), ...settings });
  }
}
