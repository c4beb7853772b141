import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, Float, ID, InputType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { PaymentTypeGql } from '../graphql/auction-status.enum';

@InputType('AuctionAddressInput', AUCTION_TYPES)
export class AuctionAddressInput {
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) state?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) postal?: string | null;
  @Field(() => String, { nullable: true }) address1?: string | null;
}

@InputType('AuctionContactInfoInput', AUCTION_TYPES)
export class AuctionContactInfoInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
}

/** Fields shared by create and update (spec 001 section 7). */
@InputType('EditAuctionInput', AUCTION_TYPES)
export class EditAuctionInput {
  @Field(() => String, { nullable: true }) title?: string | null;
  @Field(() => String, { nullable: true }) sellerType?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) userDescription?: string | null;
  @Field(() => String, { nullable: true }) excerpt?: string | null;
  @Field(() => Float, { nullable: true }) reserve?: number | null;
  @Field(() => String, { nullable: true }) currency?: string | null;
  @Field(() => GraphQLJSON, { nullable: true }) dataFields?: Record<string, unknown> | null;
  @Field(() => AuctionAddressInput, { nullable: true }) address?: AuctionAddressInput | null;
  @Field(() => AuctionContactInfoInput, { nullable: true }) contactInfo?: AuctionContactInfoInput | null;
  @Field(() => Boolean, { nullable: true }) hasAgreedToTerms?: boolean | null;
  @Field(() => Boolean, { nullable: true }) serviceSnappr?: boolean | null;
  @Field(() => [ID], { nullable: true }) exterior?: string[] | null;
  @Field(() => [ID], { nullable: true }) interior?: string[] | null;
  @Field(() => [ID], { nullable: true }) mechanical?: string[] | null;
  @Field(() => [ID], { nullable: true }) documents?: string[] | null;
  @Field(() => ID, { nullable: true }) coverImage?: string | null;
}

@InputType('AuctionInput', AUCTION_TYPES)
export class AuctionInput extends EditAuctionInput {
  @Field(() => ID, { nullable: true }) packageId?: string | null;
  @Field(() => PaymentTypeGql, { nullable: true }) paymentType?: PaymentTypeGql | null;
  /** Ignored: the seller is the signed-in user. Kept for contract compatibility. */
  @Field(() => ID, { nullable: true }) user?: string | null;
  /** Must match the request's brand when given. */
  @Field(() => String, { nullable: true }) brand?: string | null;
  @Field(() => String, { nullable: true }) templateType?: string | null;
}

@InputType('createAuctionInput', AUCTION_TYPES)
export class CreateAuctionInput {
  @Field(() => AuctionInput) data: AuctionInput;
}

@InputType('InputID', AUCTION_TYPES)
export class InputId {
  @Field(() => ID) id: string;
}

@InputType('updateAuctionInput', AUCTION_TYPES)
export class UpdateAuctionInput {
  @Field(() => InputId) where: InputId;
  @Field(() => EditAuctionInput) data: EditAuctionInput;
}

@InputType('BidInput', AUCTION_TYPES)
export class BidInput {
  /** Up to two decimals; at most 999,999,999.00. */
  @Field(() => Float) amount: number;
  @Field(() => ID) auction: string;
  /** Ignored unless it differs from the signed-in user (then Forbidden). */
  @Field(() => ID, { nullable: true }) bidder?: string | null;
  /** Informational: the server decides whether a bid is the first. */
  @Field(() => Boolean, { nullable: true }) isFirstBid?: boolean | null;
  /** Client-chosen bid id (UUID): resubmitting the same id records one bid and answers the same. */
  @Field(() => ID, { nullable: true }) id?: string | null;
}

@InputType('createBidInput', AUCTION_TYPES)
export class CreateBidInput {
  @Field(() => BidInput) data: BidInput;
}
