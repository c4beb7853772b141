import type { Provider } from '@nestjs/common';
import { CommentCommandsService } from './comment-commands.service';
import { CommentQueriesService } from './comment-queries.service';
import { CommentsProjectionRunner } from './comments-projection-runner';
import { CommentsResolver } from './comments.resolver';
import { EmailSellerResolver } from './email-seller.resolver';
import { EmailSellerService } from './email-seller.service';
import { RelationScalar } from './relation.scalar';
import { StaffCommentsResolver } from './staff-comments.resolver';

/** The comments and "email the seller" slice, registered in AuctionModule. */
export const COMMENT_PROVIDERS: Provider[] = [
  RelationScalar,
  CommentsProjectionRunner,
  CommentCommandsService,
  CommentQueriesService,
  CommentsResolver,
  StaffCommentsResolver,
  EmailSellerService,
  EmailSellerResolver,
];
