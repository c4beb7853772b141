import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { DirectoryQueue } from './DirectoryQueue';
import { ListingQueue } from './ListingQueue';

const TABS = [
  { key: 'directory', label: 'Directory entries', children: <DirectoryQueue /> },
  { key: 'listings', label: 'Paddock listings', children: <ListingQueue /> },
];

/**
 * /cms/website/review (websiteEnabled): the directory and Paddock review queues. The tab is in the
 * address (?tab=directory|listings, as the CMS home links) so links and reloads land on it.
 */
export function Review() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((item) => item.key === params.get('tab'))?.key ?? 'directory';
  return (
    <section data-testid="cms-review">
      <Typography.Title level={2}>Review</Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={TABS}
      />
    </section>
  );
}
