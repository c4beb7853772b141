import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { AuctionReportsQueue } from './AuctionReportsQueue';
import { CommentReportsQueue } from './CommentReportsQueue';
import { tabOf } from './reports-queue';
import './reports.css';

const TABS = [
  { key: 'comments', label: 'Comments', children: <CommentReportsQueue /> },
  { key: 'auctions', label: 'Auctions', children: <AuctionReportsQueue /> },
];

/**
 * /cms/auction/reports (auctionEnabled): what users reported, comments and auctions. The tab is in
 * the address (?tab=comments|auctions, as the CMS home links) so links and reloads land on it.
 */
export function Reports() {
  const [params, setParams] = useSearchParams();
  return (
    <section data-testid="cms-reports">
      <Typography.Title level={2}>Reports</Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        activeKey={tabOf(params.get('tab'))}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS}
      />
    </section>
  );
}
