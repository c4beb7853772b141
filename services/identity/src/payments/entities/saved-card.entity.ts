import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The card a user saved with a provider (only references and display details, never the number). */
@Entity({ schema: 'identity', name: 'saved_cards' })
export class SavedCardEntity {
  @PrimaryColumn('text')
  brand: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @PrimaryColumn('text')
  adapter: string;

  @Column('text', { name: 'customer_ref' })
  customerRef: string;

  @Column('text', { name: 'payment_method_ref' })
  paymentMethodRef: string;

  @Column('text', { name: 'card_brand' })
  cardBrand: string;

  @Column('text')
  last4: string;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
