import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A seller's named set of listings (createListingGroup). */
@Entity({ name: 'listing_groups' })
@Index('listing_groups_brand_user_idx', ['brand', 'userId'])
export class ListingGroupEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) brand: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
