import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A card a user saved with a provider (only references and display details, never the number). A
 * user may keep several per brand and adapter; the newest is the default (docs/payments.md).
 */
@Entity({ schema: 'identity', name: 'saved_cards' })
@Index('saved_cards_owner_idx', ['brand', 'userId', 'adapter', 'createdAt'])
@Index('saved_cards_method_uq', ['brand', 'userId', 'adapter', 'paymentMethodRef'], { unique: true })
export class SavedCardEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  adapter: string;

  @Column('text', { name: 'customer_ref' })
  customerRef: string;

  @Column('text', { name: 'payment_method_ref' })
  paymentMethodRef: string;

  @Column('text', { name: 'card_brand' })
  cardBrand: string;

  @Column('text')
  last4: string;

  @Column('integer', { name: 'exp_month', nullable: true })
  expMonth: number | null;

  @Column('integer', { name: 'exp_year', nullable: true })
  expYear: number | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
