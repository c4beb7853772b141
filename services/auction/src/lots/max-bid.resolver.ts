import { Args, Field, Float, ID, InputType, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { CommandBus } from '@nestjs/cqrs';
import { Confirmed, CurrentBrand, CurrentUser, SignedIn, type AuthUser } from '@trackside/platform';
import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { LotCommandsService, type MaxBidResult } from './lot-commands.service';
import { SetMaxBidCommand } from './lot-commands';
import { context } from './lot-mutations.resolver';

@InputType('SetMaxBidInput', AUCTION_TYPES)
export class SetMaxBidInput {
  @Field(() => ID) auction: string;
  /** The maximum, two decimals at most. */
  @Field(() => Float) amount: number;
  /** Optional client-chosen id (a UUID) of this request. */
  @Field(() => ID, { nullable: true }) id?: string | null;
}

/** The signed-in bidder's own maximum: only ever answered to that bidder (docs/proxy-bidding.md "Privacy"). */
@ObjectType('MyMaxBid', AUCTION_TYPES)
export class MyMaxBidObject {
  @Field(() => ID) auction: string;
  @Field(() => Float) maximum: number;
  /** The visible price (what everyone sees), null before the first bid. */
  @Field(() => Float, { nullable: true }) currentBid: number | null;
  @Field(() => Boolean) highBidder: boolean;
}

@ObjectType('SetMaxBidPayload', AUCTION_TYPES)
export class SetMaxBidPayload {
  @Field(() => MyMaxBidObject) maxBid: MyMaxBidObject;
}

const toObject = (auction: string, result: MaxBidResult): MyMaxBidObject => ({
  auction,
  maximum: result.maximumCents / 100,
  currentBid: result.priceCents === null ? null : result.priceCents / 100,
  highBidder: result.highBidder,
});

/**
 * Proxy bidding over GraphQL (issue 21): `setMaxBid` goes through the CommandBus like `createBid`
 * (same confirmation rule, same bid.* codes), and `myMaxBid` answers the caller's own maximum only.
 * No public type carries a maximum.
 */
@Resolver(() => MyMaxBidObject)
export class MaxBidResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly lots: LotCommandsService,
  ) {}

  @Mutation(() => SetMaxBidPayload, { description: 'Sets (or raises) your maximum bid; the engine bids for you up to it.' })
  @Confirmed()
  async setMaxBid(
    @Args('input', { type: () => SetMaxBidInput }) input: SetMaxBidInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<SetMaxBidPayload> {
    const result = await this.commands.execute(
      new SetMaxBidCommand({ lotId: input.auction, maxBidId: input.id ?? undefined, amount: input.amount }, context(brand, user)),
    );
    return { maxBid: toObject(input.auction, result) };
  }

  @Query(() => MyMaxBidObject, { nullable: true, description: 'Your own maximum bid on a lot, if you set one this round.' })
  @SignedIn()
  async myMaxBid(
    @Args('auction', { type: () => ID }) auction: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MyMaxBidObject | null> {
    const result = await this.lots.ownMaxBid(auction, context(brand, user));
    return result ? toObject(auction, result) : null;
  }
}
