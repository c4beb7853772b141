import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CENTS } from '../../payments/entities/cents.transformer';

/** A discount (percent or fixed amount) that promotion codes point to. */
@Entity({ schema: 'identity', name: 'coupons' })
@Index('coupons_brand_idx', ['brand'])
export class CouponEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('text')
  name: string;

  /** 1..100, or null with amountOffCents. */
  @Column('integer', { name: 'percent_off', nullable: true })
  percentOff: number | null;

  @Column('bigint', { name: 'amount_off_cents', nullable: true, transformer: CENTS })
  amountOffCents: number | null;

  @Column('text', { default: 'USD' })
  currency: string;

  @Column('boolean', { default: true })
  active: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
