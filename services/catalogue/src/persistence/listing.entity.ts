import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MediaFileData } from './directory.entity';

export type ListingStatusValue = 'PENDING' | 'APPROVED' | 'DECLINED' | 'EXPIRED' | 'SOLD' | 'CANCELED';
/** FREE: the package charges nothing; UNPAID: waits for its package payment; PAID: identity announced PaymentSucceeded. */
export type ListingPaymentStatusValue = 'FREE' | 'UNPAID' | 'PAID';

/** A Paddock classified listing (spec 002 section 3). Price in cents; null when price on asking. */
@Entity({ name: 'listings' })
@Index('listings_brand_status_idx', ['brand', 'status', 'category', 'type'])
@Index('listings_brand_user_idx', ['brand', 'userId', 'packageId'])
@Index('listings_slug_uq', ['brand', 'slug'], { unique: true })
// Trigram index for search, made by migration 1765000900000 (TypeORM cannot declare an operator class).
@Index('listings_title_trgm_idx', { synchronize: false })
export class ListingEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ name: 'package_id', type: 'uuid' }) packageId: string;
  @Column({ name: 'group_id', type: 'uuid', nullable: true }) groupId: string | null;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) slug: string;
  @Column({ type: 'text' }) category: string;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text', nullable: true }) excerpt: string | null;
  @Column({ type: 'jsonb', default: () => "'[]'" }) images: MediaFileData[];
  @Column({ type: 'text', array: true, default: () => "'{}'" }) videos: string[];
  @Column({ name: 'price_cents', type: 'bigint', nullable: true }) priceCents: string | null;
  @Column({ type: 'boolean', default: false }) poa: boolean;
  @Column({ type: 'text', default: 'USD' }) currency: string;
  @Column({ type: 'text', default: 'PENDING' }) status: ListingStatusValue;
  /** Optional on insert: rows written without it (demo seed, listings from before payments) are FREE by the column default. */
  @Column({ name: 'payment_status', type: 'text', default: 'FREE' }) paymentStatus?: ListingPaymentStatusValue;
  /** The identity payment that paid the package (PaymentSucceeded.paymentId). */
  @Column({ name: 'payment_id', type: 'text', nullable: true }) paymentId?: string | null;
  /** Why staff declined it (the owner sees it); cleared when approved. Optional on insert like payment_status. */
  @Column({ name: 'review_reason', type: 'text', nullable: true }) reviewReason?: string | null;
  @Column({ name: 'address_country', type: 'text' }) addressCountry: string;
  @Column({ name: 'address_state', type: 'text', nullable: true }) addressState: string | null;
  @Column({ name: 'address_city', type: 'text', nullable: true }) addressCity: string | null;
  @Column({ name: 'seller_type', type: 'text' }) sellerType: string;
  @Column({ name: 'published_at', type: 'timestamptz', nullable: true }) publishedAt: Date | null;
  @Column({ name: 'show_btc_exchange_rate', type: 'boolean', default: false }) showBTCExchangeRate: boolean;
  @Column({ name: 'extra_details', type: 'jsonb', default: () => "'{}'" }) extraDetails: Record<string, unknown>;
  @Column({ type: 'integer', default: 0 }) weighting: number;
  @Column({ type: 'timestamptz', nullable: true }) expiry: Date | null;
  @Column({ name: 'first_reminder_at', type: 'timestamptz', nullable: true }) firstReminderAt: Date | null;
  @Column({ name: 'second_reminder_at', type: 'timestamptz', nullable: true }) secondReminderAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
