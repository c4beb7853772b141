import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Provider notifications received (providers deliver at least once). A row is written before the
 * event is applied and marked processed after, so a crash in between leaves it unprocessed and a
 * re-delivery applies it; a processed one is a replay (docs/payments.md "Notifications").
 */
@Entity({ schema: 'identity', name: 'payment_webhook_events' })
export class PaymentWebhookEventEntity {
  @PrimaryColumn('text')
  adapter: string;

  @PrimaryColumn('text', { name: 'event_id' })
  eventId: string;

  @Column('text')
  kind: string;

  @Column('text', { name: 'provider_ref', nullable: true })
  providerRef: string | null;

  @Column('timestamptz', { name: 'received_at' })
  receivedAt: Date;

  @Column('timestamptz', { name: 'processed_at', nullable: true })
  processedAt: Date | null;
}
