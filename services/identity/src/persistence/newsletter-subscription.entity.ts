import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A newsletter sign-up (POST /subscribe), one per email and brand. */
@Entity({ schema: 'identity', name: 'newsletter_subscriptions' })
@Index('newsletter_subscriptions_brand_email_uq', ['brand', 'email'], { unique: true })
export class NewsletterSubscriptionEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  /** Lower-cased and trimmed. */
  @Column('text')
  email: string;

  @Column('text', { nullable: true })
  name: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
