import { AUCTION_TYPES } from './auction-graphql-types';
import { Directive, Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { AuctionStatusGql } from './auction-status.enum';
import { UserReference } from './user-reference.object';

@ObjectType('AuctionAddress', AUCTION_TYPES)
export class AuctionAddressObject {
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) postal?: string | null;
  @Field(() => String, { nullable: true }) address1?: string | null;
}

@ObjectType('AuctionContactInfo', AUCTION_TYPES)
export class AuctionContactInfoObject {
  @Field(() => ID, { nullable: true }) id?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
}

@ObjectType('Bid', AUCTION_TYPES)
export class BidObject {
  @Field(() => ID) id: string;
  /** Amount with two decimals (stored as integer cents). */
  @Field(() => Float) amount: number;
  @Field(() => ID) auction: string;
  @Field(() => UserReference, { nullable: true }) bidder: UserReference | null;
  @Field(() => Boolean) isFirstBid: boolean;
  @Field(() => GraphQLJSON, { nullable: true }) properties: unknown;
  @Field(() => GraphQLISODateTime) created_at: Date;
}

@ObjectType('Auction', AUCTION_TYPES)
@Directive('@key(fields: "id")')
export class AuctionObject {
  @Field(() => ID) id: string;
  @Field(() => String) title: string;
  @Field(() => String) slug: string;
  @Field(() => String, { nullable: true }) sellerType: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => String, { nullable: true }) userDescription: string | null;
  @Field(() => String, { nullable: true }) excerpt: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) scheduledStartDate: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) scheduledEndDate: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) finalEndDate: Date | null;
  @Field(() => Float) startPrice: number;
  @Field(() => Float, { nullable: true }) finalPrice: number | null;
  @Field(() => Float) minIncrementAmount: number;
  @Field(() => Float, { nullable: true }) reserve: number | null;
  @Field(() => String) currency: string;
  @Field(() => AuctionStatusGql) status: AuctionStatusGql;
  @Field(() => String) paymentStatus: string;
  @Field(() => String, { nullable: true }) paymentType: string | null;
  @Field(() => String, { nullable: true }) packageId: string | null;
  @Field(() => String, { nullable: true }) templateType: string | null;
  @Field(() => GraphQLJSON) dataFields: Record<string, unknown>;
  @Field(() => AuctionAddressObject) address: AuctionAddressObject;
  @Field(() => AuctionContactInfoObject) contactInfo: AuctionContactInfoObject;
  @Field(() => [ID]) exterior: string[];
  @Field(() => [ID]) interior: string[];
  @Field(() => [ID]) mechanical: string[];
  @Field(() => [ID]) documents: string[];
  @Field(() => ID, { nullable: true }) coverImage: string | null;
  @Field(() => Boolean) hasAgreedToTerms: boolean;
  @Field(() => Boolean) serviceSnappr: boolean;
  @Field(() => Boolean) reserveMeterEnabled: boolean;
  @Field(() => String) brand: string;
  @Field(() => Boolean) shared: boolean;
  @Field(() => [String]) hosts: string[];
  @Field(() => [String]) hosts_declined: string[];
  @Field(() => UserReference) user: UserReference;
  @Field(() => BidObject, { nullable: true }) topBid: BidObject | null;
  @Field(() => Float, { nullable: true }) topBidAmount: number | null;
  @Field(() => Int) bidCount: number;
  @Field(() => Boolean) reserveMet: boolean;
  @Field(() => Float, { description: 'Top bid as a percentage of the reserve (0-100).' }) reservePercentage: number;
  @Field(() => UserReference, { nullable: true, description: 'The winning bidder once SOLD.' }) winner: UserReference | null;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => GraphQLISODateTime) updated_at: Date;
  /** The server's clock, so clients can correct their countdown (docs/architecture.md section 5). */
  @Field(() => GraphQLISODateTime) serverTime: Date;
}

@ObjectType('AuctionsResult', AUCTION_TYPES)
export class AuctionsResultObject {
  @Field(() => [AuctionObject]) auctions: AuctionObject[];
  @Field(() => Int) count: number;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}

@ObjectType('ReservePercentage', AUCTION_TYPES)
export class ReservePercentageObject {
  @Field(() => ID) id: string;
  @Field(() => Float) percentage: number;
  @Field(() => Boolean) reserveMet: boolean;
  @Field(() => Boolean, { description: 'False when the lot has no reserve.' }) hasReserve: boolean;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}
