import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The payments (succeeded or failed) already applied to a directory entry's plan. The payments
 * follower reads the log from the start at every boot; a payment extends a period once because its
 * row is written in the same transaction as the entry's change (docs/decisions.md "Directory subscriptions").
 */
@Entity({ name: 'directory_subscription_payments' })
export class DirectorySubscriptionPaymentEntity {
  /** Identity's payment id (or the event id of an announcement without one), with what was announced: `<id>:succeeded` or `<id>:failed`. */
  @PrimaryColumn({ name: 'payment_key', type: 'text' }) paymentKey: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ name: 'directory_id', type: 'uuid' }) directoryId: string;
  /** What it did: renewed, started, pastDue or ignored. */
  @Column({ type: 'text' }) outcome: string;
  @Column({ name: 'applied_at', type: 'timestamptz' }) appliedAt: Date;
}
