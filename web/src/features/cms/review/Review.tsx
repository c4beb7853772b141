import { Tabs, Typography } from 'antd';
import { DirectoryQueue } from './DirectoryQueue';
import { ListingQueue } from './ListingQueue';
import '../website/website.css';

/** /cms/website/review (websiteEnabled): the directory and Paddock review queues. */
export function Review() {
  return (
    <section data-testid="cms-review">
      <Typography.Title level={2}>Review</Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        destroyOnHidden
        items={[
          { key: 'directory', label: 'Directory entries', children: <DirectoryQueue /> },
          { key: 'listings', label: 'Paddock listings', children: <ListingQueue /> },
        ]}
      />
    </section>
  );
}
