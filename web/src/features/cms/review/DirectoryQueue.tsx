import { Tag } from 'antd';
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
  ],
};

/** Directory entries by review status (pending first): approve makes them searchable, decline asks why. */
export function DirectoryQueue() {
  return <ReviewQueue kind={DIRECTORY} />;
}
