import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What identity needs to know about a lot to email its bidders and seller (who leads, the title),
 * kept by the auction-emails processor from the lot events. Rebuildable from the log.
 */
@Entity({ schema: 'identity', name: 'auction_notification_lots' })
export class AuctionNotificationLotEntity {
  @PrimaryColumn('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'seller_id' })
  sellerId: string;

  @Column('text')
  title: string;

  @Column('text')
  slug: string;

  @Column('text')
  currency: string;

  @Column('uuid', { name: 'top_bidder_id', nullable: true })
  topBidderId: string | null;

  @Column('bigint', { name: 'top_amount_cents', nullable: true })
  topAmountCents: string | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
