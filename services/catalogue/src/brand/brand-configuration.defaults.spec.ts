import { decodeBrandAuctionConfigured, DEFAULT_BRAND_AUCTION_SETTINGS } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { defaultBrandSettings } from './brand-configuration.defaults';
import { auctionEventData } from './brand-configuration.service';

describe('brand auction defaults in the catalogue', () => {
  it("are the contract's one copy, and a brand nobody configured announces exactly them", () => {
    const auction = defaultBrandSettings('apex').auctionConfiguration;
    const announced = auctionEventData('apex', auction);
    expect(announced).toEqual({ brand: 'apex', ...DEFAULT_BRAND_AUCTION_SETTINGS });
    expect(decodeBrandAuctionConfigured({ type: 'BrandAuctionConfigured', data: announced })).toEqual(announced);
  });
});
