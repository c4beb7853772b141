/**
 * Integration events the catalogue service appends when staff change a brand's configuration.
 * Stream `brand-<brand>`; the auction service follows them for its per-brand auction settings.
 * Data shapes are version tolerant: readers default every field that is missing.
 */
export const BRAND_EVENTS = {
  auctionConfigured: 'BrandAuctionConfigured',
} as const;

export const BRAND_STREAM_PREFIX = 'brand-';

export function brandStreamId(brand: string): string {
  return `${BRAND_STREAM_PREFIX}${brand}`;
}

/** `BrandAuctionConfigured` data (v1): the brand's whole auction configuration after the change. Money in cents. */
export interface BrandAuctionConfiguredData {
  brand: string;
  sniperProtectionSeconds: number;
  displayLimit: number;
  dateRangeLimitDays: number;
  bidMinimumIncrementCents: number;
  reserveMeterEnabled: boolean;
  reserveMeterFillColor: string;
  /** A bid needs a card hold first (payments, identity service). */
  bidHoldRequired: boolean;
  bidHoldAmountCents: number;
}
