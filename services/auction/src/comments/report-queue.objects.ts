import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { AuctionStatusGql } from '../graphql/auction-status.enum';
import { UserReference } from '../graphql/user-reference.object';
import { CommentObject, CommentReportObject } from './comment.object';
import { CommentReportReasonGql } from './comment-report-reason.enum';

/** The lot a queue item is about, enough to link to its page and its dispute desk. */
@ObjectType('ReportedLot', AUCTION_TYPES)
export class ReportedLotObject {
  @Field(() => ID) id: string;
  @Field(() => String, { nullable: true }) title: string | null;
  @Field(() => String, { nullable: true }) slug: string | null;
  @Field(() => AuctionStatusGql) status: AuctionStatusGql;
  @Field(() => String, { description: 'The brand that owns the lot.' }) brand: string;
}

/** A report of a lot: the same reasons and explanation as a comment's report. */
@ObjectType('AuctionReport', AUCTION_TYPES)
export class AuctionReportObject {
  @Field(() => ID) id: string;
  @Field(() => ID) auctionId: string;
  @Field(() => CommentReportReasonGql) reason: CommentReportReasonGql;
  @Field(() => String, { nullable: true, description: "The reporter's explanation." }) content: string | null;
  @Field(() => Boolean) resolved: boolean;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => UserReference) reporter: UserReference;
  @Field(() => String, { nullable: true, description: "How it was resolved ('dismissed')." }) resolution: string | null;
  @Field(() => String, { nullable: true, description: "The moderator's note." }) resolutionNote: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) resolvedAt: Date | null;
}

@ObjectType('CmsCommentReportItem', AUCTION_TYPES)
export class CmsCommentReportItemObject {
  @Field(() => CommentObject, { description: 'The reported comment as the thread shows it.' }) comment: CommentObject;
  @Field(() => String, { description: 'What the author wrote, also once the comment is blocked or removed (staff only).' })
  originalContent: string;
  @Field(() => ReportedLotObject) lot: ReportedLotObject;
  @Field(() => [CommentReportObject], { description: 'Its open (or, with resolved: true, resolved) reports, oldest first.' })
  reports: CommentReportObject[];
}

@ObjectType('CmsCommentReportsResult', AUCTION_TYPES)
export class CmsCommentReportsResultObject {
  @Field(() => Int, { description: 'Reported comments matching, over every page.' }) count: number;
  @Field(() => [CmsCommentReportItemObject]) items: CmsCommentReportItemObject[];
}

@ObjectType('CmsAuctionReportItem', AUCTION_TYPES)
export class CmsAuctionReportItemObject {
  @Field(() => ReportedLotObject) lot: ReportedLotObject;
  @Field(() => [AuctionReportObject], { description: 'Its open (or, with resolved: true, resolved) reports, oldest first.' })
  reports: AuctionReportObject[];
}

@ObjectType('CmsAuctionReportsResult', AUCTION_TYPES)
export class CmsAuctionReportsResultObject {
  @Field(() => Int, { description: 'Reported lots matching, over every page.' }) count: number;
  @Field(() => [CmsAuctionReportItemObject]) items: CmsAuctionReportItemObject[];
}
