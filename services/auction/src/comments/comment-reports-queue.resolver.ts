import { CommandBus } from '@nestjs/cqrs';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { commentMessageFor } from '@trackside/contracts';
import { ApiError, CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import type { AuctionStatusGql } from '../graphql/auction-status.enum';
import { context } from '../lots/lot-mutations.resolver';
import { DismissCommentReportCommand } from './comment-commands';
import { toCommentObject, toReportObject } from './comment.mapper';
import { CommentObject } from './comment.object';
import { CommentQueriesService } from './comment-queries.service';
import { viewerOf } from './comments.resolver';
import { CmsCommentReportsResultObject, type ReportedLotObject } from './report-queue.objects';
import { ReportQueuesService, type QueueLot } from './report-queues.service';

/**
 * The staff queue of reported comments (docs/back-office.md "Reports"): who reported what and
 * why, and the dismissal of a report. Blocking (commentBlock) and removal (commentStaffRemove)
 * answer a comment's reports too. Brand-scoped: lots of this brand and lots it hosts.
 */
@Resolver()
@Staff('auctionEnabled')
export class CommentReportsQueueResolver {
  constructor(
    private readonly queues: ReportQueuesService,
    private readonly commands: CommandBus,
    private readonly comments: CommentQueriesService,
  ) {}

  @Query(() => CmsCommentReportsResultObject, {
    description: 'Reported comments with their reports: open ones oldest first, or (resolved: true) those already answered.',
  })
  async cmsCommentReports(
    @Args('resolved', { type: () => Boolean, nullable: true }) resolved: boolean | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CmsCommentReportsResultObject> {
    const page = await this.queues.comments({ brand, resolved: resolved === true, start, limit });
    const viewer = viewerOf(user);
    return {
      count: page.count,
      items: page.items.map((item) => ({
        // The thread's view of the comment (placeholders for hidden ones), without its open reports twice.
        comment: toCommentObject(item.comment, viewer),
        originalContent: item.comment.content,
        lot: toReportedLot(item.lot),
        reports: item.reports.map((report) => toReportObject(report)),
      })),
    };
  }

  @Mutation(() => CommentObject, {
    nullable: true,
    description: 'Dismisses a report (and the other open reports of its comment): they leave the queue, the comment stays.',
  })
  async commentReportDismiss(
    @Args('id', { type: () => ID, description: 'A report id.' }) id: string,
    @Args('reason', { type: () => String, nullable: true, description: 'An optional note kept with the dismissal.' })
    reason: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<CommentObject | null> {
    const report = await this.queues.commentReportById(id, brand);
    if (!report) throw new ApiError('comment.report.notFound', commentMessageFor('comment.report.notFound'));
    const outcome = await this.commands.execute(new DismissCommentReportCommand(report.id, report.lotId, reason, context(brand, user)));
    const row = await this.comments.byId(outcome.commentId, brand);
    return row ? toCommentObject(row, viewerOf(user), await this.comments.openReports([row.id])) : null;
  }
}

export function toReportedLot(lot: QueueLot): ReportedLotObject {
  return { id: lot.id, title: lot.title, slug: lot.slug, status: lot.status as AuctionStatusGql, brand: lot.brand };
}
