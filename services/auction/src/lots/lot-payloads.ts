import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, ObjectType } from '@nestjs/graphql';
import { AuctionObject, BidObject } from '../graphql/auction.object';

@ObjectType('createAuctionPayload', AUCTION_TYPES)
export class CreateAuctionPayload {
  @Field(() => AuctionObject, { nullable: true }) auction: AuctionObject | null;
}

@ObjectType('updateAuctionPayload', AUCTION_TYPES)
export class UpdateAuctionPayload {
  @Field(() => AuctionObject, { nullable: true }) auction: AuctionObject | null;
}

@ObjectType('createBidPayload', AUCTION_TYPES)
export class CreateBidPayload {
  @Field(() => BidObject, { nullable: true }) bid: BidObject | null;
  /** Another bidder's maximum answered this bid at once (proxy bidding; addition to the spec's payload). */
  @Field(() => Boolean, { nullable: true, description: "True when another bidder's maximum outbid this bid at once." })
  outbidAutomatically?: boolean | null;
}

@ObjectType('WatchAuctionPayload', AUCTION_TYPES)
export class WatchAuctionPayload {
  @Field(() => Boolean) success: boolean;
  @Field(() => Boolean) watching: boolean;
}
