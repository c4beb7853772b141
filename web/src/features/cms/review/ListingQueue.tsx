import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { LISTING_STATUSES, listingPath } from './review-queue';
import { LISTING_QUEUE, REVIEW_LISTING, type ListingQueueData, type ListingReviewRow } from './review.operations';
import { ReviewQueue, type ReviewQueueKind } from './ReviewQueue';

const price = (row: ListingReviewRow) =>
  row.poa || row.price === null ? 'POA' : new Intl.NumberFormat('en-US', { style: 'currency', currency: row.currency }).format(row.price);

const LISTINGS: ReviewQueueKind<ListingReviewRow, ListingQueueData> = {
  statuses: LISTING_STATUSES,
  statusLabel: 'Listing status',
  tableLabel: 'Paddock listings',
  query: LISTING_QUEUE,
  page: (data) => ({ count: data.listingReviewQueue.count, rows: data.listingReviewQueue.listings }),
  mutation: REVIEW_LISTING,
  name: (row) => row.title,
  columns: [
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
  ],
  notApprovable: (row) =>
    row.paymentStatus === 'UNPAID' ? (
      <Tooltip title="Its package is not paid yet">
        <Tag>Waiting for payment</Tag>
      </Tooltip>
    ) : null,
};

/** Paddock listings by review status: approve publishes (not while unpaid), decline asks why. */
export function ListingQueue() {
  return <ReviewQueue kind={LISTINGS} />;
}
