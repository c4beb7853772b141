/**
 * A brand's auction configuration defaults, the one copy every service and the web app use
 * (spec 000 section 9 and 001 section 9: sniper protection 120 seconds, display limit 15, date
 * range limit 7 days, minimum increment 1, reserve meter enabled with green fill). The bid hold
 * (docs/decisions.md "Bid holds") is off by default and 100.00 when a brand turns it on. Money in
 * cents. docs/decisions.md "Event codecs and single rules (issue 19 part 1)".
 */
export interface BrandAuctionSettings {
  sniperProtectionSeconds: number;
  displayLimit: number;
  dateRangeLimitDays: number;
  bidMinimumIncrementCents: number;
  reserveMeterEnabled: boolean;
  reserveMeterFillColor: string;
  /** Bidding needs an active payment hold on the lot (identity's PaymentHoldPlaced). */
  bidHoldRequired: boolean;
  /** The hold's amount, charged by identity and asked for by the auction's bid rule. */
  bidHoldAmountCents: number;
  /**
   * The brand's increment ladder (issue 21): price bands that replace the flat increment when set.
   * Absent or null: the flat `bidMinimumIncrementCents` (the spec's contract). Same shape as
   * IncrementBand in libs/contracts/src/auction/lot-rules.ts (this file stays dependency-free).
   */
  bidIncrementLadder?: ReadonlyArray<{ belowCents: number | null; incrementCents: number }> | null;
}

export const DEFAULT_BRAND_AUCTION_SETTINGS: Readonly<BrandAuctionSettings> = Object.freeze({
  sniperProtectionSeconds: 120,
  displayLimit: 15,
  dateRangeLimitDays: 7,
  bidMinimumIncrementCents: 100,
  reserveMeterEnabled: true,
  reserveMeterFillColor: 'green',
  bidHoldRequired: false,
  bidHoldAmountCents: 10_000,
});

/** The default bid hold amount in cents: the one rule identity charges and the brand settings show. */
export const DEFAULT_BID_HOLD_AMOUNT_CENTS = DEFAULT_BRAND_AUCTION_SETTINGS.bidHoldAmountCents;

/**
 * What emails show of a brand until its configuration says otherwise (issue 23 "Branded emails"):
 * the default theme's primary colour (the catalogue's brand configuration default) and no logo image.
 */
export const DEFAULT_BRAND_EMAIL_THEME: Readonly<{ primaryColor: string; logoUrl: string | null }> = Object.freeze({
  primaryColor: '#D7262B',
  logoUrl: null,
});
