import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@trackside/platform';
import type { AuctionObject } from '../graphql/auction.object';
import { toAuctionObject } from '../graphql/auction.mapper';
import { BrandAuctionSettingsProvider, DEFAULT_AUCTION_SETTINGS } from '../infrastructure/brand-auction-settings';
import { LotQueriesService, mapLot, MAX_PAGE } from '../queries/lot-queries.service';
import type { AuctionSearchResultObject } from './auction-search.object';
import { SEARCH_INDEX, type SearchIndex } from './search-index.port';
import { parseSearchArgs, type AuctionSearchArgs } from './search-params';

/**
 * `auctionSearch`: validates the arguments, asks the index for one page of lot ids with facet
 * counts, then answers the lots as the read model shows them (the same Auction objects as every
 * other lot query, so cards get cover image, dates, price, status and reserve data).
 */
@Injectable()
export class AuctionSearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly lots: LotQueriesService,
    private readonly settings: BrandAuctionSettingsProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async search(args: AuctionSearchArgs, brand: string): Promise<AuctionSearchResultObject> {
    const hitsPerPage = hitsPerPageOf(this.settings.forBrand(brand).displayLimit);
    const params = parseSearchArgs(args, brand, hitsPerPage);
    const result = await this.index.search(params);
    const hits = await this.hits(result.ids, brand);
    return {
      hits,
      nbHits: result.nbHits,
      page: params.page,
      nbPages: Math.ceil(result.nbHits / hitsPerPage),
      hitsPerPage,
      facets: result.facets,
      sortBy: params.sortBy,
      serverTime: this.clock.now(),
      highlights: hits.flatMap(({ id }) => (result.highlights[id] ? [{ lotId: id, title: result.highlights[id] }] : [])),
    };
  }

  /** The page's lots in index order, still scoped to the brand (owner or accepted host). */
  private async hits(ids: string[], brand: string): Promise<AuctionObject[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT l.* FROM auction.lots l WHERE l.id = ANY($1::uuid[]) AND (l.brand = $2 OR $2 = ANY(l.hosts))`,
      [ids, brand],
    )) as Record<string, unknown>[];
    const byId = new Map(rows.map(mapLot).map((lot) => [lot.id, lot]));
    const tops = await this.lots.topBids([...byId.values()].filter((lot) => lot.topBidId).map((lot) => lot.id));
    const now = this.clock.now();
    // A lot the index already holds but the read model has not projected yet is left out of the page.
    return ids.flatMap((id) => {
      const lot = byId.get(id);
      return lot ? [toAuctionObject(lot, tops.get(id) ?? null, now)] : [];
    });
  }
}

/** The brand's displayLimit when it is a usable page size, else the spec's 15. */
function hitsPerPageOf(displayLimit: number): number {
  if (!Number.isSafeInteger(displayLimit) || displayLimit < 1) return DEFAULT_AUCTION_SETTINGS.displayLimit;
  return Math.min(displayLimit, MAX_PAGE);
}
