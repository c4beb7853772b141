import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { EmailOutbox } from './EmailOutbox';
import { EventLogBrowser } from './EventLogBrowser';
import { PaymentsSummary } from './PaymentsSummary';
import { SystemStatus } from './SystemStatus';
import './tools.css';

const TABS = [
  { key: 'outbox', label: 'Email outbox', children: <EmailOutbox /> },
  { key: 'status', label: 'Processing status', children: <SystemStatus /> },
  { key: 'events', label: 'Event log', children: <EventLogBrowser /> },
  { key: 'payments', label: 'Payments', children: <PaymentsSummary /> },
];

/** /cms/tools (superAdmin): the tab is in the address (?tab=outbox|status|events|payments) so links land on it. */
export function CmsTools() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((item) => item.key === params.get('tab')) ? params.get('tab')! : 'outbox';
  return (
    <section aria-labelledby="cms-tools-title" data-testid="cms-tools">
      <Typography.Title level={2} id="cms-tools-title">
        Tools
      </Typography.Title>
      <Tabs
        className="ts-cms-tabs"
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={TABS}
        destroyOnHidden
      />
    </section>
  );
}
