import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Messages for the seller ("email the seller"), queued until identity's email outbox exists.
 * Not a projection: written directly, never truncated by a projections rebuild.
 */
@Entity({ schema: 'auction', name: 'email_outbox' })
@Index('email_outbox_brand_created_idx', ['brand', 'createdAt'])
export class EmailOutboxEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('text')
  to: string;

  @Column('text', { name: 'reply_to' })
  replyTo: string;

  @Column('text')
  subject: string;

  @Column('text')
  body: string;

  @Column('text', { default: 'general' })
  template: string;

  /** Variables of the 'general' template (header, subheader, content, auction). */
  @Column('jsonb', { default: {} })
  variables: Record<string, unknown>;

  @Column('text', { default: 'queued' })
  status: string;

  @Column('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('uuid', { name: 'sender_id' })
  senderId: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
