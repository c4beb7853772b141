import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One use of a promotion code, written in the same transaction as the payment that uses it. */
@Entity({ schema: 'identity', name: 'promotion_redemptions' })
@Index('promotion_redemptions_user_uq', ['promotionId', 'userId'], { unique: true })
export class PromotionRedemptionEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'promotion_id' })
  promotionId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('uuid', { name: 'payment_id' })
  paymentId: string;

  @Column('timestamptz', { name: 'redeemed_at' })
  redeemedAt: Date;
}
