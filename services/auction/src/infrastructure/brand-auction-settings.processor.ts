import { Injectable } from '@nestjs/common';
import { BRAND_EVENTS, BRAND_STREAM_PREFIX, decodeBrandAuctionConfigured, type BrandAuctionConfiguredData } from '@trackside/contracts';
import { defineProcessor, type DefinedProcessor } from '@trackside/event-store';
import type { DeclaresProcessor } from '@trackside/platform';
import { BrandAuctionSettingsProvider, type BrandAuctionSettings } from './brand-auction-settings';

/** Processor name (in memory, no checkpoint row). */
export const BRAND_AUCTION_SETTINGS_PROCESSOR = 'auction-brand-settings';

/**
 * Keeps the per-brand auction settings in step with the catalogue service, which owns brand
 * configuration and appends `BrandAuctionConfigured` to `brand-<brand>` on every change. Read from
 * the start of the log at boot by the auction's processor host (the service answers with the
 * brands' real settings from its first request), then live.
 */
@Injectable()
export class BrandAuctionSettingsFollower implements DeclaresProcessor {
  readonly processor: DefinedProcessor<undefined>;

  constructor(settings: BrandAuctionSettingsProvider) {
    this.processor = defineProcessor<undefined>({
      name: BRAND_AUCTION_SETTINGS_PROCESSOR,
      filter: { streamPrefixes: [BRAND_STREAM_PREFIX], eventTypes: [BRAND_EVENTS.auctionConfigured] },
      mode: 'from-start',
      handle: (batch) => {
        for (const event of batch) {
          // The contract's decoder: the brand from the data or the metadata; a field an older event lacks reads as the default.
          const data = decodeBrandAuctionConfigured(event);
          if (data) settings.override(data.brand, settingsFrom(data));
        }
      },
    });
  }
}

type FollowedSettings = Partial<BrandAuctionSettings> & { bidHoldRequired?: boolean; bidHoldAmountCents?: number };

/** Version tolerant: only the fields present with the right type are applied; the rest keep their value. */
export function settingsFrom(data: Partial<BrandAuctionConfiguredData>): Partial<BrandAuctionSettings> {
  const settings: FollowedSettings = {};
  const count = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (count(data.sniperProtectionSeconds)) settings.sniperProtectionSeconds = data.sniperProtectionSeconds;
  if (count(data.displayLimit) && data.displayLimit > 0) settings.displayLimit = data.displayLimit;
  if (count(data.dateRangeLimitDays) && data.dateRangeLimitDays > 0) settings.dateRangeLimitDays = data.dateRangeLimitDays;
  if (count(data.bidMinimumIncrementCents)) settings.bidMinimumIncrementCents = data.bidMinimumIncrementCents;
  if (typeof data.reserveMeterEnabled === 'boolean') settings.reserveMeterEnabled = data.reserveMeterEnabled;
  if (typeof data.reserveMeterFillColor === 'string' && data.reserveMeterFillColor)
    settings.reserveMeterFillColor = data.reserveMeterFillColor;
  if (typeof data.bidHoldRequired === 'boolean') settings.bidHoldRequired = data.bidHoldRequired;
  if (count(data.bidHoldAmountCents)) settings.bidHoldAmountCents = data.bidHoldAmountCents;
  // The increment ladder (issue 21). The event is the brand's whole configuration: no ladder in it is no ladder (as realtime reads it).
  settings.bidIncrementLadder = data.bidIncrementLadder ?? null;
  return settings;
}
