import { Button, Space, Tag, Typography } from 'antd';
import { COMMENT_PLACEHOLDERS } from '@trackside/contracts/errors/comment-error-codes';
import { LotCell } from './LotCell';
import { dateTime, ReportList } from './ReportList';
import { ReportsQueue, type ReportsQueueKind } from './ReportsQueue';
import { MODERATION_ACTIONS } from './reports-queue';
import {
  COMMENT_BLOCK,
  COMMENT_REPORT_DISMISS,
  COMMENT_REPORTS,
  COMMENT_STAFF_REMOVE,
  type CommentReportItem,
  type ModerationVariables,
} from './reports.operations';
import type { TypedDocumentNode } from '@apollo/client';

type Data = { cmsCommentReports: { count: number; items: CommentReportItem[] } };

const author = (item: CommentReportItem) => item.comment.authorName ?? COMMENT_PLACEHOLDERS.removedUser;

const COMMENTS: ReportsQueueKind<CommentReportItem, Data> = {
  label: 'Reported comments',
  query: COMMENT_REPORTS,
  page: (data) => data.cmsCommentReports,
  rowKey: (item) => item.comment.id,
  empty: 'No comment waits for a moderator.',
  columns: (resolved, act) => {
    const action = (
      kind: 'block' | 'remove' | 'dismissComment',
      document: TypedDocumentNode<unknown, ModerationVariables>,
      id: string,
      item: CommentReportItem,
    ) => act({ action: MODERATION_ACTIONS[kind], document, id, name: author(item) });
    return [
      {
        title: 'Comment',
        key: 'comment',
        render: (_, item) => (
          <Space orientation="vertical" size={0} className="ts-cms-reported-comment">
            <Typography.Text strong>{author(item)}</Typography.Text>
            <Typography.Paragraph className="ts-cms-quote">{item.originalContent}</Typography.Paragraph>
            <Typography.Text type="secondary">{dateTime(item.comment.created_at)}</Typography.Text>
            {item.comment.blocked ? <Tag>Blocked</Tag> : null}
            {item.comment.removed ? <Tag>Removed</Tag> : null}
          </Space>
        ),
      },
      { title: 'Auction', key: 'lot', render: (_, item) => <LotCell lot={item.lot} /> },
      { title: 'Reports', key: 'reports', render: (_, item) => <ReportList reports={item.reports} /> },
      ...(resolved
        ? []
        : [
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, item: CommentReportItem) => (
                <Space wrap>
                  <Button size="small" onClick={() => action('block', COMMENT_BLOCK, item.comment.id, item)}>
                    Block comment
                  </Button>
                  <Button size="small" onClick={() => action('remove', COMMENT_STAFF_REMOVE, item.comment.id, item)}>
                    Remove comment
                  </Button>
                  <Button size="small" onClick={() => action('dismissComment', COMMENT_REPORT_DISMISS, item.reports[0]!.id, item)}>
                    Dismiss reports
                  </Button>
                </Space>
              ),
            },
          ]),
    ];
  },
};

/** Reported comments: block or remove the comment (its reports are resolved with it), or dismiss the reports. */
export function CommentReportsQueue() {
  return <ReportsQueue kind={COMMENTS} />;
}
