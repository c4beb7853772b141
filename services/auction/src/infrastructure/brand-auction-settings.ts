import { Injectable } from '@nestjs/common';
import { DEFAULT_BRAND_AUCTION_SETTINGS, type BrandAuctionSettings } from '@trackside/contracts';

/** The auction configuration of a brand (spec 000 section 3 / 001 section 9), money in cents; the type and defaults are the contract's. */
export type { BrandAuctionSettings };

/** The spec's defaults, one copy for every service (libs/contracts/src/catalogue/brand-defaults.ts). */
export const DEFAULT_AUCTION_SETTINGS: Readonly<BrandAuctionSettings> = DEFAULT_BRAND_AUCTION_SETTINGS;

/**
 * Per-brand auction settings. Brand configuration is owned by the catalogue service: its
 * `BrandAuctionConfigured` events are applied here by BrandAuctionSettingsFollower (brand-auction-settings.processor.ts); a brand that
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
