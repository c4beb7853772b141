import { AUCTION_TYPES } from './auction-graphql-types';
import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('AuctionProperty', AUCTION_TYPES)
export class AuctionPropertyObject {
  @Field(() => String) name: string;
  @Field(() => String) label: string;
  @Field(() => String) type: string;
  @Field(() => Boolean) required: boolean;
  @Field(() => Int) order: number;
  @Field(() => String, { nullable: true }) icon: string | null;
  @Field(() => [String], { nullable: true }) options: string[] | null;
}
