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
  /**
   * Hours before a LIVE lot's end when watchers and bidders get an "ends in" reminder (issue 21),
   * largest first. Absent or null: the deployment's default (identity's NOTIFICATION_REMINDER_HOURS,
   * DEFAULT_ENDING_REMINDER_HOURS unless set), docs/notifications.md "Ending reminders".
   */
  endingReminderHours?: ReadonlyArray<number> | null;
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

/** The ending reminders a brand gets until it chooses its own: 24 hours and 1 hour before the end. */
export const DEFAULT_ENDING_REMINDER_HOURS: readonly number[] = Object.freeze([24, 1]);

/** The longest reminder a brand may ask for (30 days) and how many reminders one lot may send. */
export const MAX_ENDING_REMINDER_HOURS = 24 * 30;
export const MAX_ENDING_REMINDERS = 5;
export const ENDING_REMINDER_HOURS_MESSAGE = 'Reminder hours: one to five whole numbers of hours, each from 1 to 720 (30 days).';

/** A brand's reminder hours as stored and announced: whole, in range, without repeats, largest first; null when unusable. */
export function normalizeEndingReminderHours(hours: readonly number[]): number[] | null {
  const unique = [...new Set(hours)].sort((a, b) => b - a);
  const usable = unique.every((hour) => Number.isInteger(hour) && hour >= 1 && hour <= MAX_ENDING_REMINDER_HOURS);
  return usable && unique.length >= 1 && unique.length <= MAX_ENDING_REMINDERS ? unique : null;
}

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
