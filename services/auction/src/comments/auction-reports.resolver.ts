import { CommandBus } from '@nestjs/cqrs';
import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { reportMessageFor } from '@trackside/contracts';
import { ApiError, Confirmed, CurrentBrand, CurrentUser, Staff, type AuthUser } from '@trackside/platform';
import { context } from '../lots/lot-mutations.resolver';
import { CommentReportReasonGql } from './comment-report-reason.enum';
import { toReportedLot } from './comment-reports-queue.resolver';
import type { LotReportReadEntity } from './entities';
import { DismissLotReportCommand, ReportLotCommand } from './comment-commands';
import { AuctionReportObject, CmsAuctionReportsResultObject } from './report-queue.objects';
import { ReportQueuesService } from './report-queues.service';

/**
 * Reports of lots: a signed-in, confirmed user reports a lot with a reason and an explanation
 * (as for a comment); staff see them in the reports queue and dismiss them. The lot itself is
 * never changed by a report (docs/decisions.md "Reports queue").
 */
@Resolver(() => AuctionReportObject)
export class AuctionReportsResolver {
  constructor(
    private readonly commands: CommandBus,
    private readonly queues: ReportQueuesService,
  ) {}

  @Mutation(() => AuctionReportObject, {
    nullable: true,
    description:
      "Reports a lot. Success: 'A report as been made. It will be looked into shortly.'; failure: 'Failed to report. Please try again.'",
  })
  @Confirmed()
  async auctionReportAbuse(
    @Args('id', { type: () => ID }) id: string,
    @Args('reason', { type: () => CommentReportReasonGql, nullable: true }) reason: CommentReportReasonGql | null,
    @Args('content', { type: () => String, nullable: true }) content: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<AuctionReportObject | null> {
    const outcome = await this.commands.execute(new ReportLotCommand(id, reason, content, context(brand, user)));
    const report = await this.queues.lotReportById(outcome.reportId, brand);
    return report ? toAuctionReport(report) : null;
  }

  @Query(() => CmsAuctionReportsResultObject, {
    description: 'Reported lots with their reports: open ones oldest first, or (resolved: true) those already dismissed.',
  })
  @Staff('auctionEnabled')
  async cmsAuctionReports(
    @Args('resolved', { type: () => Boolean, nullable: true }) resolved: boolean | null,
    @Args('start', { type: () => Int, nullable: true }) start: number | null,
    @Args('limit', { type: () => Int, nullable: true }) limit: number | null,
    @CurrentBrand() brand: string,
  ): Promise<CmsAuctionReportsResultObject> {
    const page = await this.queues.lots({ brand, resolved: resolved === true, start, limit });
    return {
      count: page.count,
      items: page.items.map((item) => ({ lot: toReportedLot(item.lot), reports: item.reports.map(toAuctionReport) })),
    };
  }

  @Mutation(() => AuctionReportObject, {
    nullable: true,
    description: 'Dismisses a report (and the other open reports of its lot): they leave the queue, the lot is untouched.',
  })
  @Staff('auctionEnabled')
  async auctionReportDismiss(
    @Args('id', { type: () => ID, description: 'A report id.' }) id: string,
    @Args('reason', { type: () => String, nullable: true, description: 'An optional note kept with the dismissal.' })
    reason: string | null,
    @CurrentBrand() brand: string,
    @CurrentUser() user: AuthUser,
  ): Promise<AuctionReportObject | null> {
    const report = await this.queues.lotReportById(id, brand);
    if (!report) throw new ApiError('auction.report.notFound', reportMessageFor('auction.report.notFound'));
    const outcome = await this.commands.execute(new DismissLotReportCommand(report.id, report.lotId, reason, context(brand, user)));
    const after = await this.queues.lotReportById(outcome.reportId, brand);
    return after ? toAuctionReport(after) : null;
  }
}

export function toAuctionReport(report: LotReportReadEntity): AuctionReportObject {
  return {
    id: report.id,
    auctionId: report.lotId,
    reason: report.reason as CommentReportReasonGql,
    content: report.content,
    resolved: report.resolved,
    created_at: report.createdAt,
    reporter: { id: report.reporterId },
    resolution: report.resolution,
    resolutionNote: report.resolutionNote,
    resolvedAt: report.resolvedAt,
  };
}
