import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';

/** What waits for the brand's auction staff, for the CMS home (docs/decisions.md "Staff lot lists and queue counts"). */
@ObjectType('CmsAuctionCounts', AUCTION_TYPES)
export class CmsAuctionCountsObject {
  @Field(() => Int, { description: 'Own lots submitted for approval (PENDING).' }) submitted: number;
  @Field(() => Int, { description: 'Own lots approved but not scheduled (APPROVED).' }) approved: number;
  @Field(() => Int, { description: 'Own SCHEDULED lots whose start is within the next 24 hours (or overdue).' }) scheduledToday: number;
  @Field(() => Int, { description: 'Own LIVE lots.' }) live: number;
  @Field(() => Int, { description: 'Own SOLD lots that ended in the last 7 days (winner and seller to settle).' })
  endedAwaitingSettlement: number;
  @Field(() => Int, { description: 'Lots other brands offer to the network, not yet answered (auctionsByNetwork).' })
  networkOffers: number;
  @Field(() => Int, { description: 'Comments on lots this brand sees with at least one open report.' }) reportedComments: number;
  @Field(() => Int, { description: 'Lots this brand sees with at least one open report (cmsAuctionReports).' }) reportedAuctions: number;
  @Field(() => GraphQLISODateTime) serverTime: Date;
}
