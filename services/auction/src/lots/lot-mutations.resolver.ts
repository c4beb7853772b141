import { CommandBus } from '@nestjs/cqrs';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { AUCTION_INPUT_MESSAGES } from '@trackside/contracts';
import { ApiError, Confirmed, CurrentBrand, CurrentUser, forbidden, requestContext, SignedIn, type AuthUser } from '@trackside/platform';
import { AuctionObject } from '../graphql/auction.object';
import { CreateAuctionInput, CreateBidInput, UpdateAuctionInput } from './lot-inputs';
import { CreateAuctionPayload, CreateBidPayload, UpdateAuctionPayload } from './lot-payloads';
import type { CommandContext } from './lot-commands.service';
import { CreateLotCommand, PlaceBidCommand, UpdateLotCommand } from './lot-commands';
import { LotPresenter } from './lot-presenter';
import { assertLotInput } from './lot-input-checks';
import { LotReferences } from '../references/lot-references';

/** Seller and bidder mutations: createAuction, updateAuction, createBid. */
@Resolver(() => AuctionObject)
export class LotMutationsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly presenter: LotPresenter,
    private readonly references: LotReferences,
  ) {}

  @Mutation(() => CreateAuctionPayload)
  @SignedIn()
  async createAuction(
    @Args('input', { type: () => CreateAuctionInput }) input: CreateAuctionInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateAuctionPayload> {
    if (!input?.data) throw new ApiError('auction.validation', AUCTION_INPUT_MESSAGES.inputDataRequired);
    if (input.data.brand && input.data.brand.toLowerCase() !== brand) throw forbidden({ reason: 'brand mismatch' });
    if (input.data.user && input.data.user !== user.id) throw forbidden({ reason: 'user mismatch' });
    assertLotInput(input.data);
    // The seller is always the signed-in user (staff too): the images must be their own uploads.
    await this.references.assertKnown(brand, user.id, input.data);
    const lotId = await this.commands.execute(new CreateLotCommand(input.data, context(brand, user)));
    return { auction: await this.presenter.lot(lotId, brand) };
  }

  @Mutation(() => UpdateAuctionPayload)
  @SignedIn()
  async updateAuction(
    @Args('input', { type: () => UpdateAuctionInput }) input: UpdateAuctionInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<UpdateAuctionPayload> {
    if (input?.data) {
      assertLotInput(input.data);
      await this.references.assertKnown(brand, user.id, input.data);
    }
    await this.commands.execute(new UpdateLotCommand(input.where.id, input.data, context(brand, user)));
    return { auction: await this.presenter.lot(input.where.id, brand) };
  }

  @Mutation(() => CreateBidPayload, { description: 'Places a bid. Errors carry the spec’s bid.* code in extensions.code.' })
  @Confirmed()
  async createBid(
    @Args('input', { type: () => CreateBidInput }) input: CreateBidInput,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CreateBidPayload> {
    const { data } = input;
    if (data.bidder && data.bidder !== user.id) throw forbidden({ reason: 'bidder mismatch' });
    const outcome = await this.commands.execute(
      new PlaceBidCommand({ lotId: data.auction, bidId: data.id ?? undefined, amount: data.amount }, context(brand, user)),
    );
    // The answer comes from the command result: the projected row holds the same values (the
    // event's id, amount, first-bid flag and time; an idempotent retry answers the first bid), and
    // the command has waited until the read model shows the bid (read-your-writes) unless the caller
    // asked for eventual consistency. Reading the row back was one more query per bid (issue 20).
    return {
      bid: {
        id: outcome.bidId,
        amount: outcome.amountCents / 100,
        auction: data.auction,
        bidder: { id: user.id },
        isFirstBid: outcome.isFirstBid,
        properties: null,
        created_at: outcome.placedAt,
      },
      outbidAutomatically: outcome.outbidAutomatically === true,
    };
  }
}

export function context(brand: string, user: AuthUser | null): CommandContext {
  const current = requestContext.current();
  return {
    brand,
    actor: user,
    correlationId: current?.correlationId,
    consistency: current?.consistency,
    channel: current?.channel ?? 'graphql',
  };
}
