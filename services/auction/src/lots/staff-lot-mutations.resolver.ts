import { CommandBus } from '@nestjs/cqrs';
import { Args, GraphQLISODateTime, ID, Mutation, Resolver } from '@nestjs/graphql';
import { CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { AuctionObject } from '../graphql/auction.object';
import type { CommandContext, StaffAction } from './lot-commands.service';
import { StaffLotCommand } from './lot-commands';
import { context } from './lot-mutations.resolver';
import { LotPresenter } from './lot-presenter';

/**
 * Back-office commands (spec 001 section 6: approve, disapprove, schedule, send, accept, decline),
 * for staff with the auction permission. The spec does not show their names; see docs/decisions.md.
 */
@Resolver(() => AuctionObject)
@Staff('auctionEnabled')
export class StaffLotMutationsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly presenter: LotPresenter,
  ) {}

  @Mutation(() => AuctionObject, {
    nullable: true,
    description: 'Approves a PENDING lot; an UNPAID lot needs confirmUnpaid: true (else auction.approve.unpaid), which is recorded.',
  })
  async approveAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('confirmUnpaid', { type: () => Boolean, nullable: true }) confirmUnpaid: boolean | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'approve', confirmUnpaid: confirmUnpaid === true }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true })
  async disapproveAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'disapprove', reason: reason ?? null }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'Schedules (or reschedules) an approved lot.' })
  async scheduleAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('startDate', { type: () => GraphQLISODateTime, nullable: true }) startDate: Date | null,
    @Args('endDate', { type: () => GraphQLISODateTime, nullable: true }) endDate: Date | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'schedule', start: startDate, end: endDate }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'Sends (shares) the lot to the dealer network.' })
  async sendAuctionToNetwork(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser) {
    await this.staff(id, { kind: 'share' }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'Withdraws the lot from the network; refused once a host accepted.' })
  async removeAuctionFromNetwork(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser) {
    await this.staff(id, { kind: 'unshare' }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'This brand hosts a lot another brand shared.' })
  async acceptAuction(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser) {
    await this.staff(id, { kind: 'accept' }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'This brand declines a lot another brand shared.' })
  async declineAuction(@Args('id', { type: () => ID }) id: string, @CurrentBrand() brand: string, @CurrentUser() user: AuthUser) {
    await this.staff(id, { kind: 'decline' }, context(brand, user));
    return this.presenter.networkLot(id);
  }

  // Remedies: new events, never edits (docs/decisions.md "Staff remedies"). Owning brand only.

  @Mutation(() => AuctionObject, { nullable: true, description: 'Voids a bid of a live or ended lot; top bid and outcome are recomputed.' })
  async voidBid(
    @Args('id', { type: () => ID }) id: string,
    @Args('bidId', { type: () => ID }) bidId: string,
    @Args('reason', { type: () => String }) reason: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'voidBid', bidId, reason }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'Cancels a lot that has not ended; it takes no more bids.' })
  async cancelAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String }) reason: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'cancel', reason }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, { nullable: true, description: 'Moves the end of a live lot later (into the future).' })
  async extendAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('endDate', { type: () => GraphQLISODateTime }) endDate: Date,
    @Args('reason', { type: () => String }) reason: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'extend', end: endDate, reason }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  @Mutation(() => AuctionObject, {
    nullable: true,
    description: 'Puts an ended or canceled lot back to APPROVED for a new round with no bids.',
  })
  async relistAuction(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ) {
    await this.staff(id, { kind: 'relist', reason: reason ?? null }, context(brand, user));
    return this.presenter.lot(id, brand);
  }

  /** Every staff mutation is one StaffLotCommand on the bus (its action says which). */
  private staff(lotId: string, action: StaffAction, ctx: CommandContext): Promise<void> {
    return this.commands.execute(new StaffLotCommand(lotId, action, ctx));
  }
}
