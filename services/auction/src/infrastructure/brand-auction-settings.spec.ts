import { DEFAULT_BRAND_AUCTION_SETTINGS } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { BrandAuctionSettingsProvider } from './brand-auction-settings';

describe('brand auction settings', () => {
  it("give a brand nobody configured the contract's one copy of the defaults, and keep overrides per brand", () => {
    const settings = new BrandAuctionSettingsProvider();
    expect(settings.forBrand('apex')).toEqual(DEFAULT_BRAND_AUCTION_SETTINGS);
    settings.override('apex', { bidMinimumIncrementCents: 250 });
    expect(settings.forBrand('apex')).toEqual({ ...DEFAULT_BRAND_AUCTION_SETTINGS, bidMinimumIncrementCents: 250 });
    expect(settings.forBrand('other').bidMinimumIncrementCents).toBe(100);
  });
});
