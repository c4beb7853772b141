import { Field, ObjectType } from '@nestjs/graphql';
import { AuctionObject, BidObject } from '../graphql/auction.object';

@ObjectType('createAuctionPayload')
export class CreateAuctionPayload {
  @Field(() => AuctionObject, { nullable: true }) auction: AuctionObject | null;
}

@ObjectType('updateAuctionPayload')
export class UpdateAuctionPayload {
  @Field(() => AuctionObject, { nullable: true }) auction: AuctionObject | null;
}

@ObjectType('createBidPayload')
export class CreateBidPayload {
  @Field(() => BidObject, { nullable: true }) bid: BidObject | null;
}

@ObjectType('WatchAuctionPayload')
export class WatchAuctionPayload {
  @Field(() => Boolean) success: boolean;
  @Field(() => Boolean) watching: boolean;
}
