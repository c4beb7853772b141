import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ schema: 'auction', name: 'watchlist' })
@Index('watchlist_lot_idx', ['lotId'])
export class WatchlistReadEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @PrimaryColumn('uuid', { name: 'lot_id' })
  lotId: string;

  @Column('text')
  brand: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
