import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** HELD: reserved for one open payment until `expiresAt`; REDEEMED: that payment was PAID or FREE. */
export const REDEMPTION_STATES = ['HELD', 'REDEEMED'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

/**
 * One use of a promotion code by one payment, written in the same transaction as that payment. A
 * released hold (payment failed, canceled, replaced or the hold expired) is deleted, so the unique
 * index counts HELD and REDEEMED alike: one per user (docs/decisions.md "Promotion codes held per intent").
 */
@Entity({ schema: 'identity', name: 'promotion_redemptions' })
@Index('promotion_redemptions_user_uq', ['promotionId', 'userId'], { unique: true })
@Index('promotion_redemptions_payment_idx', ['paymentId'])
@Index('promotion_redemptions_held_idx', ['expiresAt'], { where: `"state" = 'HELD'` })
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

  @Column('text')
  state: RedemptionState;

  /** When the code was taken for the payment. */
  @Column('timestamptz', { name: 'held_at' })
  heldAt: Date;

  /** Until when a HELD code stays with its payment; null once REDEEMED. */
  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  /** When the payment became PAID or FREE; null while HELD. */
  @Column('timestamptz', { name: 'redeemed_at', nullable: true })
  redeemedAt: Date | null;
}
