import { DeleteOutlined, FlagOutlined, LikeOutlined } from '@ant-design/icons';
import { Avatar, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/money';
import type { CommentNode } from './comment.operations';
import { repliesLabel, replyCount } from './comment-tree';

export interface CommentItemProps {
  node: CommentNode;
  name: string;
  currency: string;
  isSeller: boolean;
  canReply: boolean;
  /** The signed-in user wrote it (and it is not removed yet): offer Remove. */
  canRemove: boolean;
  /** Kept by the section, by comment id, so a pushed thread does not fold what the user opened. */
  expanded: boolean;
  onToggle: () => void;
  onReply: () => void;
  onLike: () => void;
  onReport: () => void;
  onRemove: () => void;
  replyBox: ReactNode;
  children: ReactNode;
}

/** One thread entry: author, time, text or bid, actions, replies (folded behind "View n replies"). */
export function CommentItem({ node, name, currency, isSeller, expanded, onToggle, replyBox, children, ...actions }: CommentItemProps) {
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
      {/* Bids, removed and blocked entries take no action (issue 24 item 5). */}
      {node.isBid || node.removed || node.blocked ? null : <CommentActions node={node} {...actions} />}
      {replyBox}
      {replies > 0 ? (
        expanded ? (
          <ul className="ts-comment-children">{children}</ul>
        ) : (
          <Button type="link" size="small" onClick={onToggle}>
            {repliesLabel(replies)}
          </Button>
        )
      ) : null}
    </li>
  );
}

function CommentActions({
  node,
  canReply,
  canRemove,
  onReply,
  onLike,
  onReport,
  onRemove,
}: Pick<CommentItemProps, 'node' | 'canReply' | 'canRemove' | 'onReply' | 'onLike' | 'onReport' | 'onRemove'>) {
  return (
    <Space size={4} className="ts-comment-actions">
      <Button type="text" size="small" icon={<LikeOutlined />} onClick={onLike} aria-label={`${node.points} likes: like this comment`}>
        {node.points}
      </Button>
      {canReply ? (
        <Button type="text" size="small" onClick={onReply}>
          Reply
        </Button>
      ) : null}
      <Button type="text" size="small" icon={<FlagOutlined />} onClick={onReport}>
        Report
      </Button>
      {canRemove ? (
        <Popconfirm title="Remove this comment?" okText="Remove" cancelText="Keep" onConfirm={onRemove}>
          <Button type="text" size="small" icon={<DeleteOutlined />}>
            Remove
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
