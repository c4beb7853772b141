import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ schema: 'auction', name: 'bids' })
@Index('bids_lot_amount_idx', ['lotId', 'amountCents'])
@Index('bids_bidder_idx', ['bidderId'])
export class BidReadEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('text')
  brand: string;

  @Column('uuid', { name: 'bidder_id' })
  bidderId: string;

  @Column('bigint', { name: 'amount_cents' })
  amountCents: string;

  @Column('boolean', { name: 'is_first_bid', default: false })
  isFirstBid: boolean;

  @Column('integer', { name: 'lot_version' })
  lotVersion: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
