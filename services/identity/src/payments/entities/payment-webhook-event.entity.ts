import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Provider notifications already applied (providers deliver at least once). */
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
}
