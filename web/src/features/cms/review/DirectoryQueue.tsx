import { Tag, Typography } from 'antd';
import { directoryChangeRows } from './directory-change';
import { DIRECTORY_STATUSES } from './review-queue';
import { DIRECTORY_QUEUE, REVIEW_DIRECTORY, type DirectoryQueueData, type DirectoryReviewRow } from './review.operations';
import { ReviewQueue, type ReviewQueueKind } from './ReviewQueue';

const DIRECTORY: ReviewQueueKind<DirectoryReviewRow, DirectoryQueueData> = {
  statuses: DIRECTORY_STATUSES,
  statusLabel: 'Directory status',
  tableLabel: 'Directory entries',
  query: DIRECTORY_QUEUE,
  page: (data) => ({ count: data.directoryReviewQueue.count, rows: data.directoryReviewQueue.directories }),
  mutation: REVIEW_DIRECTORY,
  name: (row) => row.name,
  columns: [
    { title: 'Name', dataIndex: 'name', key: 'name' },
    { title: 'Category', dataIndex: 'category', key: 'category' },
    {
      title: 'Place',
      key: 'place',
      render: (_, row) => [row.addressCity, row.addressState, row.addressCountry].filter(Boolean).join(', '),
    },
    { title: 'Plan', key: 'plan', render: (_, row) => (row.featured ? <Tag color="gold">Featured</Tag> : 'Regular') },
    { title: 'Contact', key: 'contact', render: (_, row) => row.email ?? row.website ?? '' },
    { title: 'Change awaiting review', key: 'change', render: (_, row) => <PendingChange row={row} /> },
  ],
  changeAwaitingReview: (row) => row.status === 'approved' && row.changesAwaitingReview,
};

/** An approved entry's change awaiting review, field by field: the public value → the owner's new value. */
function PendingChange({ row }: { row: DirectoryReviewRow }) {
  const changes = row.changesAwaitingReview ? directoryChangeRows(row, row.pendingChanges) : [];
  if (changes.length === 0) return null;
  return (
    <ul aria-label={`Changes to ${row.name}`} style={{ margin: 0, paddingInlineStart: 16 }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Typography.Text strong>{change.field}:</Typography.Text> <Typography.Text delete>{change.from}</Typography.Text> → {change.to}
        </li>
      ))}
    </ul>
  );
}

/** Directory entries by review status (pending first): approve makes them searchable, decline asks why. */
export function DirectoryQueue() {
  return <ReviewQueue kind={DIRECTORY} />;
}
