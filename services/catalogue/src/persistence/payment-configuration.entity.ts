import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentProvider } from '../brand/brand-configuration.defaults';

/** The card provider settings a brand's web client needs (public keys only; secrets live in identity's config). */
@Entity({ name: 'payment_configurations' })
@Index('payment_configurations_brand_provider_uq', ['brand', 'provider'], { unique: true })
export class PaymentConfigurationEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  /** Written only through the validated configuration input (brand-content.service.ts). */
  @Column({ type: 'text' }) provider: PaymentProvider;
  @Column({ type: 'boolean', default: false }) active: boolean;
  @Column({ name: 'stripe_publishable_key', type: 'text', nullable: true }) stripePublishableKey: string | null;
  @Column({ name: 'app_id', type: 'text', nullable: true }) appId: string | null;
  @Column({ name: 'location_id', type: 'text', nullable: true }) locationId: string | null;
}
