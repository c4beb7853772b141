import { useQuery } from '@apollo/client/react';
import { Alert, Button, Descriptions, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { formatInstant } from '../dispute/timeline';
import { RebuildDialog } from './RebuildDialog';
import { SYSTEM_STATUS, type FeedRelayStatus, type ProcessorStatus } from './tools.operations';

const FEED_COLOUR: Record<string, string> = { RUNNING: 'green', FAILING: 'red', DISABLED: 'default', NOT_CONFIGURED: 'default' };

function seconds(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} s`;
}

function processorError(processor: ProcessorStatus): string {
  return processor.lastError ? `${processor.lastError} (${formatInstant(processor.lastErrorAt)})` : 'None';
}

function FeedRelay({ feed }: { feed: FeedRelayStatus }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="tools-feed-status">
      <Descriptions.Item label="State">
        <Tag color={FEED_COLOUR[feed.state]}>{feed.state}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="Topic">{feed.topic}</Descriptions.Item>
      <Descriptions.Item label="Position">{feed.checkpoint ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Caught up">{feed.caughtUp === null ? '—' : feed.caughtUp ? 'Yes' : 'No'}</Descriptions.Item>
      <Descriptions.Item label="Lag">{seconds(feed.lagSeconds)}</Descriptions.Item>
      <Descriptions.Item label="Published events">{feed.publishedEvents}</Descriptions.Item>
      <Descriptions.Item label="Last published">{formatInstant(feed.lastPublishedAt)}</Descriptions.Item>
      <Descriptions.Item label="Failures in a row">{feed.consecutiveFailures}</Descriptions.Item>
      <Descriptions.Item label="Last error" span={2}>
        {feed.lastError ? `${feed.lastErrorKind ?? ''} ${feed.lastError} (${formatInstant(feed.lastErrorAt)})` : 'None'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The auction service's processors (read models, search, comments) and the brand event feed:
 * position, lag, last error; and a processor's rebuild, behind a confirmation (RebuildDialog).
 */
export function SystemStatus() {
  const { data, loading, error, refetch } = useQuery(SYSTEM_STATUS, { errorPolicy: 'all', fetchPolicy: 'network-only' });
  const [rebuilding, setRebuilding] = useState<string | null>(null);
  return (
    <section aria-label="Processing status" data-testid="tools-status">
      <Typography.Paragraph>
        Each processor follows the event log and keeps a read model (lot lists, search, comments) up to date. A lag that keeps growing or an
        error here means those screens are behind the log. Rebuild empties a processor's read model for every brand and replays the log into
        it.
      </Typography.Paragraph>
      <Button onClick={() => void refetch()} loading={loading} style={{ marginBottom: 12 }}>
        Refresh
      </Button>
      {error ? <Alert type="warning" showIcon title={error.message} style={{ marginBottom: 12 }} /> : null}
      <Typography.Title level={3}>Processors</Typography.Title>
      <ScrollableTable<ProcessorStatus>
        label="Processors"
        rowKey="name"
        size="small"
        pagination={false}
        loading={loading && !data}
        dataSource={data?.processorStatuses ?? []}
        columns={[
          { title: 'Processor', dataIndex: 'name' },
          { title: 'Position', dataIndex: 'position', render: (value: string) => value || '(not started)' },
          { title: 'Lag (events)', dataIndex: 'lagEvents' },
          { title: 'Lag (seconds)', dataIndex: 'lagSeconds', render: seconds },
          { title: 'Moved', dataIndex: 'updatedAt', render: (value: string) => formatInstant(value) },
          { title: 'Last error', key: 'lastError', render: (_: unknown, processor: ProcessorStatus) => processorError(processor) },
          {
            title: 'Rebuild',
            key: 'rebuild',
            render: (_: unknown, processor: ProcessorStatus) => (
              <Button size="small" onClick={() => setRebuilding(processor.name)} aria-label={`Rebuild ${processor.name}`}>
                Rebuild
              </Button>
            ),
          },
        ]}
      />
      {rebuilding ? (
        <RebuildDialog
          name={rebuilding}
          onClose={() => setRebuilding(null)}
          onDone={() => {
            setRebuilding(null);
            void refetch();
          }}
        />
      ) : null}
      <Typography.Title level={3} style={{ marginTop: 24 }}>
        Brand event feed
      </Typography.Title>
      {data?.feedRelayStatus ? <FeedRelay feed={data.feedRelayStatus} /> : null}
    </section>
  );
}
