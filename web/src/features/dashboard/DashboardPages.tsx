import { useQuery } from '@apollo/client/react';
import { Alert, Empty, Skeleton, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { serverError } from '../../lib/errors';
import { DIRECTORIES_BY_IDS } from '../directory/directory.operations';
import { DirectoryGrid } from '../directory/DirectoryShared';
import { useBookmarks } from '../directory/use-bookmarks';
import { listingPrice } from '../paddock/PaddockPages';
import { MY_LISTINGS, type Listing } from '../paddock/paddock.operations';
import { PaymentStatusTag } from '../paddock/PaddockCheckout';
import { ListingOwnerActions } from '../paddock/ListingOwnerActions';
import { MY_LISTINGS_WITH_PAYMENT } from '../paddock/paddock-checkout.operations';
import { useBrand } from '../brand';
import { OwnerLinks } from '../auctions/OwnerLinks';
import { MY_AUCTIONS, type DashboardAuction } from './dashboard.operations';
import { dashboardAuctionColumns } from './dashboard-auction-columns';
import { ScrollableTable } from './ScrollableTable';

const PAGE_SIZE = 10;

/** /dashboard/listings: the user's Paddock listings in every status (myListings). */
export function DashboardListingsPage() {
  const { config, isModuleActive } = useBrand();
  const { data, loading, error } = useQuery(MY_LISTINGS, { fetchPolicy: 'cache-and-network' });
  const base = isModuleActive('shop') && !isModuleActive('paddock') ? '/shop' : '/paddock';
  // Payment status per listing: an UNPAID listing (paid package not paid yet) offers Pay (its checkout).
  const payments = useQuery(MY_LISTINGS_WITH_PAYMENT, { fetchPolicy: 'cache-and-network' });
  const paymentOf = new Map((payments.data?.myListings ?? []).map((row) => [row.id, row.paymentStatus]));
  const columns = [
    {
      title: 'Title',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row: Listing) =>
        row.status === 'APPROVED' ? <Link to={`${base}/${row.category}/${row.type}/${row.slug}`}>{title}</Link> : title,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, row: Listing & { reviewReason?: string | null }) => (
        <>
          <Tag>{status}</Tag>
          {status === 'DECLINED' && row.reviewReason ? <div className="ts-review-reason">Declined: {row.reviewReason}</div> : null}
        </>
      ),
    },
    { title: 'Price', key: 'price', render: (_: unknown, row: Listing) => listingPrice(row) },
    {
      title: 'Payment',
      key: 'payment',
      render: (_: unknown, row: Listing) => {
        const status = paymentOf.get(row.id);
        if (!status) return '-';
        return (
          <>
            <PaymentStatusTag status={status} />
            {status === 'UNPAID' ? (
              <Link to={`${base}/checkout?listing=${row.id}`} aria-label={`Pay for ${row.title}`}>
                Pay
              </Link>
            ) : null}
          </>
        );
      },
    },
    {
      title: 'Expires',
      dataIndex: 'expiry',
      key: 'expiry',
      render: (date: string | null) => (date ? new Date(date).toLocaleDateString() : '-'),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row: Listing) => <ListingOwnerActions base={base} listing={row} />,
    },
  ];
  return (
    <>
      <Typography.Title>Listings</Typography.Title>
      {error ? <Alert type="error" showIcon title={`Error: ${error.message}`} /> : null}
      <ScrollableTable
        label="Your listings"
        rowKey="id"
        size="small"
        loading={loading && !data}
        columns={columns}
        dataSource={data?.myListings ?? []}
        locale={{ emptyText: <Typography.Text>{`No ${config.wording === 'jewelry' ? 'Shop' : 'Paddock'} listings yet`}</Typography.Text> }}
        pagination={{ pageSize: PAGE_SIZE }}
      />
    </>
  );
}

/** /dashboard/auctions: the user's own lots and the lots they bid on. */
export function DashboardAuctionsPage() {
  const { config } = useBrand();
  const { data, loading, error } = useQuery(MY_AUCTIONS, { variables: { start: 0, limit: 50 }, fetchPolicy: 'cache-and-network' });
  const columns = dashboardAuctionColumns(config.theme.defaultImage);
  return (
    <>
      <Typography.Title>Auctions</Typography.Title>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      {loading && !data ? <Skeleton active /> : null}
      {data ? (
        <Tabs
          items={[
            {
              key: 'selling',
              label: `Selling (${data.myAuctions.count})`,
              children: (
                <ScrollableTable
                  label="Lots you sell"
                  rowKey="id"
                  size="small"
                  columns={[
                    ...columns,
                    { title: 'Actions', key: 'actions', render: (_: unknown, row: DashboardAuction) => <OwnerLinks lot={row} /> },
                  ]}
                  dataSource={data.myAuctions.auctions}
                  pagination={{ pageSize: PAGE_SIZE }}
                />
              ),
            },
            {
              key: 'bidding',
              label: `Bidding (${data.myAuctionsBidByUser.count})`,
              children: (
                <ScrollableTable
                  label="Lots you bid on"
                  rowKey="id"
                  size="small"
                  columns={columns}
                  dataSource={data.myAuctionsBidByUser.auctions}
                  pagination={{ pageSize: PAGE_SIZE }}
                />
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}

/** /dashboard/favourites: bookmarked directories. */
export function DashboardFavouritesPage() {
  const bookmarks = useBookmarks();
  const ids = [...bookmarks.ids];
  const { data, loading, error } = useQuery(DIRECTORIES_BY_IDS, { variables: { ids }, skip: ids.length === 0 });
  const entries = ids.length === 0 ? [] : (data?.directories ?? []);
  const failed = error ?? bookmarks.error;
  return (
    <>
      <Typography.Title>Favourites</Typography.Title>
      {failed ? <Alert type="error" showIcon title="An error occured while fetching your favourites." /> : null}
      {!failed && !loading && !bookmarks.loading && entries.length === 0 ? (
        <Empty description="You have not favourited any directories." />
      ) : null}
      <DirectoryGrid entries={entries} loading={loading || bookmarks.loading} skeletons={2} />
    </>
  );
}
