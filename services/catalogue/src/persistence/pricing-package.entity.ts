import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface SellingPointData {
  text: string;
  subtext: string | null;
}

/** Both package shapes of the spec (directory plans: type DIRECTORY; listing and auction packages). Prices in cents. */
@Entity({ name: 'pricing_packages' })
@Index('pricing_packages_brand_type_idx', ['brand', 'type', 'weighting'])
export class PricingPackageEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'boolean', default: true }) enabled: boolean;
  @Column({ type: 'text', default: 'USD' }) currency: string;
  @Column({ type: 'boolean', default: false }) featured: boolean;
  @Column({ name: 'is_free', type: 'boolean', default: false }) isFree: boolean;
  @Column({ name: 'image_limit', type: 'integer', default: 0 }) imageLimit: number;
  @Column({ name: 'video_limit', type: 'integer', default: 0 }) videoLimit: number;
  @Column({ name: 'listing_limit', type: 'integer', default: 0 }) listingLimit: number;
  @Column({ name: 'listing_limit_max', type: 'integer', default: 0 }) listingLimitMax: number;
  @Column({ type: 'integer', default: 0 }) weighting: number;
  @Column({ name: 'permitted_categories', type: 'text', array: true, default: () => "'{}'" }) permittedCategories: string[];
  @Column({ name: 'restricted_categories', type: 'text', array: true, default: () => "'{}'" }) restrictedCategories: string[];
  @Column({ name: 'selling_points', type: 'jsonb', default: () => "'[]'" }) sellingPoints: SellingPointData[];
  @Column({ name: 'one_time_enabled', type: 'boolean', default: false }) oneTimeEnabled: boolean;
  @Column({ name: 'one_time_price_cents', type: 'bigint', default: 0 }) oneTimePriceCents: string;
  @Column({ name: 'monthly_enabled', type: 'boolean', default: false }) monthlyEnabled: boolean;
  @Column({ name: 'monthly_price_cents', type: 'bigint', default: 0 }) monthlyPriceCents: string;
  @Column({ name: 'yearly_enabled', type: 'boolean', default: false }) yearlyEnabled: boolean;
  @Column({ name: 'yearly_price_cents', type: 'bigint', default: 0 }) yearlyPriceCents: string;
  @Column({ name: 'per_listing_enabled', type: 'boolean', default: false }) perListingEnabled: boolean;
  @Column({ name: 'per_listing_price_cents', type: 'bigint', default: 0 }) perListingPriceCents: string;
  /** Days a listing under this package stays active (null: no expiry). */
  @Column({ name: 'active_period', type: 'integer', nullable: true }) activePeriod: number | null;
  @Column({ name: 'snappr_enabled', type: 'boolean', default: false }) snapprEnabled: boolean;
  @Column({ name: 'snappr_force_enabled', type: 'boolean', default: false }) snapprForceEnabled: boolean;
  @Column({ name: 'snappr_price_cents', type: 'bigint', default: 0 }) snapprPriceCents: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
