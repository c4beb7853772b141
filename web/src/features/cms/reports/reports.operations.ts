import { gql, type TypedDocumentNode } from '@apollo/client';

/** The staff reports queue (docs/back-office.md "Reports"): reported comments and reported lots. */

export interface ReportPerson {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface QueueReport {
  id: string;
  reason: string;
  content: string | null;
  resolved: boolean;
  created_at: string;
  reporter: ReportPerson | null;
  resolution: string | null;
  resolutionNote: string | null;
  resolvedAt: string | null;
}

export interface ReportedLot {
  id: string;
  title: string | null;
  slug: string | null;
  status: string;
  brand: string;
}

export interface CommentReportItem {
  comment: {
    id: string;
    content: string;
    authorName: string | null;
    authorId: string | null;
    blocked: boolean;
    removed: boolean;
    created_at: string;
  };
  originalContent: string;
  lot: ReportedLot;
  reports: QueueReport[];
}

export interface AuctionReportItem {
  lot: ReportedLot;
  reports: QueueReport[];
}

export interface QueueVariables {
  resolved: boolean;
  start: number;
  limit: number;
}

const REPORT = gql`
  fragment QueueReport on CommentReport {
    id
    reason
    content
    resolved
    created_at
    reporter {
      id
      username
      firstName
      lastName
    }
    resolution
    resolutionNote
    resolvedAt
  }
`;

const AUCTION_REPORT = gql`
  fragment QueueAuctionReport on AuctionReport {
    id
    reason
    content
    resolved
    created_at
    reporter {
      id
      username
      firstName
      lastName
    }
    resolution
    resolutionNote
    resolvedAt
  }
`;

const LOT = `lot { id title slug status brand }`;

export const COMMENT_REPORTS: TypedDocumentNode<{ cmsCommentReports: { count: number; items: CommentReportItem[] } }, QueueVariables> = gql`
  query CmsCommentReports($resolved: Boolean, $start: Int, $limit: Int) {
    cmsCommentReports(resolved: $resolved, start: $start, limit: $limit) {
      count
      items {
        comment { id content authorName authorId blocked removed created_at }
        originalContent
        ${LOT}
        reports { ...QueueReport }
      }
    }
  }
  ${REPORT}
`;

export const AUCTION_REPORTS: TypedDocumentNode<{ cmsAuctionReports: { count: number; items: AuctionReportItem[] } }, QueueVariables> = gql`
  query CmsAuctionReports($resolved: Boolean, $start: Int, $limit: Int) {
    cmsAuctionReports(resolved: $resolved, start: $start, limit: $limit) {
      count
      items {
        ${LOT}
        reports { ...QueueAuctionReport }
      }
    }
  }
  ${AUCTION_REPORT}
`;

/** Every moderation call takes an id and an optional (for a block: required) reason. */
export interface ModerationVariables {
  id: string;
  reason: string | null;
}

export const COMMENT_REPORT_DISMISS: TypedDocumentNode<{ commentReportDismiss: { id: string } | null }, ModerationVariables> = gql`
  mutation CmsCommentReportDismiss($id: ID!, $reason: String) {
    commentReportDismiss(id: $id, reason: $reason) {
      id
    }
  }
`;

export const COMMENT_BLOCK: TypedDocumentNode<{ commentBlock: { id: string } | null }, ModerationVariables> = gql`
  mutation CmsCommentBlock($id: ID!, $reason: String) {
    commentBlock(id: $id, reason: $reason) {
      id
    }
  }
`;

export const COMMENT_STAFF_REMOVE: TypedDocumentNode<{ commentStaffRemove: { id: string } | null }, ModerationVariables> = gql`
  mutation CmsCommentStaffRemove($id: ID!, $reason: String) {
    commentStaffRemove(id: $id, reason: $reason) {
      id
    }
  }
`;

export const AUCTION_REPORT_DISMISS: TypedDocumentNode<{ auctionReportDismiss: { id: string } | null }, ModerationVariables> = gql`
  mutation CmsAuctionReportDismiss($id: ID!, $reason: String) {
    auctionReportDismiss(id: $id, reason: $reason) {
      id
    }
  }
`;
