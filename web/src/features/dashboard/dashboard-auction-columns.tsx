import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/money';
import { MediaImage } from '../auctions/MediaImage';
import { statusWords } from '../auctions/status-words';
import type { DashboardAuction } from './dashboard.operations';

/** The columns both tabs of /dashboard/auctions show: the lot with its cover, status, top bid and end. */
export function dashboardAuctionColumns(defaultImage: string) {
  return [
    {
      title: 'Title',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row: DashboardAuction) => (
        <Link to={`/auction/lot/${row.slug}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <MediaImage
            file={row.coverImageFile}
            size="thumbnail"
            fallback={defaultImage}
            alt=""
            width={64}
            height={40}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
          />
          {title}
        </Link>
      ),
    },
    { title: 'Status', dataIndex: 'status', key: 'status', render: (status: string) => <Tag>{statusWords(status)}</Tag> },
    {
      title: 'Top bid',
      key: 'topBid',
      // The lots' one money format (lib/money), as on the lot pages (issue 24 item 11).
      render: (_: unknown, row: DashboardAuction) => (row.topBidAmount === null ? '-' : formatMoney(row.topBidAmount, row.currency)),
    },
    {
      title: 'Ends',
      dataIndex: 'finalEndDate',
      key: 'ends',
      render: (date: string | null) => (date ? new Date(date).toLocaleString() : '-'),
    },
  ];
}
