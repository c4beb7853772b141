import { Tabs, Typography } from 'antd';
import { DirectoryQueue } from './DirectoryQueue';
import { ListingQueue } from './ListingQueue';

/** /cms/website/review (websiteEnabled): the directory and Paddock review queues. */
export function Review() {
  return (
    <section>
      <Typography.Title level={2}>Review</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'directory', label: 'Directory entries', children: <DirectoryQueue /> },
          { key: 'listings', label: 'Paddock listings', children: <ListingQueue /> },
        ]}
      />
    </section>
  );
}
