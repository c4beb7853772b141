import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { adminStatusOf, statusParamOf, type AdminStatus } from './lot-admin';
import { LotsTable } from './LotsTable';
import { NetworkOffers } from './NetworkOffers';

/**
 * /cms/auction/manage (auctionEnabled): this brand's lots, and the dealer network's offers. The tab
 * (?tab=network) and the status filter (?status=PENDING ... SOLD, as the CMS home links) live in
 * the address, so the home's links, reloads and shared links open the same view.
 */
export function CmsAuctionManage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'network' ? 'network' : 'lots';
  const status = adminStatusOf(params.get('status'));
  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const onStatus = (key: AdminStatus) => update((next) => next.set('status', statusParamOf(key)));
  return (
    <section aria-labelledby="cms-auctions-title" data-testid="cms-auction-manage">
      <Typography.Title level={1} id="cms-auctions-title" style={{ fontSize: 28 }}>
        Manage auctions
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => update((next) => (key === 'network' ? next.set('tab', 'network') : next.delete('tab')))}
        items={[
          { key: 'lots', label: 'Our lots', children: <LotsTable status={status} onStatusChange={onStatus} /> },
          { key: 'network', label: 'Network offers', children: <NetworkOffers /> },
        ]}
      />
    </section>
  );
}
