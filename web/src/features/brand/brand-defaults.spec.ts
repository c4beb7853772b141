import { describe, expect, it } from 'vitest';
import { defaultBrandConfig, mergeBrandConfig } from './brand-defaults';
import { relabel } from './wording';

describe('brand fallback', () => {
  it('has built-in trackside and jewelry configurations with the spec’s auction defaults', () => {
    const jewelry = defaultBrandConfig('jewelry');
    expect(jewelry.wording).toBe('jewelry');
    expect(defaultBrandConfig('trackside').auctionConfiguration).toEqual({
      sniperProtectionTime: 120,
      displayLimit: 15,
      dateRangeLimit: 7,
      bidMinimumIncrement: 1,
      bidHoldRequired: false,
      bidHoldAmount: 100,
      reserveMeter: { enabled: true, fillColor: 'green', pdfGuide: null },
    });
    expect(defaultBrandConfig('other').companyName).toBe('Other');
  });

  it('merges the server’s answer over the defaults, keeping defaults for missing or null fields', () => {
    const merged = mergeBrandConfig(defaultBrandConfig('trackside'), {
      companyName: 'Racing Co',
      theme: { primaryColor: '#123456', darkMode: null },
      auctionConfiguration: { reserveMeter: { fillColor: '#00ff00' } },
    });
    expect(merged.companyName).toBe('Racing Co');
    expect(merged.theme.primaryColor).toBe('#123456');
    expect(merged.theme.darkMode).toBe(false);
    expect(merged.auctionConfiguration.reserveMeter).toEqual({ enabled: true, fillColor: '#00ff00', pdfGuide: null });
    expect(merged.fromServer).toBe(true);
  });
});

describe('jewelry wording', () => {
  it('relabels vehicle as jewelry and Paddock as Shop, and nothing for other brands', () => {
    expect(relabel('Sell My Vehicle', { wording: 'jewelry' })).toBe('Sell My Jewelry');
    expect(relabel('Browse vehicles in the Paddock', { wording: 'jewelry' })).toBe('Browse jewelry in the Shop');
    expect(relabel('Sell My Vehicle', { wording: 'vehicle' })).toBe('Sell My Vehicle');
  });

  it('applies the server’s replacements in order when configurationByBrand sends them', () => {
    const merged = mergeBrandConfig(defaultBrandConfig('jewelry'), {
      wordingRules: {
        brandName: 'Gems',
        replacements: [
          { from: 'Vehicle', to: 'Jewelry' },
          { from: 'Paddock', to: 'Shop' },
          { from: 'Trackside', to: 'Gems' },
        ],
      },
    });
    expect(merged.wording).toBe('jewelry');
    expect(relabel('Trackside Paddock: Sell My Vehicle', merged)).toBe('Gems Shop: Sell My Jewelry');
    const plain = mergeBrandConfig(defaultBrandConfig('trackside'), { wordingRules: { brandName: 'Trackside', replacements: [] } });
    expect(plain.wording).toBe('vehicle');
    expect(relabel('Sell My Vehicle', plain)).toBe('Sell My Vehicle');
  });
});
