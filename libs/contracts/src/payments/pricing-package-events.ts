import { z } from 'zod';
import { eventDecoder, field } from '../codec/event-codec';

/**
 * Prices of pricing packages as the payment layer needs them. The catalogue service owns the
 * packages; it appends `PricingPackagePriced` to `pricing-package-<packageId>` whenever a package is
 * created or its prices, currency or enabled flag change, and the identity service keeps its price
 * list (the PricingCatalog port) from these events. Money in cents; an option that is not enabled
 * is null. Version tolerant: readers ignore unknown fields.
 */
export const PRICING_PACKAGE_EVENTS = {
  priced: 'PricingPackagePriced',
} as const;

export const PRICING_PACKAGE_STREAM_PREFIX = 'pricing-package-';

export function pricingPackageStreamId(packageId: string): string {
  return `${PRICING_PACKAGE_STREAM_PREFIX}${packageId}`;
}

export interface PricingPackagePricedData {
  brand: string;
  packageId: string;
  title: string;
  /** AUCTION, LISTING or DIRECTORY. */
  type: string;
  currency: string;
  enabled: boolean;
  isFree: boolean;
  oneTimePriceCents: number | null;
  monthlyPriceCents: number | null;
  yearlyPriceCents: number | null;
  /**
   * The Snappr photography option's price in cents (spec 001: USD, from the package), null when the
   * package does not offer it; added to an AUCTION package payment when the lot uses the service.
   * Absent in events written before it existed.
   */
  snapprPriceCents?: number | null;
  /** Whether the package forces Snappr on (the seller cannot opt out). */
  snapprForceEnabled?: boolean;
}

/** Version-tolerant decoder of `PricingPackagePriced`: `packageId` and the brand are required. */
export const decodePricingPackagePriced = eventDecoder(
  PRICING_PACKAGE_EVENTS.priced,
  z.object({
    brand: field.id(),
    packageId: field.id(),
    title: field.text(),
    type: field.text(),
    currency: field.text('USD'),
    // A package whose event predates the flag was on sale (the catalogue announced only enabled ones).
    enabled: field.flag(true),
    isFree: field.flag(),
    oneTimePriceCents: field.optionalCents(),
    monthlyPriceCents: field.optionalCents(),
    yearlyPriceCents: field.optionalCents(),
    snapprPriceCents: field.optionalCents(),
    snapprForceEnabled: field.flag(),
  }) satisfies z.ZodType<PricingPackagePricedData>,
);
