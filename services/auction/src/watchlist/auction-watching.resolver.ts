import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentUser, type AuthUser } from '@trackside/platform';
import { AuctionObject } from '../graphql/auction.object';
import { LotQueriesService } from '../queries/lot-queries.service';

/**
 * `Auction.watching`: whether the signed-in user watches the lot, so the lot page's watch toggle
 * starts in the right state. The spec's `watchlist (users)` would list who watches a lot; we do
 * not reveal other users' ids to everyone (docs/decisions.md "Watching a lot").
 */
@Resolver(() => AuctionObject)
export class AuctionWatchingResolver {
  constructor(private readonly queries: LotQueriesService) {}

  @ResolveField('watching', () => Boolean, {
    nullable: true,
    description: 'Whether the signed-in user watches this lot; null for visitors.',
  })
  async watching(@Parent() auction: AuctionObject, @CurrentUser() user: AuthUser | null): Promise<boolean | null> {
    if (!user) return null;
    return this.queries.isWatching(user.id, auction.id);
  }
}
