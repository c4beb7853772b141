import { useQuery } from '@apollo/client/react';
import { Alert, Button, Descriptions, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatInstant } from '../dispute/timeline';
import { ProcessorTable, seconds, type ServiceProcessor } from './ProcessorTable';
import { RebuildDialog } from './RebuildDialog';
import { CATALOGUE_PROCESSORS, IDENTITY_PROCESSORS, SYSTEM_STATUS, type FeedRelayStatus } from './tools.operations';
import { useRealtimeProcessors } from './use-realtime-processors';

const FEED_COLOUR: Record<string, string> = {
  RUNNING: 'green',
  FAILING: 'red',
  STALLED: 'orange',
  DISABLED: 'default',
  NOT_CONFIGURED: 'default',
};

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

/** Each service's processors, asked separately so one service down leaves the others' rows. */
function useServiceProcessors() {
  const options = { errorPolicy: 'all', fetchPolicy: 'network-only' } as const;
  const auction = useQuery(SYSTEM_STATUS, options);
  const identity = useQuery(IDENTITY_PROCESSORS, options);
  const catalogue = useQuery(CATALOGUE_PROCESSORS, options);
  // Realtime is not a GraphQL subgraph: its instance answers over the socket.
  const realtime = useRealtimeProcessors();
  const processors: ServiceProcessor[] = [
    ...(auction.data?.processorStatuses ?? []).map((processor) => ({ ...processor, service: 'auction' as const })),
    ...(identity.data?.identityProcessorStatuses ?? []).map((processor) => ({ ...processor, service: 'identity' as const })),
    ...(catalogue.data?.catalogueProcessorStatuses ?? []).map((processor) => ({ ...processor, service: 'catalogue' as const })),
    ...realtime.rows.map((processor) => ({ ...processor, service: 'realtime' as const })),
  ];
  return {
    data: auction.data,
    processors,
    loading: auction.loading || identity.loading || catalogue.loading || realtime.loading,
    errors: [auction.error, identity.error, catalogue.error, realtime.error].filter((error) => error !== undefined),
    refetch: () => Promise.all([auction.refetch(), identity.refetch(), catalogue.refetch(), realtime.refetch()]),
  };
}

/**
 * Every service's processors (the auction's read models, search and comments; identity's emails and
 * payments; the catalogue's payment followers; the realtime gateway's followers; every service's
 * account status follower) and the brand event feed: position, lag, last error;
 * and an auction processor's rebuild, behind a confirmation (RebuildDialog).
 */
export function SystemStatus() {
  const { data, processors, loading, errors, refetch } = useServiceProcessors();
  const [rebuilding, setRebuilding] = useState<string | null>(null);
  return (
    <section aria-label="Processing status" data-testid="tools-status">
      <Typography.Paragraph>
        Each processor follows the event log and keeps a read model (lot lists, search, comments) or a side effect (emails, payment states)
        up to date. A lag that keeps growing or an error here means that part is behind the log. Rebuild empties an auction processor's read
        model for every brand and replays the log into it.
      </Typography.Paragraph>
      <Button onClick={() => void refetch()} loading={loading} style={{ marginBottom: 12 }}>
        Refresh
      </Button>
      {errors.map((error) => (
        <Alert key={error.message} type="warning" showIcon title={error.message} style={{ marginBottom: 12 }} />
      ))}
      <Typography.Title level={3}>Processors</Typography.Title>
      <ProcessorTable processors={processors} loading={loading && processors.length === 0} onRebuild={setRebuilding} />
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
