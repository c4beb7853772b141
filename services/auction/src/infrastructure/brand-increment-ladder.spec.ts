import { decodeBrandAuctionConfigured } from '@trackside/contracts';
import { describe, expect, it } from 'vitest';
import { BrandAuctionSettingsProvider } from './brand-auction-settings';
import { settingsFrom } from './brand-auction-settings.processor';

// The increment ladder (issue 21, docs/proxy-bidding.md "Increments") reaches the bid command's
// brand settings from the catalogue's BrandAuctionConfigured; without one the flat increment stays.

const LADDER = [
  { belowCents: 100_000, incrementCents: 5_000 },
  { belowCents: null, incrementCents: 10_000 },
];

function apply(settings: BrandAuctionSettingsProvider, data: Record<string, unknown>): void {
  const decoded = decodeBrandAuctionConfigured({ type: 'BrandAuctionConfigured', data: { brand: 'apex', ...data }, metadata: {} });
  if (!decoded) throw new Error('not decoded');
  settings.override('apex', settingsFrom(decoded));
}

describe('the brand increment ladder in the auction settings', () => {
  it('takes the ladder a brand configured; an event without one (the whole configuration) or with null drops it', () => {
    const settings = new BrandAuctionSettingsProvider();
    expect(settings.forBrand('apex').bidIncrementLadder).toBeUndefined();
    apply(settings, { bidMinimumIncrementCents: 250, bidIncrementLadder: LADDER });
    expect(settings.forBrand('apex')).toMatchObject({ bidMinimumIncrementCents: 250, bidIncrementLadder: LADDER });
    apply(settings, { bidMinimumIncrementCents: 300 });
    expect(settings.forBrand('apex').bidIncrementLadder).toBeNull();
    apply(settings, { bidIncrementLadder: LADDER });
    apply(settings, { bidIncrementLadder: null });
    expect(settings.forBrand('apex').bidIncrementLadder).toBeNull();
  });

  it('reads a malformed ladder as none', () => {
    const settings = new BrandAuctionSettingsProvider();
    apply(settings, { bidIncrementLadder: [{ belowCents: 'lots', incrementCents: -1 }] });
    expect(settings.forBrand('apex').bidIncrementLadder).toBeNull();
    apply(settings, { bidIncrementLadder: [] });
    expect(settings.forBrand('apex').bidIncrementLadder).toBeNull();
  });
});
