import { Inject } from '@nestjs/common';
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CLOCK, type Clock, CurrentBrand, CurrentUser, SignedIn, type AuthUser } from '@trackside/platform';
import { AuctionObject, AuctionsResultObject } from '../graphql/auction.object';
import { toAuctionObject } from '../graphql/auction.mapper';
import { LotQueriesService, PUBLIC_EXCLUDED_STATUSES } from '../queries/lot-queries.service';

/**
 * The watchlist page (issue 21): the lots the signed-in user watches, soonest ending first, as the
 * public list shows them (a lot that stopped being public, e.g. cancelled, drops off the page).
 */
@Resolver(() => AuctionObject)
export class WatchedAuctionsResolver {
  constructor(
    private readonly lots: LotQueriesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Query(() => AuctionsResultObject, { description: 'Lots on the signed-in user’s watchlist, soonest ending first.' })
  @SignedIn()
  async myWatchedAuctions(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<AuctionsResultObject> {
    const page = await this.lots.list({
      brand,
      scope: 'brand-and-hosted',
      watcherId: user.id,
      excludeStatuses: PUBLIC_EXCLUDED_STATUSES,
      page: { start, limit },
    });
    const now = this.clock.now();
    const tops = await this.lots.topBids(page.lots.filter((lot) => lot.topBidId).map((lot) => lot.id));
    return { auctions: page.lots.map((lot) => toAuctionObject(lot, tops.get(lot.id) ?? null, now)), count: page.count, serverTime: now };
  }
}
