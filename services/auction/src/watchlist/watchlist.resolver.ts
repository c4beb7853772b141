import { CommandBus } from '@nestjs/cqrs';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, SignedIn, type AuthUser, forbidden } from '@trackside/platform';
import { WatchLotCommand } from '../lots/lot-commands';
import { context } from '../lots/lot-mutations.resolver';
import { WatchAuctionPayload } from '../lots/lot-payloads';

@Resolver()
export class WatchlistResolver {
  constructor(private readonly commands: CommandBus) {}

  @Mutation(() => WatchAuctionPayload, { description: 'Toggles the signed-in user watching a lot.' })
  @SignedIn()
  async watchAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('watch', { type: () => Boolean }) watch: boolean,
    @Args('userId', { type: () => ID, nullable: true }) userId: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<WatchAuctionPayload> {
    if (userId && userId !== user.id) throw forbidden({ reason: 'user mismatch' });
    const watching = await this.commands.execute(new WatchLotCommand(id, watch, context(brand, user)));
    return { success: true, watching };
  }
}
