import { FlagOutlined, LikeOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { Avatar, Button, Form, Input, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { COMMENT_SUCCESS_MESSAGES } from '@trackside/contracts/errors/comment-error-codes';
import { serverError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../auth/auth-context';
import { AuthGuard } from '../../auth/AuthGuard';
import type { AuctionStatus } from '../auction.types';
import type { Ack } from '../lot/lot-live';
import { COMMENT_ADD, COMMENT_LIKE, type CommentNode } from './comment.operations';
import { authorLabel, replyCount } from './comment-tree';
import { ReportDialog } from './ReportDialog';

export const COMMENT_MESSAGES = {
  login: 'Please login to make a comment.',
  failed: 'Something went wrong. Please try again.',
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
  const { isLoggedIn, requireAuth } = useAuth();
  const [content, setContent] = useState('');
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [replyText, setReplyText] = useState('');
  const [reporting, setReporting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [addComment] = useMutation(COMMENT_ADD);
  const [like] = useMutation(COMMENT_LIKE);
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
        .catch(() => notify('error', COMMENT_MESSAGES.failed));
    });

  const renderNode = (node: CommentNode, depth: number) => (
    <CommentItem
      key={node.id}
      node={node}
      name={authorLabel(node, names)}
      depth={depth}
      currency={currency}
      isSeller={Boolean(node.authorId && node.authorId === sellerId)}
      canReply={canReply && !node.blockedThread && !node.isBid}
      onReply={() => requireAuth(() => setReplyTo(node.id))}
      onLike={() => onLike(node.id)}
      onReport={() => requireAuth(() => setReporting(node.id))}
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
      renderChild={renderNode}
    />
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
        locale={{ emptyText: <Typography.Text type="secondary">No comments yet</Typography.Text> }}
        renderItem={(node) => renderNode(node, 0)}
      />
      <ReportDialog commentId={reporting} relation={relation} onClose={() => setReporting(null)} />
    </section>
  );
}

function CommentItem({
  node,
  name,
  depth,
  currency,
  isSeller,
  canReply,
  onReply,
  onLike,
  onReport,
  replyBox,
  renderChild,
}: {
  node: CommentNode;
  name: string;
  depth: number;
  currency: string;
  isSeller: boolean;
  canReply: boolean;
  onReply: () => void;
  onLike: () => void;
  onReport: () => void;
  replyBox: React.ReactNode;
  renderChild: (node: CommentNode, depth: number) => React.ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const replies = replyCount(node);
  return (
    <li className={`ts-comment${isSeller ? ' ts-comment-seller' : ''}${node.isBid ? ' ts-comment-bid' : ''}`} data-testid="comment">
      <div className="ts-comment-head">
        <Avatar size="small" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography.Text strong className="ts-comment-author">
          {name}
        </Typography.Text>
        {isSeller ? <Tag color="gold">Seller</Tag> : null}
        <Typography.Text type="secondary" className="ts-comment-time">
          {dayjs(node.created_at).format('MMM D, YYYY h:mm A')}
        </Typography.Text>
      </div>
      <Typography.Paragraph className="ts-comment-body">
        {node.isBid ? <Tag color="blue">Bid {formatMoney(node.bidAmount ?? 0, currency)}</Tag> : node.content}
      </Typography.Paragraph>
      {node.isBid ? null : (
        <Space size={4} className="ts-comment-actions">
          <Button type="text" size="small" icon={<LikeOutlined />} onClick={onLike} aria-label={`${node.points} likes: like this comment`}>
            {node.points}
          </Button>
          {canReply ? (
            <Button type="text" size="small" onClick={onReply}>
              Reply
            </Button>
          ) : null}
          {node.blocked || node.removed ? null : (
            <Button type="text" size="small" icon={<FlagOutlined />} onClick={onReport}>
              Report
            </Button>
          )}
        </Space>
      )}
      {replyBox}
      {replies > 0 ? (
        expanded ? (
          <ul className="ts-comment-children">{node.children.map((child) => renderChild(child, depth + 1))}</ul>
        ) : (
          <Button type="link" size="small" onClick={() => setExpanded(true)}>
            View {replies} replies
          </Button>
        )
      ) : null}
    </li>
  );
}
