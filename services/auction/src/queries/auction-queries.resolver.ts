import { Inject } from '@nestjs/common';
import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import {
  CLOCK,
  type Clock,
  ApiError,
  CurrentBrand,
  CurrentUser,
  Public,
  SignedIn,
  Staff,
  type AuthUser,
  forbidden,
} from '@trackside/platform';
import { AuctionObject, AuctionsResultObject, BidObject, ReservePercentageObject } from '../graphql/auction.object';
import { AuctionStatusGql } from '../graphql/auction-status.enum';
import { toAuctionObject, toBidObject } from '../graphql/auction.mapper';
import { AuctionPropertyObject } from '../graphql/auction-property.object';
import { auctionPropertiesFor } from '../properties/auction-properties';
import type { LotReadEntity } from '../projections/entities';
import { LotQueriesService, PUBLIC_EXCLUDED_STATUSES } from './lot-queries.service';
import { invalid, isUuid } from './strapi-where';
import { CommentQueriesService } from '../comments/comment-queries.service';
import { ReportQueuesService } from '../comments/report-queues.service';
import { messageFor } from '@trackside/contracts';
import { CmsAuctionCountsObject } from './cms-auction-counts.object';
import { bidderShownFor, mayFilterByBidder } from '../privacy/private-fields';

/** Lot and bid queries of spec 001 section 7. Every answer carries the server's time. */
@Resolver(() => AuctionObject)
export class AuctionQueriesResolver {
  constructor(
    private readonly lots: LotQueriesService,
    private readonly comments: CommentQueriesService,
    private readonly reports: ReportQueuesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Query(() => AuctionObject, { nullable: true, description: 'A lot by id; PENDING lots only for their seller and staff.' })
  @Public()
  async auction(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<AuctionObject | null> {
    if (!isUuid(id)) throw invalid('Invalid auction id');
    const lot = await this.lots.findVisible(id, brand);
    if (!lot) return null;
    if (lot.status === 'PENDING' && !canSeePending(lot, user)) return null;
    return (await this.present([lot]))[0] ?? null;
  }

  @Query(() => AuctionObject, {
    nullable: true,
    description: 'The lot page query: PENDING lots only for their seller and staff (issue 24 item 8), never for anyone else.',
  })
  @Public()
  async auctionBySlug(
    @Args('slug') slug: string,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<AuctionObject | null> {
    const lot = await this.lots.findBySlug(slug, brand, where, { withPending: Boolean(user) });
    if (!lot || (lot.status === 'PENDING' && !canSeePending(lot, user))) return null;
    return (await this.present([lot]))[0] ?? null;
  }

  @Query(() => AuctionsResultObject, { description: 'Public list: PENDING and APPROVED lots are never listed.' })
  @Public()
  async auctionsByBrandAndStatus(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @Args('status', { type: () => [AuctionStatusGql], nullable: true }) status: AuctionStatusGql[] | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @CurrentBrand() brand: string,
  ): Promise<AuctionsResultObject> {
    assertSameBrand(brandArg, brand);
    const page = await this.lots.list({
      brand,
      scope: 'brand-and-hosted',
      statuses: status,
      excludeStatuses: PUBLIC_EXCLUDED_STATUSES,
      where,
      sort,
      page: { start, limit },
    });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => AuctionsResultObject, { description: 'Lots other brands shared to the network, awaiting this brand’s answer (staff).' })
  @Staff('auctionEnabled')
  async auctionsByNetwork(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<AuctionsResultObject> {
    const page = await this.lots.list({ brand, scope: 'network-offers', page: { start, limit }, defaultSort: 'l.created_at DESC, l.id' });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => AuctionsResultObject, {
    description:
      'Staff list of the brand’s own lots in any status (PENDING and APPROVED included), newest first; search matches the title or an exact lot id.',
  })
  @Staff('auctionEnabled')
  async cmsAuctions(
    @Args('status', { type: () => [AuctionStatusGql], nullable: true }) status: AuctionStatusGql[] | null,
    @Args('search', { type: () => String, nullable: true }) search: string | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<AuctionsResultObject> {
    if ((search?.length ?? 0) > 200) throw invalid('search is at most 200 characters');
    const page = await this.lots.list({
      brand,
      scope: 'brand',
      statuses: status,
      search,
      page: { start, limit },
      defaultSort: 'l.created_at DESC, l.id DESC',
    });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => CmsAuctionCountsObject, { description: 'Sizes of the auction staff queues, for the CMS home.' })
  @Staff('auctionEnabled')
  async cmsAuctionCounts(@CurrentBrand() brand: string): Promise<CmsAuctionCountsObject> {
    const now = this.clock.now();
    const [lots, reportedComments, reportedAuctions] = await Promise.all([
      this.lots.staffCounts(brand, now),
      this.comments.reportedCommentCount(brand),
      this.reports.reportedLotCount(brand),
    ]);
    return { ...lots, reportedComments, reportedAuctions, serverTime: now };
  }

  @Query(() => AuctionsResultObject, { description: 'Network lots this brand accepted to host.' })
  @Public()
  async auctionsAcceptedFromNetwork(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<AuctionsResultObject> {
    const page = await this.lots.list({
      brand,
      scope: 'accepted-from-network',
      excludeStatuses: PUBLIC_EXCLUDED_STATUSES,
      page: { start, limit },
    });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => AuctionsResultObject, { description: 'The signed-in seller’s lots, newest first.' })
  @SignedIn()
  async myAuctions(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<AuctionsResultObject> {
    const page = await this.lots.list({
      brand,
      scope: 'brand',
      sellerId: user.id,
      where,
      page: { start, limit },
      defaultSort: 'l.created_at DESC, l.id DESC',
    });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => AuctionsResultObject, { description: 'Lots the signed-in user has bid on.' })
  @SignedIn()
  async myAuctionsBidByUser(
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<AuctionsResultObject> {
    const page = await this.lots.list({ brand, scope: 'brand-and-hosted', bidderId: user.id, where, page: { start, limit } });
    return { auctions: await this.present(page.lots), count: page.count, serverTime: this.clock.now() };
  }

  @Query(() => [BidObject], { description: 'Bids, e.g. where: { auction: id }, sort: "amount:desc".' })
  @Public()
  async bids(
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<BidObject[]> {
    // Bid histories across lots are personal: only the bidder themselves and staff (issue 18).
    if (!mayFilterByBidder(where, user)) throw new ApiError('auction.access.denied', messageFor('auction.access.denied'), undefined, 403);
    const bids = await this.lots.bids({ brand, where, sort, page: { start, limit } });
    const shown = bidderShownFor(where, user);
    return bids.map(toBidObject).map((bid) => (bid.bidder && !shown(bid.bidder.id) ? { ...bid, bidder: null } : bid));
  }

  @Query(() => ReservePercentageObject, { nullable: true })
  @Public()
  async findReservePercentage(
    @Args('id', { type: () => ID }) id: string,
    @CurrentBrand() brand: string,
  ): Promise<ReservePercentageObject | null> {
    if (!isUuid(id)) throw invalid('Invalid auction id');
    const lot = await this.lots.findVisible(id, brand);
    if (!lot || lot.status === 'PENDING') return null;
    const hasReserve = lot.reserveCents !== null && Number(lot.reserveCents) > 0;
    return { id: lot.id, percentage: Number(lot.reservePercentage), reserveMet: lot.reserveMet, hasReserve, serverTime: this.clock.now() };
  }

  @Query(() => [AuctionPropertyObject], { description: 'The lot properties (dataFields) a seller fills in for this brand.' })
  @Public()
  auctionPropertiesByBrand(
    @Args('brand', { type: () => String, nullable: true }) brandArg: string | null,
    @CurrentBrand() brand: string,
  ): AuctionPropertyObject[] {
    assertSameBrand(brandArg, brand);
    return auctionPropertiesFor(brand);
  }

  private async present(lots: LotReadEntity[]): Promise<AuctionObject[]> {
    const now = this.clock.now();
    const tops = await this.lots.topBids(lots.filter((lot) => lot.topBidId).map((lot) => lot.id));
    return lots.map((lot) => toAuctionObject(lot, tops.get(lot.id) ?? null, now));
  }
}

function canSeePending(lot: LotReadEntity, user: AuthUser | null): boolean {
  if (!user) return false;
  return user.id === lot.sellerId || user.permissions.superAdmin || user.permissions.auctionEnabled;
}

/** The brand argument of the spec's calls must agree with the request's brand: no cross-brand reads. */
function assertSameBrand(brandArg: string | null, brand: string): void {
  if (brandArg && brandArg.toLowerCase() !== brand) throw forbidden({ reason: 'brand mismatch' });
}
