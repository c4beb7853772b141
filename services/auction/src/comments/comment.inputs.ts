import { AUCTION_TYPES } from '../graphql/auction-graphql-types';
import { Field, InputType } from '@nestjs/graphql';

@InputType('NewCommentRelated', AUCTION_TYPES)
export class NewCommentRelatedInput {
  /** The lot id. */
  @Field(() => String) refId: string;
  /** 'auction'. */
  @Field(() => String) ref: string;
  @Field(() => String, { nullable: true }) field?: string | null;
}

/**
 * strapi-plugin-comments' `CommentNew` plus the spec's isBid. The author is always the signed-in
 * user: author fields are accepted for compatibility and ignored (a different authorId is refused).
 * content and related are nullable so that their absence gets the catalogue's message.
 */
@InputType('CommentNew', AUCTION_TYPES)
export class CommentNewInput {
  @Field(() => String, { nullable: true }) content?: string | null;
  @Field(() => String, { nullable: true }) threadOf?: string | null;
  @Field(() => [NewCommentRelatedInput], { nullable: true }) related?: NewCommentRelatedInput[] | null;
  @Field(() => String, { nullable: true }) authorId?: string | null;
  @Field(() => String, { nullable: true }) authorName?: string | null;
  @Field(() => String, { nullable: true }) authorEmail?: string | null;
  @Field(() => String, { nullable: true }) authorUsername?: string | null;
  @Field(() => Boolean, { nullable: true }) isBid?: boolean | null;
}
