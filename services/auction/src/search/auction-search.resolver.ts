import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentBrand, Public } from '@trackside/platform';
import { AuctionStatusGql } from '../graphql/auction-status.enum';
import { AuctionSearchResultObject } from './auction-search.object';
import { AuctionSearchService } from './auction-search.service';

/** The search-driven auction list (spec 001 sections 2, 7 and 9); arguments mirror the page's URL parameters. */
@Resolver(() => AuctionSearchResultObject)
export class AuctionSearchResolver {
  constructor(private readonly searchService: AuctionSearchService) {}

  @Query(() => AuctionSearchResultObject, {
    description:
      'Lots of this brand and lots it hosts from the network; PENDING and APPROVED never appear. Hits per page: the brand displayLimit.',
  })
  @Public()
  async auctionSearch(
    @CurrentBrand() brand: string,
    @Args('query', { type: () => String, nullable: true }) query: string | null,
    @Args('page', { type: () => Int, nullable: true, description: '1-based, default 1.' }) page: number | null,
    @Args('sellerTypes', { type: () => [String], nullable: true }) sellerTypes: string[] | null,
    @Args('status', { type: () => [AuctionStatusGql], nullable: true }) status: AuctionStatusGql[] | null,
    @Args('sortBy', {
      type: () => String,
      nullable: true,
      description: 'endDate-asc (default), endDate-desc, startDate-asc, startDate-desc, bid-asc, bid-desc.',
    })
    sortBy: string | null,
    @Args('countries', { type: () => [String], nullable: true }) countries: string[] | null,
    @Args('makes', { type: () => [String], nullable: true }) makes: string[] | null,
    @Args('years', { type: () => [String], nullable: true }) years: string[] | null,
  ): Promise<AuctionSearchResultObject> {
    return this.searchService.search({ query, page, sellerTypes, status, sortBy, countries, makes, years }, brand);
  }
}
