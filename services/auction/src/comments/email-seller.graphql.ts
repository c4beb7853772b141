import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, ID, InputType, ObjectType } from '@nestjs/graphql';

/** emailSeller's input; every field nullable so a missing one gets the spec's message. */
@InputType('EmailSellerInput', AUCTION_TYPES)
export class EmailSellerInput {
  @Field(() => ID, { nullable: true }) auctionId?: string | null;
  @Field(() => String, { nullable: true }) subject?: string | null;
  @Field(() => String, { nullable: true }) body?: string | null;
}

@ObjectType('EmailSellerPayload', AUCTION_TYPES)
export class EmailSellerPayload {
  @Field(() => Boolean) success: boolean;
  /** 'Email sent'. The seller's address is never part of the answer. */
  @Field(() => String) message: string;
}

/** A queued message to a seller, for staff with the auction permission. */
@ObjectType('AuctionEmailOutboxMessage', AUCTION_TYPES)
export class AuctionEmailOutboxMessage {
  @Field(() => ID) id: string;
  @Field(() => String) to: string;
  @Field(() => String) replyTo: string;
  @Field(() => String) subject: string;
  @Field(() => String) body: string;
  @Field(() => String) template: string;
  @Field(() => String) status: string;
  @Field(() => ID) auctionId: string;
  @Field(() => ID) senderId: string;
  @Field(() => GraphQLISODateTime) created_at: Date;
}
