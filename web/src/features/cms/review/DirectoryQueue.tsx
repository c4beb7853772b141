import { useQuery } from '@apollo/client/react';
import { Alert, Button, Segmented, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { DeclineDialog } from './DeclineDialog';
import { approvable, declinable, DIRECTORY_STATUSES, REVIEW_PAGE_SIZE } from './review-queue';
import { DIRECTORY_QUEUE, REVIEW_DIRECTORY, type DirectoryReviewRow } from './review.operations';
import { useReview } from './use-review';

/** Directory entries by review status (pending first): approve makes them searchable, decline asks why. */
export function DirectoryQueue() {
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<DirectoryReviewRow | null>(null);
  const variables = { status, start: (page - 1) * REVIEW_PAGE_SIZE, limit: REVIEW_PAGE_SIZE };
  const { data, previousData, loading, error, refetch } = useQuery(DIRECTORY_QUEUE, { variables, fetchPolicy: 'cache-and-network' });
  const { review, busy } = useReview(REVIEW_DIRECTORY, () => refetch().catch(() => undefined));
  const result = (data ?? previousData)?.directoryReviewQueue;
  const columns: TableProps<DirectoryReviewRow>['columns'] = [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Category', dataIndex: 'category', key: 'category' },
    {
      title: 'Place',
      key: 'place',
      render: (_, row) => [row.addressCity, row.addressState, row.addressCountry].filter(Boolean).join(', '),
    },
    { title: 'Plan', key: 'plan', render: (_, row) => (row.featured ? <Tag color="gold">Featured</Tag> : 'Regular') },
    { title: 'Contact', key: 'contact', render: (_, row) => row.email ?? row.website ?? '' },
    ...(status === 'declined' ? [{ title: 'Reason', dataIndex: 'reviewReason', key: 'reason' }] : []),
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
              onClick={() => void review(row.id, 'approved', null, `${row.name} approved.`)}
            >
              Approve
            </Button>
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
        aria-label="Directory status"
        value={status}
        options={DIRECTORY_STATUSES}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<DirectoryReviewRow>
        label="Directory entries"
        rowKey="id"
        loading={loading && !result}
        dataSource={result?.directories ?? []}
        columns={columns}
        locale={{ emptyText: 'Nothing waits for review.' }}
        pagination={{ current: page, pageSize: REVIEW_PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {declining ? (
        <DeclineDialog
          name={declining.name}
          busy={busy === declining.id}
          onClose={() => setDeclining(null)}
          onDecline={(reason) =>
            void review(declining.id, 'declined', reason, `${declining.name} declined.`).then((ok) => ok && setDeclining(null))
          }
        />
      ) : null}
    </Space>
  );
}
