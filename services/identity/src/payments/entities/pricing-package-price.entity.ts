import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CENTS } from './cents.transformer';

/**
 * The prices of the catalogue's pricing packages, as the payment layer reads them (PricingCatalog
 * port). Seeded here until the catalogue service publishes its packages (docs/decisions.md "Payments").
 */
@Entity({ schema: 'identity', name: 'pricing_package_prices' })
export class PricingPackagePriceEntity {
  @PrimaryColumn('text')
  brand: string;

  @PrimaryColumn('text', { name: 'package_id' })
  packageId: string;

  @Column('text')
  title: string;

  /** AUCTION, LISTING or DIRECTORY. */
  @Column('text')
  type: string;

  @Column('text')
  currency: string;

  @Column('boolean', { default: true })
  enabled: boolean;

  @Column('boolean', { name: 'is_free', default: false })
  isFree: boolean;

  @Column('bigint', { name: 'one_time_cents', nullable: true, transformer: CENTS })
  oneTimeCents: number | null;

  @Column('bigint', { name: 'monthly_cents', nullable: true, transformer: CENTS })
  monthlyCents: number | null;

  @Column('bigint', { name: 'yearly_cents', nullable: true, transformer: CENTS })
  yearlyCents: number | null;

  /** The Snappr option's price (spec 001: USD, from the package); null when the package does not offer it. */
  @Column('bigint', { name: 'snappr_cents', nullable: true, transformer: CENTS })
  snapprCents: number | null;

  @Column('boolean', { name: 'snappr_forced', default: false })
  snapprForced: boolean;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
