import { CommandBus } from '@nestjs/cqrs';
import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { commentMessageFor } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { parseCommentRelation } from '../domain/comment.decider';
import { context } from '../lots/lot-mutations.resolver';
import { BlockCommentCommand, StaffRemoveCommentCommand } from './comment-commands';
import { toCommentObject } from './comment.mapper';
import { CommentObject } from './comment.object';
import { CommentQueriesService } from './comment-queries.service';
import { viewerOf } from './comments.resolver';
import { Relation } from './relation.scalar';

/**
 * Moderation (staff with the auction permission): the plugin's commentBlock and
 * commentThreadBlock, with the reason the spec's blockReason shows, and the removal of someone
 * else's comment (commentStaffRemove). Each answers the comment's open reports. `relation` may be left out:
 * the comment's lot is then looked up among the lots this brand sees.
 */
@Resolver(() => CommentObject)
@Staff('auctionEnabled')
export class StaffCommentsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly comments: CommentQueriesService,
  ) {}

  @Mutation(() => CommentObject, { nullable: true, description: 'Blocks one comment: its content is hidden, the reason shown.' })
  async commentBlock(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @Args('relation', { type: () => Relation, nullable: true }) relation: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentObject | null> {
    return this.block('comment', id, reason, relation, brand, user);
  }

  @Mutation(() => CommentObject, {
    nullable: true,
    description: 'Blocks a comment and every reply below it: contents hidden, no further replies.',
  })
  async commentThreadBlock(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
    @Args('relation', { type: () => Relation, nullable: true }) relation: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentObject | null> {
    return this.block('thread', id, reason, relation, brand, user);
  }

  @Mutation(() => CommentObject, {
    nullable: true,
    description:
      "Removes someone else's comment (staff): it shows 'This comment has been removed by a moderator.'; its open reports are resolved.",
  })
  async commentStaffRemove(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => String, nullable: true, description: 'An optional note kept with the removal.' }) reason: string | null,
    @Args('relation', { type: () => Relation, nullable: true }) relation: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentObject | null> {
    const lotId = await this.lotOf(id, relation, brand);
    const outcome = await this.commands.execute(new StaffRemoveCommentCommand(id, lotId, reason, context(brand, user)));
    return this.answer(outcome.commentId, brand, user);
  }

  /** The lot named by `relation`, else the comment's lot among the lots this brand sees. */
  private async lotOf(id: string, relation: string | null, brand: string): Promise<string | null> {
    if (relation !== null && relation !== undefined) {
      const lotId = parseCommentRelation(relation);
      if (!lotId) throw new ApiError('comment.relation.invalid', commentMessageFor('comment.relation.invalid'));
      return lotId;
    }
    return (await this.comments.byId(id, brand))?.lotId ?? null;
  }

  private async answer(commentId: string, brand: string, user: AuthUser): Promise<CommentObject | null> {
    const row = await this.comments.byId(commentId, brand);
    return row ? toCommentObject(row, viewerOf(user), await this.comments.openReports([row.id])) : null;
  }

  private async block(
    kind: 'comment' | 'thread',
    id: string,
    reason: string | null,
    relation: string | null,
    brand: string,
    user: AuthUser,
  ): Promise<CommentObject | null> {
    const lotId = await this.lotOf(id, relation, brand);
    const outcome = await this.commands.execute(new BlockCommentCommand(kind, id, lotId, reason, context(brand, user)));
    return this.answer(outcome.commentId, brand, user);
  }
}
