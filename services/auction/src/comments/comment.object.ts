import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { UserReference } from '../graphql/user-reference.object';
import { CommentReportReasonGql } from './comment-report-reason.enum';

/** The thread a comment belongs to (Strapi's morph relation): ref 'auction', refId the lot id. */
@ObjectType('CommentRelated', AUCTION_TYPES)
export class CommentRelatedObject {
  @Field(() => String) field: string;
  @Field(() => String) ref: string;
  @Field(() => ID) refId: string;
}

@ObjectType('CommentReport', AUCTION_TYPES)
export class CommentReportObject {
  @Field(() => ID) id: string;
  /** The reporter's explanation. */
  @Field(() => String, { nullable: true }) content: string | null;
  @Field(() => CommentReportReasonGql) reason: CommentReportReasonGql;
  @Field(() => Boolean) resolved: boolean;
  /** The reported comment (filled on the commentReportAbuse answer). */
  @Field(() => CommentObject, { nullable: true }) related: CommentObject | null;
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => UserReference, { description: 'Who reported (moderators read it in the reports queue).' }) reporter: UserReference;
  @Field(() => String, { nullable: true, description: "How it was resolved: 'dismissed', 'blocked' or 'removed'." })
  resolution: string | null;
  @Field(() => String, { nullable: true, description: "The moderator's note or block reason." }) resolutionNote: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) resolvedAt: Date | null;
}

/**
 * A thread entry, shaped as strapi-plugin-comments' `Comment` plus the spec's isBid and
 * authorUsername (spec 001 section 3). Removed and blocked entries keep their place; their
 * content is replaced by a placeholder (docs/decisions.md "Comments").
 */
@ObjectType('Comment', AUCTION_TYPES)
export class CommentObject {
  @Field(() => ID) id: string;
  @Field(() => String) content: string;
  @Field(() => Boolean) blocked: boolean;
  @Field(() => Boolean) blockedThread: boolean;
  @Field(() => String, { nullable: true }) blockReason: string | null;
  @Field(() => Int) points: number;
  @Field(() => UserReference, { nullable: true }) authorUser: UserReference | null;
  @Field(() => String, { description: "'seller' for the lot's seller, else 'user'." }) authorType: string;
  @Field(() => String, { nullable: true }) authorId: string | null;
  @Field(() => String, { nullable: true }) authorName: string | null;
  @Field(() => String, { nullable: true }) authorUsername: string | null;
  @Field(() => String, { nullable: true, description: 'Never published: identity owns addresses (always null).' })
  authorEmail: string | null;
  @Field(() => String, { nullable: true, description: 'Resolved by identity through authorUser (null here).' })
  authorAvatar: string | null;
  @Field(() => Boolean) removed: boolean;
  @Field(() => Boolean, { description: 'An accepted bid shown in the thread.' }) isBid: boolean;
  @Field(() => Float, { nullable: true, description: 'The bid amount of an isBid entry.' }) bidAmount: number | null;
  @Field(() => ID, { nullable: true, description: 'The parent comment of a reply.' }) threadOf: string | null;
  @Field(() => String) relatedSlug: string;
  @Field(() => [CommentRelatedObject]) related: CommentRelatedObject[];
  @Field(() => [CommentReportObject], { description: 'Open reports; staff with the auction permission only, else empty.' })
  reports: CommentReportObject[];
  @Field(() => GraphQLISODateTime) created_at: Date;
  @Field(() => GraphQLISODateTime) updated_at: Date;
}

@ObjectType('CommentsInHierarchy', AUCTION_TYPES)
export class CommentsInHierarchyObject extends CommentObject {
  @Field(() => [CommentsInHierarchyObject], { description: 'Replies, newest first, nested.' }) children: CommentsInHierarchyObject[];
}

@ObjectType('CommentsPagination', AUCTION_TYPES)
export class CommentsPaginationObject {
  @Field(() => [CommentObject]) items: CommentObject[];
  @Field(() => Int) total: number;
  /** 1-based page of `start`/`limit`. */
  @Field(() => Float, { nullable: true }) page: number | null;
}

@ObjectType('CommentRemove', AUCTION_TYPES)
export class CommentRemoveObject {
  @Field(() => ID) id: string;
  @Field(() => Boolean) removed: boolean;
}
