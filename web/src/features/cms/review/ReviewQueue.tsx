import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Alert, Segmented, Space, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { DeclineDialog } from './DeclineDialog';
import { ReviewActions } from './ReviewActions';
import { REVIEW_PAGE_SIZE, statusOptions, type QueueStatuses } from './review-queue';
import type { QueueVariables, ReviewVariables } from './review.operations';
import { useReview } from './use-review';

export interface ReviewRow {
  id: string;
  status: string;
  paymentStatus?: string;
  reviewReason: string | null;
}

/** What differs between the directory and the listing queue; the paging, actions and decline dialog are the same. */
export interface ReviewQueueKind<Row extends ReviewRow, Data> {
  /** The status values as this queue's server spells them (the first shown is `pending`). */
  statuses: QueueStatuses;
  /** The status switch's accessible name and the table's region label. */
  statusLabel: string;
  tableLabel: string;
  query: TypedDocumentNode<Data, QueueVariables>;
  page: (data: Data) => { count: number; rows: Row[] };
  mutation: TypedDocumentNode<unknown, ReviewVariables>;
  /** The row's name in the dialog title and the notices. */
  name: (row: Row) => string;
  /** The kind's own columns; Reason (declined only) and Actions follow them. */
  columns: NonNullable<TableProps<Row>['columns']>;
  /** Shown in place of Approve when the row cannot be approved yet. */
  notApprovable?: (row: Row) => ReactNode;
  /** The row is approved and a change to it awaits review: the buttons approve or decline the change. */
  changeAwaitingReview?: (row: Row) => boolean;
}

/** One review queue by status: approve, or decline with a reason the owner reads. */
export function ReviewQueue<Row extends ReviewRow, Data>({ kind }: { kind: ReviewQueueKind<Row, Data> }) {
  const [status, setStatus] = useState(kind.statuses.pending);
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<Row | null>(null);
  const variables = { status, start: (page - 1) * REVIEW_PAGE_SIZE, limit: REVIEW_PAGE_SIZE };
  const { data, previousData, loading, error, refetch } = useQuery(kind.query, { variables, fetchPolicy: 'cache-and-network' });
  const { review, busy } = useReview(kind.mutation, () => refetch().catch(() => undefined));
  const answered = data ?? previousData;
  const result = answered ? kind.page(answered) : undefined;
  const isChange = (row: Row) => kind.changeAwaitingReview?.(row) ?? false;
  const columns: TableProps<Row>['columns'] = [
    ...kind.columns,
    ...(status === kind.statuses.declined ? [{ title: 'Reason', dataIndex: 'reviewReason', key: 'reason' }] : []),
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => <ReviewActions kind={kind} row={row} busy={busy === row.id} review={review} onDecline={setDeclining} />,
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented
        aria-label={kind.statusLabel}
        value={status}
        options={statusOptions(kind.statuses)}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<Row>
        label={kind.tableLabel}
        rowKey="id"
        loading={loading && !result}
        dataSource={result?.rows ?? []}
        columns={columns}
        locale={{ emptyText: 'Nothing waits for review.' }}
        pagination={{ current: page, pageSize: REVIEW_PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {declining ? (
        <DeclineDialog
          name={kind.name(declining)}
          change={isChange(declining)}
          busy={busy === declining.id}
          onClose={() => setDeclining(null)}
          onDecline={(reason) =>
            void review(
              declining.id,
              kind.statuses.declined,
              reason,
              isChange(declining) ? `${kind.name(declining)}: change declined.` : `${kind.name(declining)} declined.`,
            ).then((ok) => ok && setDeclining(null))
          }
        />
      ) : null}
    </Space>
  );
}
