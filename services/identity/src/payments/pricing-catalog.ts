import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { PricingPackagePriceEntity } from './entities/pricing-package-price.entity';

export interface PackagePrice {
  packageId: string;
  title: string;
  type: string;
  currency: string;
  isFree: boolean;
  /** Price per payment type in cents; null when that option is not enabled. */
  prices: { ONE_TIME: number | null; MONTHLY: number | null; YEARLY: number | null };
  /** The Snappr photography option (AUCTION packages): its price in cents and whether it is forced on; null when not offered. */
  snappr?: { priceCents: number; forced: boolean } | null;
}

/**
 * The PricingCatalog port: the server's price list. Pricing packages belong to the catalogue
 * service; identity keeps their prices in identity.pricing_package_prices, filled from the
 * catalogue's `PricingPackagePriced` events (PricingPackagesProcessor) and seeded for the demo and
 * tests (`upsert`). Amounts charged always come from here, never from the client.
 */
export abstract class PricingCatalog {
  abstract find(brand: string, packageId: string): Promise<PackagePrice | null>;
  abstract upsert(brand: string, price: PackagePrice, now: Date): Promise<void>;
}

@Injectable()
export class TablePricingCatalog extends PricingCatalog {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async find(brand: string, packageId: string): Promise<PackagePrice | null> {
    if (packageId.length > 200) return null;
    const row = await this.db.getRepository(PricingPackagePriceEntity).findOneBy({ brand, packageId, enabled: true });
    if (!row) return null;
    return {
      packageId: row.packageId,
      title: row.title,
      type: row.type,
      currency: row.currency,
      isFree: row.isFree,
      prices: { ONE_TIME: row.oneTimeCents, MONTHLY: row.monthlyCents, YEARLY: row.yearlyCents },
      snappr: row.snapprCents === null ? null : { priceCents: row.snapprCents, forced: row.snapprForced },
    };
  }

  async upsert(brand: string, price: PackagePrice, now: Date): Promise<void> {
    await this.db.getRepository(PricingPackagePriceEntity).save({
      brand,
      packageId: price.packageId,
      title: price.title,
      type: price.type,
      currency: price.currency,
      enabled: true,
      isFree: price.isFree,
      oneTimeCents: price.prices.ONE_TIME,
      monthlyCents: price.prices.MONTHLY,
      yearlyCents: price.prices.YEARLY,
      snapprCents: price.snappr?.priceCents ?? null,
      snapprForced: price.snappr?.forced ?? false,
      updatedAt: now,
    });
  }
}

/** Demo packages (the catalogue's demo ids), seeded by `seedPricingPackages` for the demo and tests. */
export const DEMO_PACKAGE_PRICES: PackagePrice[] = [
  {
    packageId: 'auction-basic',
    title: 'Auction Basic',
    type: 'AUCTION',
    currency: 'USD',
    isFree: false,
    prices: { ONE_TIME: 9_900, MONTHLY: null, YEARLY: null },
    snappr: { priceCents: 14_900, forced: false },
  },
  {
    packageId: 'listing-featured',
    title: 'Featured Listing',
    type: 'LISTING',
    currency: 'USD',
    isFree: false,
    prices: { ONE_TIME: 4_900, MONTHLY: 1_500, YEARLY: 15_000 },
  },
  {
    packageId: 'directory-featured',
    title: 'Featured Directory',
    type: 'DIRECTORY',
    currency: 'USD',
    isFree: false,
    prices: { ONE_TIME: null, MONTHLY: 2_900, YEARLY: 29_000 },
  },
  {
    packageId: 'directory-free',
    title: 'Free Directory',
    type: 'DIRECTORY',
    currency: 'USD',
    isFree: true,
    prices: { ONE_TIME: null, MONTHLY: null, YEARLY: null },
  },
];
