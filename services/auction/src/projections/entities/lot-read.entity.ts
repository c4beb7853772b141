import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Current state of a lot, projected from its stream. Money in cents (bigint). */
@Entity({ schema: 'auction', name: 'lots' })
@Index('lots_brand_status_idx', ['brand', 'status'])
@Index('lots_due_idx', ['status', 'scheduledStart', 'finalEnd'])
export class LotReadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  brand: string;

  @Index('lots_slug_uq', { unique: true })
  @Column('text')
  slug: string;

  @Column('text')
  title: string;

  @Column('text', { name: 'seller_type', nullable: true })
  sellerType: string | null;

  @Column('uuid', { name: 'seller_id' })
  sellerId: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('text', { name: 'user_description', nullable: true })
  userDescription: string | null;

  @Column('text', { nullable: true })
  excerpt: string | null;

  @Column('text')
  status: string;

  @Column('text', { name: 'payment_status' })
  paymentStatus: string;

  @Column('text', { name: 'payment_type', nullable: true })
  paymentType: string | null;

  @Column('text', { name: 'package_id', nullable: true })
  packageId: string | null;

  @Column('text', { name: 'template_type', nullable: true })
  templateType: string | null;

  @Column('text')
  currency: string;

  @Column('bigint', { name: 'start_price_cents', default: 0 })
  startPriceCents: string;

  @Column('bigint', { name: 'reserve_cents', nullable: true })
  reserveCents: string | null;

  @Column('bigint', { name: 'min_increment_cents', default: 0 })
  minIncrementCents: string;

  @Column('bigint', { name: 'final_price_cents', nullable: true })
  finalPriceCents: string | null;

  @Column('timestamptz', { name: 'scheduled_start', nullable: true })
  scheduledStart: Date | null;

  @Column('timestamptz', { name: 'scheduled_end', nullable: true })
  scheduledEnd: Date | null;

  @Column('timestamptz', { name: 'final_end', nullable: true })
  finalEnd: Date | null;

  @Column('uuid', { name: 'top_bid_id', nullable: true })
  topBidId: string | null;

  @Column('bigint', { name: 'top_bid_cents', nullable: true })
  topBidCents: string | null;

  @Column('uuid', { name: 'top_bidder_id', nullable: true })
  topBidderId: string | null;

  @Column('integer', { name: 'bid_count', default: 0 })
  bidCount: number;

  @Column('boolean', { name: 'reserve_met', default: false })
  reserveMet: boolean;

  @Column('numeric', { name: 'reserve_percentage', precision: 5, scale: 2, default: 0 })
  reservePercentage: string;

  @Column('uuid', { name: 'winner_id', nullable: true })
  winnerId: string | null;

  @Column('jsonb', { name: 'data_fields', default: {} })
  dataFields: Record<string, unknown>;

  @Column('jsonb', { default: {} })
  address: Record<string, unknown>;

  @Column('jsonb', { name: 'contact_info', default: {} })
  contactInfo: Record<string, unknown>;

  @Column('jsonb', { default: {} })
  images: Record<string, unknown>;

  @Column('boolean', { name: 'has_agreed_to_terms', default: false })
  hasAgreedToTerms: boolean;

  @Column('boolean', { name: 'service_snappr', default: false })
  serviceSnappr: boolean;

  @Column('boolean', { name: 'reserve_meter_enabled', default: true })
  reserveMeterEnabled: boolean;

  @Column('boolean', { default: false })
  shared: boolean;

  @Column('text', { array: true, default: () => "'{}'" })
  hosts: string[];

  @Column('text', { name: 'hosts_declined', array: true, default: () => "'{}'" })
  hostsDeclined: string[];

  /** Search facets kept as plain columns (the search issue builds the index on them). */
  @Column('text', { nullable: true })
  make: string | null;

  @Column('text', { nullable: true })
  year: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  /** 1 for the first listing; each relist starts the next round. */
  @Column('integer', { default: 1 })
  round: number;

  /** Stream version of the LotRelisted that started this round (0: the first): older bids belong to earlier rounds. */
  @Column('integer', { name: 'round_start_version', default: 0 })
  roundStartVersion: number;

  /** Stream version this row reflects. */
  @Column('integer')
  version: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
