import { Button, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { AuthGuard } from '../../auth/AuthGuard';
import type { AuctionStatus } from '../auction.types';
import { type CommentNode } from './comment.operations';
import { CommentItem } from './CommentItem';
import { authorLabel } from './comment-tree';
import { ReportDialog } from './ReportDialog';
import { COMMENT_MESSAGES, useCommentActions, type CommentEmit } from './use-comment-actions';

export { COMMENT_MESSAGES };

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
  emit: CommentEmit;
  /** Reloads the thread (after a GraphQL write, when no socket push will come). */
  reload: () => void;
}

/** The reply box under one comment; its text (kept by the section, one reply open at a time) is cleared once posted. */
function ReplyForm(props: {
  busy: boolean;
  text: string;
  setText: (text: string) => void;
  post: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  return (
    <Form
      className="ts-reply-form"
      onFinish={() =>
        void props.post(props.text).then((ok) => {
          if (ok) props.setText('');
        })
      }
    >
      <Input.TextArea
        aria-label="Your reply"
        rows={2}
        value={props.text}
        onChange={(e) => props.setText(e.target.value)}
        maxLength={2000}
      />
      <Space className="ts-reply-actions">
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={props.busy}>
          Reply
        </Button>
      </Space>
    </Form>
  );
}

/** The new-comment box; its text is cleared once the comment is posted. */
function CommentForm({ busy, post }: { busy: boolean; post: (text: string) => Promise<boolean> }) {
  const [content, setContent] = useState('');
  return (
    <Form
      className="ts-comment-form"
      onFinish={() =>
        void post(content).then((ok) => {
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
  );
}

/**
 * Comments (spec 001 sections 2, 4, 5 and 9): newest first, replies collapsed behind "View {n}
 * replies", likes, report dialog, the seller's comments highlighted and labelled Seller.
 */
export function CommentsSection({ auctionId, status, currency, sellerId, comments, names, emit, reload }: Props) {
  const { requireAuth, user } = useAuth();
  const { relation, busy, post, onLike, onRemove } = useCommentActions(auctionId, emit, reload);
  // Open reply lists by comment id: a pushed thread replaces the list, not what the user opened.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [replyText, setReplyText] = useState('');
  const [reporting, setReporting] = useState<string | null>(null);
  const canComment = !NO_COMMENTS.has(status);
  const canReply = REPLIES.has(status);

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
          <ReplyForm
            busy={busy}
            text={replyText}
            setText={setReplyText}
            onCancel={() => setReplyTo(null)}
            post={(text) =>
              post(text, node.id).then((ok) => {
                if (ok) setReplyTo(null);
                return ok;
              })
            }
          />
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
          <CommentForm busy={busy} post={(text) => post(text, null)} />
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
