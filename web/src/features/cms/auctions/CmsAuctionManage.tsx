import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LotsTable } from './LotsTable';
import { NetworkOffers } from './NetworkOffers';

/** /cms/auction/manage (auctionEnabled): this brand's lots, and the dealer network's offers. */
export function CmsAuctionManage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'network' ? 'network' : 'lots';
  return (
    <section aria-labelledby="cms-auctions-title" data-testid="cms-auction-manage">
      <Typography.Title level={1} id="cms-auctions-title" style={{ fontSize: 28 }}>
        Manage auctions
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'network' ? { tab: 'network' } : {}, { replace: true })}
        items={[
          { key: 'lots', label: 'Our lots', children: <LotsTable /> },
          { key: 'network', label: 'Network offers', children: <NetworkOffers /> },
        ]}
      />
    </section>
  );
}
