import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * captured: kept in the database only (no SMTP configured); pending: waiting for (another)
 * delivery attempt; sent: accepted by the SMTP server; failed: gave up after the last attempt.
 */
export type EmailStatus = 'captured' | 'pending' | 'sent' | 'failed';

/** Emails written in the same transaction as the change that causes them, delivered afterwards. */
@Entity({ schema: 'identity', name: 'email_outbox' })
@Index('email_outbox_brand_created_idx', ['brand', 'createdAt'])
@Index('email_outbox_due_idx', ['status', 'nextAttemptAt'])
export class EmailOutboxEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Column('text')
  template: string;

  @Column('uuid', { name: 'user_id', nullable: true })
  userId: string | null;

  @Column('text', { name: 'to_address' })
  toAddress: string;

  @Column('text', { name: 'from_address' })
  fromAddress: string;

  @Column('text')
  subject: string;

  /** Where replies go (a contact form's sender); the From stays the brand's own address. */
  @Column('text', { name: 'reply_to', nullable: true })
  replyTo: string | null;

  /** The sender's tag (POST /email `o:tag`), for filtering. */
  @Column('text', { nullable: true })
  tag: string | null;

  /** Cleared once delivered: the links inside are credentials. Kept while only captured. */
  @Column('text', { name: 'text_body', nullable: true })
  textBody: string | null;

  @Column('text', { name: 'html_body', nullable: true })
  htmlBody: string | null;

  @Column('text')
  status: EmailStatus;

  @Column('integer', { default: 0 })
  attempts: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError: string | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;

  @Column('text', { name: 'message_id', nullable: true })
  messageId: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;
}
