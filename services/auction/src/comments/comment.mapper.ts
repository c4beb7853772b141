import { COMMENT_PLACEHOLDERS } from '@trackside/contracts';
import { commentRelationOf } from '../domain/comment.decider';
import { centsToAmount } from '../graphql/auction.mapper';
import type { CommentObject, CommentReportObject, CommentsInHierarchyObject } from './comment.object';
import type { CommentReportReasonGql } from './comment-report-reason.enum';
import type { CommentReadEntity, CommentReportReadEntity } from './entities';

/** Who is looking: moderators (staff with the auction permission) also see open reports. */
export interface CommentViewer {
  canModerate: boolean;
}

export function toReportObject(report: CommentReportReadEntity, related: CommentObject | null = null): CommentReportObject {
  return {
    id: report.id,
    content: report.content,
    reason: report.reason as CommentReportReasonGql,
    resolved: report.resolved,
    related,
    created_at: report.createdAt,
    reporter: { id: report.reporterId },
    resolution: report.resolution,
    resolutionNote: report.resolutionNote,
    resolvedAt: report.resolvedAt,
  };
}

/**
 * A read row as the API shows it. Removed entries show the removal placeholder and blocked ones
 * (or ones inside a blocked thread) the moderation placeholder; the stored text stays in the row
 * and the log. A deleted account shows as 'Removed user'.
 */
export function toCommentObject(
  row: CommentReadEntity,
  viewer: CommentViewer,
  reports: Map<string, CommentReportReadEntity[]> = new Map(),
): CommentObject {
  let content = row.content;
  if (row.removed) content = row.removedByStaff ? COMMENT_PLACEHOLDERS.removedByStaffContent : COMMENT_PLACEHOLDERS.removedContent;
  else if (row.blocked || row.blockedThread) content = COMMENT_PLACEHOLDERS.blockedContent;
  const name = row.authorRemoved ? COMMENT_PLACEHOLDERS.removedUser : row.authorName;
  return {
    id: row.id,
    content,
    blocked: row.blocked,
    blockedThread: row.blockedThread,
    blockReason: row.blockReason,
    points: row.points,
    authorUser: { id: row.authorId },
    authorType: row.authorType,
    authorId: row.authorId,
    authorName: name,
    authorUsername: row.authorRemoved ? null : row.authorName,
    authorEmail: null,
    authorAvatar: null,
    removed: row.removed,
    isBid: row.isBid,
    bidAmount: row.isBid ? centsToAmount(row.bidAmountCents) : null,
    threadOf: row.threadOf,
    relatedSlug: commentRelationOf(row.lotId),
    related: [{ field: 'comments', ref: 'auction', refId: row.lotId }],
    reports: viewer.canModerate ? (reports.get(row.id) ?? []).map((report) => toReportObject(report)) : [],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/**
 * Nests replies under their parents. `rows` come newest first, so every level keeps that order;
 * a reply whose parent is not in the set (filtered out or paged away) is left out.
 */
export function toHierarchy(
  rows: CommentReadEntity[],
  viewer: CommentViewer,
  reports: Map<string, CommentReportReadEntity[]> = new Map(),
): CommentsInHierarchyObject[] {
  const nodes = new Map<string, CommentsInHierarchyObject>();
  for (const row of rows) nodes.set(row.id, { ...toCommentObject(row, viewer, reports), children: [] });
  const roots: CommentsInHierarchyObject[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.threadOf === null) roots.push(node);
    else nodes.get(row.threadOf)?.children.push(node);
  }
  return roots;
}
