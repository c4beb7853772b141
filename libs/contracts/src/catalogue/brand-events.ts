import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';
import { DEFAULT_BRAND_AUCTION_SETTINGS as DEFAULTS, MAX_ENDING_REMINDER_HOURS, type BrandAuctionSettings } from './brand-defaults';

/**
 * Integration events the catalogue service appends when staff change a brand's configuration.
 * Stream `brand-<brand>`; the auction service follows them for its per-brand auction settings.
 * Data shapes are version tolerant: readers default every field that is missing.
 */
export const BRAND_EVENTS = {
  auctionConfigured: 'BrandAuctionConfigured',
  profileConfigured: 'BrandProfileConfigured',
} as const;

export const BRAND_STREAM_PREFIX = 'brand-';

export function brandStreamId(brand: string): string {
  return `${BRAND_STREAM_PREFIX}${brand}`;
}

/** `BrandAuctionConfigured` data (v1): the brand's whole auction configuration after the change. Money in cents. */
export interface BrandAuctionConfiguredData extends BrandAuctionSettings {
  brand: string;
}

const count = (fallback: number) => z.number().int().nonnegative().catch(fallback);
const positive = (fallback: number) => z.number().int().positive().catch(fallback);
/** An increment ladder's band (issue 21, IncrementBand in libs/contracts/src/auction/lot-rules.ts); a malformed ladder reads as none. */
const incrementBand = z.object({ belowCents: z.number().int().positive().nullable(), incrementCents: z.number().int().positive() });

/**
 * Version-tolerant decoder of `BrandAuctionConfigured`: the brand (data, else metadata) is
 * required; a field that is missing or malformed reads as the spec's default (brand-defaults.ts).
 */
export const decodeBrandAuctionConfigured = eventDecoder(
  BRAND_EVENTS.auctionConfigured,
  z.object({
    brand: field.id(),
    sniperProtectionSeconds: count(DEFAULTS.sniperProtectionSeconds),
    displayLimit: positive(DEFAULTS.displayLimit),
    dateRangeLimitDays: positive(DEFAULTS.dateRangeLimitDays),
    bidMinimumIncrementCents: count(DEFAULTS.bidMinimumIncrementCents),
    reserveMeterEnabled: field.flag(DEFAULTS.reserveMeterEnabled),
    reserveMeterFillColor: z.string().min(1).catch(DEFAULTS.reserveMeterFillColor),
    bidHoldRequired: field.flag(DEFAULTS.bidHoldRequired),
    bidHoldAmountCents: count(DEFAULTS.bidHoldAmountCents),
    // Absent on brands without a ladder (and on every event before issue 21); null: the brand removed its ladder.
    bidIncrementLadder: z.array(incrementBand).min(1).nullable().optional().catch(null),
    // Absent unless the brand chose its own reminder hours; null or malformed: the deployment's default.
    endingReminderHours: z.array(z.number().int().positive().max(MAX_ENDING_REMINDER_HOURS)).min(1).nullable().optional().catch(null),
  }) satisfies z.ZodType<BrandAuctionConfiguredData>,
);

/**
 * `BrandProfileConfigured` data (v1): how the brand names itself (its configuration's companyName,
 * e.g. "Trackside Jewelry"). The identity service follows it for email subjects and texts.
 */
export interface BrandProfileConfiguredData {
  brand: string;
  companyName: string;
  /**
   * The brand's look in emails (issue 23, additions within v1): its theme's primary colour and header
   * logo, present only when they differ from the default theme; each event carries the whole profile, so
   * an absent field means the default.
   */
  primaryColor?: string;
  headerLogo?: string;
}

/** Version-tolerant decoder of `BrandProfileConfigured`: the brand (data, else metadata) and a non-empty name are required. */
export const decodeBrandProfileConfigured = eventDecoder(
  BRAND_EVENTS.profileConfigured,
  z.object({
    brand: field.id(),
    companyName: z.string().trim().min(1),
    // An unreadable colour or logo reads as the default look, never as a refused event.
    primaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{3,8}$/)
      .optional()
      .catch(undefined),
    headerLogo: z.string().trim().min(1).optional().catch(undefined),
  }) satisfies z.ZodType<BrandProfileConfiguredData>,
);
