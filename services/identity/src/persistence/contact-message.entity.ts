import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A contact-us or partner inquiry form as submitted (POST /email); its email goes through the outbox. */
@Entity({ schema: 'identity', name: 'contact_messages' })
@Index('contact_messages_brand_created_idx', ['brand', 'createdAt'])
export class ContactMessageEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  /** CONTACT_US, CONTACT_US_DEALER, CONTACT_US_PARTNER or PARTNER_INQUIRY. */
  @Column('text')
  type: string;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  email: string | null;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  subject: string | null;

  @Column('text', { nullable: true })
  tag: string | null;

  /** Every accepted `v:` field (reason, message, business fields). */
  @Column('jsonb')
  fields: Record<string, string>;

  @Column('uuid', { name: 'email_id' })
  emailId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
