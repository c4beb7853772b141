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

  /** Set when staff voided the bid (BidVoided): it stays here for the record, out of public lists. */
  @Column('timestamptz', { name: 'voided_at', nullable: true })
  voidedAt: Date | null;

  @Column('text', { name: 'voided_by', nullable: true })
  voidedBy: string | null;

  @Column('text', { name: 'void_reason', nullable: true })
  voidReason: string | null;
}
