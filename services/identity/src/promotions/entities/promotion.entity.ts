import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A promotion code of a brand, for one pricing package or all (null). */
@Entity({ schema: 'identity', name: 'promotions' })
@Index('promotions_brand_code_uq', ['brand', 'codeKey'], { unique: true })
export class PromotionEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('text')
  code: string;

  /** Lower-cased code: codes are matched without regard to case. */
  @Column('text', { name: 'code_key' })
  codeKey: string;

  @Column('text', { name: 'pricing_package_id', nullable: true })
  pricingPackageId: string | null;

  @Column('uuid', { name: 'coupon_id', nullable: true })
  couponId: string | null;

  @Column('boolean', { name: 'is_free', default: false })
  isFree: boolean;

  /** null: unlimited. */
  @Column('integer', { name: 'max_redemptions', nullable: true })
  maxRedemptions: number | null;

  @Column('integer', { name: 'times_redeemed', default: 0 })
  timesRedeemed: number;

  @Column('boolean', { default: true })
  active: boolean;

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
