import { useMutation } from '@apollo/client/react';
import { Button, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { COMMENT_SUCCESS_MESSAGES, commentMessageFor } from '@trackside/contracts/errors/comment-error-codes';
import { serverError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { AuthGuard } from '../../auth/AuthGuard';
import type { AuctionStatus } from '../auction.types';
import type { Ack } from '../lot/lot-live';
import { COMMENT_ADD, COMMENT_LIKE, COMMENT_REMOVE, type CommentNode } from './comment.operations';
import { CommentItem } from './CommentItem';
import { authorLabel } from './comment-tree';
import { ReportDialog } from './ReportDialog';

export const COMMENT_MESSAGES = {
  login: 'Please login to make a comment.',
  failed: 'Something went wrong. Please try again.',
  removed: 'Your comment has been removed.',
  /** A like or remove failing for one comment (spec 001 section 9; the spec's spelling). */
  occurred: (id: string) => `Error - '${id}' has occured.`,
} as const;

const NO_COMMENTS: ReadonlySet<AuctionStatus> = new Set(['PENDING', 'APPROVED', 'SCHEDULED']);
const REPLIES: ReadonlySet<AuctionStatus> = new Set(['LIVE', 'SCHEDULED']);

interface Props {
  auctionId: string;
  status: AuctionStatus;
  currency: string;
  sellerId: string;
  comments: CommentNode[];
  /** Display names the page learned by user id (names bid entries a socket push carries without one). */
  names: ReadonlyMap<string, string>;
  emit: (<T>(event: string, payload: Record<string, unknown>) => Promise<Ack<T>>) | null;
  /** Reloads the thread (after a GraphQL write, when no socket push will come). */
  reload: () => void;
}

/**
 * Comments (spec 001 sections 2, 4, 5 and 9): newest first, replies collapsed behind "View {n}
 * replies", likes, report dialog, the seller's comments highlighted and labelled Seller.
 */
export function CommentsSection({ auctionId, status, currency, sellerId, comments, names, emit, reload }: Props) {
  const relation = `auction:${auctionId}`;
  const { isLoggedIn, requireAuth, user } = useAuth();
  // Open reply lists by comment id: a pushed thread replaces the list, not what the user opened.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [content, setContent] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [replyText, setReplyText] = useState('');
  const [reporting, setReporting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [addComment] = useMutation(COMMENT_ADD);
  const [like] = useMutation(COMMENT_LIKE);
  const [remove] = useMutation(COMMENT_REMOVE);
  const canComment = !NO_COMMENTS.has(status);
  const canReply = REPLIES.has(status);

  const post = async (text: string, threadOf: string | null): Promise<boolean> => {
    if (!isLoggedIn) {
      notify('warning', COMMENT_MESSAGES.login);
      requireAuth();
      return false;
    }
    if (!text.trim()) return false;
    setBusy(true);
    try {
      if (emit) {
        const ack = await emit('comment', { auctionId, content: text.trim(), ...(threadOf ? { threadOf } : {}) });
        if (ack.status === 'failure') {
          notify('error', ack.message ?? COMMENT_MESSAGES.failed);
          return false;
        }
      } else {
        await addComment({ variables: { content: text.trim(), threadOf, refId: auctionId } });
        reload();
      }
      notify('success', COMMENT_SUCCESS_MESSAGES.commentPosted);
      return true;
    } catch (failure) {
      const { code } = serverError(failure);
      notify('error', code === 'comment.login.required' ? COMMENT_MESSAGES.login : COMMENT_MESSAGES.failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onLike = (id: string) =>
    requireAuth(() => {
      like({ variables: { id, relation } })
        .then(() => {
          if (!emit) reload();
        })
        .catch(() => notify('error', COMMENT_MESSAGES.occurred(id)));
    });

  const onRemove = (id: string) => {
    if (!user) return;
    remove({ variables: { id, relation, authorId: user.id } })
      .then(() => {
        notify('success', COMMENT_MESSAGES.removed);
        if (!emit) reload();
      })
      .catch((failure: unknown) => {
        const { code } = serverError(failure);
        notify('error', code ? commentMessageFor(code) : COMMENT_MESSAGES.occurred(id));
      });
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderNode = (node: CommentNode): React.ReactNode => (
    <CommentItem
      key={node.id}
      node={node}
      name={authorLabel(node, names)}
      currency={currency}
      isSeller={Boolean(node.authorId && node.authorId === sellerId)}
      canReply={canReply && !node.blockedThread && !node.isBid}
      canRemove={Boolean(user && node.authorId === user.id && !node.isBid)}
      expanded={expanded.has(node.id)}
      onToggle={() => toggle(node.id)}
      onReply={() => requireAuth(() => setReplyTo(node.id))}
      onLike={() => onLike(node.id)}
      onReport={() => requireAuth(() => setReporting(node.id))}
      onRemove={() => onRemove(node.id)}
      replyBox={
        replyTo === node.id ? (
          <Form
            className="ts-reply-form"
            onFinish={() =>
              void post(replyText, node.id).then((ok) => {
                if (ok) {
                  setReplyText('');
                  setReplyTo(null);
                }
              })
            }
          >
            <Input.TextArea
              aria-label="Your reply"
              rows={2}
              value={replyText}
              onChange={(e) => setReplyText(e.target.value)}
              maxLength={2000}
            />
            <Space className="ts-reply-actions">
              <Button onClick={() => setReplyTo(null)}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                Reply
              </Button>
            </Space>
          </Form>
        ) : null
      }
    >
      {node.children.map((child) => renderNode(child))}
    </CommentItem>
  );

  return (
    <section className="ts-comments" aria-labelledby="comments-title">
      <Typography.Title level={2} id="comments-title">
        Comments
      </Typography.Title>
      {canComment ? (
        <AuthGuard label={COMMENT_MESSAGES.login}>
          <Form
            className="ts-comment-form"
            onFinish={() =>
              void post(content, null).then((ok) => {
                if (ok) setContent('');
              })
            }
          >
            <Input.TextArea
              aria-label="Add a comment"
              placeholder="Add a comment"
              rows={3}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              maxLength={2000}
            />
            <Button type="primary" htmlType="submit" loading={busy} className="ts-comment-submit">
              Comment
            </Button>
          </Form>
        </AuthGuard>
      ) : (
        <Typography.Paragraph type="secondary">Comments open when the auction starts.</Typography.Paragraph>
      )}
      <List
        dataSource={comments}
        rowKey="id"
        locale={{ emptyText: <Typography.Text type="secondary">No comments yet</Typography.Text> }}
        renderItem={(node) => renderNode(node)}
      />
      <ReportDialog commentId={reporting} relation={relation} onClose={() => setReporting(null)} />
    </section>
  );
}
