import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type DirectoryStatusValue = 'pending' | 'approved' | 'declined';

export interface DirectorySocialLinksData {
  facebook?: string | null;
  instagram?: string | null;
  youtube?: string | null;
  linkedin?: string | null;
  twitter?: string | null;
}

export interface MediaFileData {
  id: string;
  url: string;
  name: string | null;
  mime: string | null;
  alternativeText: string | null;
  caption: string | null;
  formats: Record<string, unknown> | null;
}

/**
 * An owner's material change (name, image, video, keywords, links) to an approved entry, waiting for
 * staff review while the approved version stays public (issue 24 item 15; docs/decisions.md
 * "Directory changes after approval"). Only the fields that differ from the approved version.
 */
export interface DirectoryPendingChangesData {
  name?: string;
  keywords?: string[];
  website?: string | null;
  socialLinks?: DirectorySocialLinksData;
  videoURL?: string | null;
  image?: MediaFileData | null;
  /** When the owner last changed it (ISO). */
  requestedAt: string;
}

/** A business directory entry (spec 002 section 3). */
@Entity({ name: 'directories' })
@Index('directories_brand_status_idx', ['brand', 'status', 'featured', 'category'])
@Index('directories_brand_user_idx', ['brand', 'userId'])
// Trigram indexes for search, made by migration 1765000900000 (TypeORM cannot declare an operator class).
@Index('directories_name_trgm_idx', { synchronize: false })
@Index('directories_city_trgm_idx', { synchronize: false })
export class DirectoryEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  /** The owner; null for an entry staff created for a business to claim. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId: string | null;
  @Column({ type: 'text', default: 'pending' }) status: DirectoryStatusValue;
  @Column({ type: 'boolean', default: false }) featured: boolean;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) category: string;
  @Column({ name: 'address_country', type: 'text' }) addressCountry: string;
  @Column({ name: 'address_state', type: 'text' }) addressState: string;
  @Column({ name: 'address_city', type: 'text' }) addressCity: string;
  @Column({ name: 'address_postal', type: 'text', nullable: true }) addressPostal: string | null;
  @Column({ name: 'address_street1', type: 'text', nullable: true }) addressStreet1: string | null;
  @Column({ name: 'address_street2', type: 'text', nullable: true }) addressStreet2: string | null;
  @Column({ name: 'hours_of_operation', type: 'jsonb', nullable: true }) hoursOfOperation: Record<string, string | null> | null;
  @Column({ type: 'text', nullable: true }) website: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text', nullable: true }) email: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) keywords: string[];
  @Column({ name: 'social_links', type: 'jsonb', default: () => "'{}'" }) socialLinks: DirectorySocialLinksData;
  @Column({ name: 'video_url', type: 'text', nullable: true }) videoURL: string | null;
  @Column({ type: 'jsonb', nullable: true }) image: MediaFileData | null;
  @Column({ name: 'active_subscription', type: 'boolean', default: false }) activeSubscription: boolean;
  @Column({ name: 'package_id', type: 'uuid', nullable: true }) packageId: string | null;
  /** End of the paid MONTHLY / YEARLY period (docs/decisions.md "Directory subscriptions"); null: no paid period. */
  @Index('directories_subscription_period_end_idx')
  @Column({ name: 'subscription_period_end', type: 'timestamptz', nullable: true })
  subscriptionPeriodEnd: Date | null;
  /** The owner cancelled: the plan stays active until the period end, then ends. */
  @Column({ name: 'subscription_cancel_at_period_end', type: 'boolean', default: false }) subscriptionCancelAtPeriodEnd: boolean;
  /** A recurring payment for the running plan failed; a renewal clears it. */
  @Column({ name: 'subscription_past_due', type: 'boolean', default: false }) subscriptionPastDue: boolean;
  /** Key a business uses to claim an entry staff created for it (POST /directories/claim/{key}); cleared once claimed. */
  @Index('directories_claim_key_uq', { unique: true, where: 'claim_key IS NOT NULL' })
  @Column({ name: 'claim_key', type: 'text', nullable: true })
  claimKey: string | null;
  @Column({ name: 'review_reason', type: 'text', nullable: true }) reviewReason: string | null;
  @Column({ name: 'pending_changes', type: 'jsonb', nullable: true }) pendingChanges: DirectoryPendingChangesData | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
