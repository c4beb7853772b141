import type { Provider } from '@nestjs/common';
import { AuctionReportsResolver } from './auction-reports.resolver';
import { COMMENT_COMMAND_HANDLERS } from './comment-command-handlers';
import { CommentCommandsService } from './comment-commands.service';
import { CommentReportsQueueResolver } from './comment-reports-queue.resolver';
import { CommentQueriesService } from './comment-queries.service';
import { CommentsResolver } from './comments.resolver';
import { EmailSellerResolver } from './email-seller.resolver';
import { EmailSellerService } from './email-seller.service';
import { LotReportCommandsService } from './lot-report-commands.service';
import { RelationScalar } from './relation.scalar';
import { ReportQueuesService } from './report-queues.service';
import { StaffCommentsResolver } from './staff-comments.resolver';

/** The comments, reports and "email the seller" slice, registered in AuctionModule. */
export const COMMENT_PROVIDERS: Provider[] = [
  RelationScalar,
  CommentCommandsService,
  CommentQueriesService,
  CommentsResolver,
  StaffCommentsResolver,
  LotReportCommandsService,
  ReportQueuesService,
  CommentReportsQueueResolver,
  AuctionReportsResolver,
  EmailSellerService,
  EmailSellerResolver,
  // Dispatched on the CommandBus by the resolvers (CqrsModule finds them among the module's providers).
  ...COMMENT_COMMAND_HANDLERS,
];
