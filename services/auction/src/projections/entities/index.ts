import { COMMENT_ENTITIES } from '../../comments/entities';
import { BidReadEntity } from './bid-read.entity';
import { LotReadEntity } from './lot-read.entity';
import { WatchlistReadEntity } from './watchlist-read.entity';

export { BidReadEntity, LotReadEntity, WatchlistReadEntity };
export const AUCTION_ENTITIES = [LotReadEntity, BidReadEntity, WatchlistReadEntity, ...COMMENT_ENTITIES];
