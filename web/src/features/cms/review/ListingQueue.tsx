import { useQuery } from '@apollo/client/react';
import { Alert, Button, Segmented, Space, Tag, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { DeclineDialog } from './DeclineDialog';
import { approvable, declinable, LISTING_STATUSES, listingPath, REVIEW_PAGE_SIZE } from './review-queue';
import { LISTING_QUEUE, REVIEW_LISTING, type ListingReviewRow } from './review.operations';
import { useReview } from './use-review';

const price = (row: ListingReviewRow) =>
  row.poa || row.price === null ? 'POA' : new Intl.NumberFormat('en-US', { style: 'currency', currency: row.currency }).format(row.price);

/** Paddock listings by review status: approve publishes (not while unpaid), decline asks why. */
export function ListingQueue() {
  const [status, setStatus] = useState('PENDING');
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<ListingReviewRow | null>(null);
  const variables = { status, start: (page - 1) * REVIEW_PAGE_SIZE, limit: REVIEW_PAGE_SIZE };
  const { data, previousData, loading, error, refetch } = useQuery(LISTING_QUEUE, { variables, fetchPolicy: 'cache-and-network' });
  const { review, busy } = useReview(REVIEW_LISTING, () => refetch().catch(() => undefined));
  const result = (data ?? previousData)?.listingReviewQueue;
  const columns: TableProps<ListingReviewRow>['columns'] = [
    {
      title: 'Title',
      key: 'title',
      render: (_, row) => (row.status === 'APPROVED' ? <Link to={listingPath(row)}>{row.title}</Link> : row.title),
    },
    { title: 'Category', key: 'category', render: (_, row) => `${row.category} / ${row.type}` },
    { title: 'Price', key: 'price', render: (_, row) => price(row) },
    {
      title: 'Payment',
      key: 'payment',
      render: (_, row) => <Tag color={row.paymentStatus === 'UNPAID' ? 'red' : undefined}>{row.paymentStatus}</Tag>,
    },
    ...(status === 'DECLINED' ? [{ title: 'Reason', dataIndex: 'reviewReason', key: 'reason' }] : []),
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          {approvable(row) ? (
            <Button
              size="small"
              type="primary"
              loading={busy === row.id}
              onClick={() => void review(row.id, 'APPROVED', null, `${row.title} approved.`)}
            >
              Approve
            </Button>
          ) : row.paymentStatus === 'UNPAID' ? (
            <Tooltip title="Its package is not paid yet">
              <Tag>Waiting for payment</Tag>
            </Tooltip>
          ) : null}
          {declinable(row) ? (
            <Button size="small" onClick={() => setDeclining(row)}>
              Decline
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented
        aria-label="Listing status"
        value={status}
        options={LISTING_STATUSES}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<ListingReviewRow>
        label="Paddock listings"
        rowKey="id"
        loading={loading && !result}
        dataSource={result?.listings ?? []}
        columns={columns}
        locale={{ emptyText: 'Nothing waits for review.' }}
        pagination={{ current: page, pageSize: REVIEW_PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {declining ? (
        <DeclineDialog
          name={declining.title}
          busy={busy === declining.id}
          onClose={() => setDeclining(null)}
          onDecline={(reason) =>
            void review(declining.id, 'DECLINED', reason, `${declining.title} declined.`).then((ok) => ok && setDeclining(null))
          }
        />
      ) : null}
    </Space>
  );
}
