import { CommandBus } from '@nestjs/cqrs';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-type-json';
import { commentMessageFor } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Public, SignedIn, type AuthUser, forbidden } from '@trackside/platform';
import { commentRelationOf, parseCommentRelation } from '../domain/comment.decider';
import { context } from '../lots/lot-mutations.resolver';
import { isUuid } from '../queries/strapi-where';
import type { CommentOutcome } from './comment-commands.service';
import { AddCommentCommand, LikeCommentCommand, RemoveCommentCommand, ReportCommentCommand } from './comment-commands';
import { CommentNewInput } from './comment.inputs';
import { toCommentObject, toHierarchy, toReportObject, type CommentViewer } from './comment.mapper';
import {
  CommentObject,
  CommentRemoveObject,
  CommentReportObject,
  CommentsInHierarchyObject,
  CommentsPaginationObject,
} from './comment.object';
import { CommentReportReasonGql } from './comment-report-reason.enum';
import { CommentQueriesService } from './comment-queries.service';
import { Relation } from './relation.scalar';

/**
 * The comment calls of spec 001 section 7, shaped as strapi-plugin-comments (Strapi v3):
 * findAll, findAllFlat, findAllInHierarchy, commentAdd, commentLike, commentReportAbuse,
 * commentRemove. Every read and write is scoped to the request's brand (the lot's owner brand and
 * brands that accepted it from the network see its thread).
 */
@Resolver(() => CommentObject)
export class CommentsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly comments: CommentQueriesService,
  ) {}

  @Query(() => CommentsPaginationObject, {
    description: 'Comments of an auction (related + entity, or related auction:{id}), newest first.',
  })
  @Public()
  async findAll(
    @Args('related', { type: () => Relation, nullable: true }) related: string | null,
    @Args('entity', { type: () => ID, nullable: true }) entity: string | null,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @Args('sort', { type: () => String, nullable: true }) sort: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<CommentsPaginationObject> {
    const lotId = lotOfFindAll(related, entity);
    const page = await this.comments.page({ brand, lotId, where, sort, page: { start, limit } });
    const viewer = viewerOf(user);
    const reports = viewer.canModerate ? await this.comments.openReports(page.rows.map((row) => row.id)) : undefined;
    return {
      items: page.rows.map((row) => toCommentObject(row, viewer, reports)),
      total: page.total,
      page: page.limit > 0 ? Math.floor(page.start / page.limit) + 1 : 1,
    };
  }

  @Query(() => [CommentObject], { description: 'Every entry of a thread, flat, newest first (where applies to top-level entries).' })
  @Public()
  async findAllFlat(
    @Args('relation', { type: () => Relation }) relation: string,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<CommentObject[]> {
    const rows = await this.comments.thread({ brand, lotId: relationOrThrow(relation), where });
    const viewer = viewerOf(user);
    const reports = viewer.canModerate ? await this.comments.openReports(rows.map((row) => row.id)) : undefined;
    return rows.map((row) => toCommentObject(row, viewer, reports));
  }

  @Query(() => [CommentsInHierarchyObject], {
    description: 'A thread with replies nested under their parents, newest first at every level.',
  })
  @Public()
  async findAllInHierarchy(
    @Args('relation', { type: () => Relation }) relation: string,
    @Args('where', { type: () => GraphQLJSON, nullable: true }) where: unknown,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<CommentsInHierarchyObject[]> {
    const lotId = relationOrThrow(relation);
    const rows = await this.comments.thread({ brand, lotId, where });
    // No lot, no thread: the socket's getComments then answers "Failed to fetch comments" (issue 24 item 11).
    if (rows.length === 0 && !(await this.comments.lotVisible(lotId, brand))) {
      throw new ApiError('comment.invalid.no.auction', commentMessageFor('comment.invalid.no.auction'));
    }
    const viewer = viewerOf(user);
    const reports = viewer.canModerate ? await this.comments.openReports(rows.map((row) => row.id)) : undefined;
    return toHierarchy(rows, viewer, reports);
  }

  @Mutation(() => CommentObject, {
    description: "Posts a comment or a reply (threadOf). Visitors get 'Please login to make a comment.' (comment.login.required).",
  })
  @Public()
  async commentAdd(
    @Args('comment', { type: () => CommentNewInput, nullable: true }) comment: CommentNewInput | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser | null,
  ): Promise<CommentObject> {
    const input = comment ?? {};
    if (user && input.authorId && input.authorId !== user.id) throw forbidden({ reason: 'author mismatch' });
    const outcome = await this.commands.execute(
      new AddCommentCommand(
        {
          relation: relationOfNew(input.related),
          content: input.content,
          threadOf: input.threadOf ?? null,
          isBid: input.isBid === true,
        },
        context(brand, user),
      ),
    );
    const row = await this.comments.byId(outcome.commentId, brand);
    if (row) return toCommentObject(row, viewerOf(user));
    return fromAdded(outcome);
  }

  @Mutation(() => CommentObject, { nullable: true, description: 'Likes a comment: one point per user per comment.' })
  @SignedIn()
  async commentLike(
    @Args('id', { type: () => ID }) id: string,
    @Args('relation', { type: () => Relation }) relation: string,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentObject | null> {
    const outcome = await this.commands.execute(new LikeCommentCommand(id, relation, context(brand, user)));
    const row = await this.comments.byId(outcome.commentId, brand);
    return row ? toCommentObject(row, viewerOf(user)) : null;
  }

  @Mutation(() => CommentReportObject, {
    nullable: true,
    description: 'Reports a comment with a reason and an explanation (content); relation is auction:{id}.',
  })
  @SignedIn()
  async commentReportAbuse(
    @Args('id', { type: () => ID }) id: string,
    @Args('relation', { type: () => Relation }) relation: string,
    @Args('reason', { type: () => CommentReportReasonGql, nullable: true }) reason: CommentReportReasonGql | null,
    @Args('content', { type: () => String, nullable: true }) content: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentReportObject | null> {
    const outcome = await this.commands.execute(new ReportCommentCommand(id, relation, reason, content, context(brand, user)));
    const [report, row] = await Promise.all([
      outcome.reportId ? this.comments.reportById(outcome.reportId) : null,
      this.comments.byId(outcome.commentId, brand),
    ]);
    if (!report) return null;
    return toReportObject(report, row ? toCommentObject(row, viewerOf(user)) : null);
  }

  @Mutation(() => CommentRemoveObject, { description: 'The author removes their comment (authorId must be the signed-in user).' })
  @SignedIn()
  async commentRemove(
    @Args('id', { type: () => ID }) id: string,
    @Args('relation', { type: () => Relation }) relation: string,
    @Args('authorId', { type: () => ID, nullable: true }) authorId: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentRemoveObject> {
    const outcome = await this.commands.execute(new RemoveCommentCommand(id, relation, authorId, context(brand, user)));
    return { id: outcome.commentId, removed: true };
  }
}

export function viewerOf(user: AuthUser | null): CommentViewer {
  return { canModerate: Boolean(user && (user.permissions.superAdmin || user.permissions.auctionEnabled)) };
}

function relationOrThrow(relation: string): string {
  const lotId = parseCommentRelation(relation);
  if (!lotId) throw new ApiError('comment.relation.invalid', commentMessageFor('comment.relation.invalid'));
  return lotId;
}

/** findAll's `related` is either the relation `auction:{id}` or the type 'auction' with `entity`. */
function lotOfFindAll(related: string | null, entity: string | null): string | null {
  if (related) {
    const lotId = parseCommentRelation(related);
    if (lotId) return lotId;
    if (!/^auctions?$/i.test(related.trim())) throw new ApiError('comment.relation.invalid', commentMessageFor('comment.relation.invalid'));
  }
  if (entity === null || entity === undefined) return null;
  if (!isUuid(entity)) throw new ApiError('comment.relation.invalid', commentMessageFor('comment.relation.invalid'));
  return entity.toLowerCase();
}

/** The plugin's `related: [{ ref, refId, field }]` as the relation text; null when unusable. */
function relationOfNew(related: CommentNewInput['related']): string | null {
  if (!related || related.length !== 1) return null;
  const [target] = related;
  if (!target || !/^auctions?$/i.test(target.ref.trim())) return null;
  return commentRelationOf(target.refId.trim());
}

/** commentAdd's answer when the read model has not caught up within the read-your-writes bound. */
function fromAdded(outcome: CommentOutcome): CommentObject {
  const added = outcome.added;
  if (!added) throw new ApiError('comment.error', commentMessageFor('comment.error'));
  const at = new Date(added.addedAt);
  return {
    id: added.commentId,
    content: added.content,
    blocked: false,
    blockedThread: false,
    blockReason: null,
    points: 0,
    authorUser: { id: added.authorId },
    authorType: added.authorType,
    authorId: added.authorId,
    authorName: added.authorName,
    authorUsername: added.authorName,
    authorEmail: null,
    authorAvatar: null,
    removed: false,
    isBid: false,
    bidAmount: null,
    threadOf: added.threadOf,
    relatedSlug: commentRelationOf(outcome.lotId),
    related: [{ field: 'comments', ref: 'auction', refId: outcome.lotId }],
    reports: [],
    created_at: at,
    updated_at: at,
  };
}
