import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CommentNode {
  id: string;
  content: string;
  blocked: boolean;
  blockedThread: boolean;
  points: number;
  authorId: string | null;
  authorName: string | null;
  authorUsername: string | null;
  /** The author as identity knows them (resolved by the gateway; absent on socket pushes). */
  authorUser?: { id: string; username?: string | null } | null;
  removed: boolean;
  isBid: boolean;
  bidAmount: number | null;
  threadOf: string | null;
  created_at: string;
  children: CommentNode[];
}

const FIELDS = `
    id
    content
    blocked
    blockedThread
    points
    authorId
    authorName
    authorUsername
    removed
    isBid
    bidAmount
    threadOf
    created_at
`;

const AUTHOR = 'authorUser { id username }';

/** Two reply levels deep: the thread view shows replies under their parent, collapsed. */
export const COMMENT_HIERARCHY: TypedDocumentNode<{ findAllInHierarchy: CommentNode[] }, { relation: string }> = gql`
  query FindAllInHierarchy($relation: Relation!) {
    findAllInHierarchy(relation: $relation) {
      ${FIELDS}
      ${AUTHOR}
      children {
        ${FIELDS}
        ${AUTHOR}
        children {
          ${FIELDS}
          ${AUTHOR}
          children { id }
        }
      }
    }
  }
`;

export const COMMENT_ADD: TypedDocumentNode<
  { commentAdd: { id: string; content: string; authorId: string | null; authorName: string | null } },
  { content: string; threadOf?: string | null; refId: string }
> = gql`
  mutation CommentAdd($content: String, $threadOf: String, $refId: String!) {
    commentAdd(comment: { content: $content, threadOf: $threadOf, related: [{ refId: $refId, ref: "auction", field: "comments" }] }) {
      id
      content
      authorId
      authorName
    }
  }
`;

export const COMMENT_LIKE: TypedDocumentNode<{ commentLike: { id: string; points: number } | null }, { id: string; relation: string }> =
  gql`
    mutation CommentLike($id: ID!, $relation: Relation!) {
      commentLike(id: $id, relation: $relation) {
        id
        points
      }
    }
  `;

export const COMMENT_REPORT: TypedDocumentNode<
  { commentReportAbuse: { id: string } | null },
  { id: string; relation: string; reason: string; content: string }
> = gql`
  mutation CommentReportAbuse($id: ID!, $relation: Relation!, $reason: CommentReportReason, $content: String) {
    commentReportAbuse(id: $id, relation: $relation, reason: $reason, content: $content) {
      id
    }
  }
`;

/** The author removes their own comment (spec 001: removal requires the author id). */
export const COMMENT_REMOVE: TypedDocumentNode<
  { commentRemove: { id: string; removed: boolean } | null },
  { id: string; relation: string; authorId: string }
> = gql`
  mutation CommentRemove($id: ID!, $relation: Relation!, $authorId: ID) {
    commentRemove(id: $id, relation: $relation, authorId: $authorId) {
      id
      removed
    }
  }
`;
