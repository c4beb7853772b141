import { useQuery } from '@apollo/client/react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { formatInstant } from '../dispute/timeline';
import { EVENT_LOG_STREAM, EVENT_LOG_STREAMS, type EventLogEntry, type EventLogStreamSummary } from './tools.operations';
import './tools.css';

const STREAMS_PAGE = 20;
const EVENTS_PAGE = 50;

function Json({ value }: { value: unknown }) {
  return <pre className="ts-tools-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** One stream's events from a version on, a page at a time; each row opens its data and metadata. */
function StreamEvents({ streamId, onClose }: { streamId: string; onClose: () => void }) {
  // The first version of each page seen so far: Later pushes the server's nextVersion, Earlier pops.
  const [starts, setStarts] = useState<number[]>([1]);
  const fromVersion = starts.at(-1)!;
  const { data, loading, error } = useQuery(EVENT_LOG_STREAM, {
    variables: { streamId, fromVersion, limit: EVENTS_PAGE },
    fetchPolicy: 'network-only',
  });
  const stream = data?.eventLogStream;
  const events = stream?.events ?? [];
  return (
    <section aria-label={`Stream ${streamId}`} data-testid="tools-stream" style={{ marginTop: 24 }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {streamId}
        </Typography.Title>
        <Typography.Text type="secondary">{stream ? `${stream.streamVersion} events` : ''}</Typography.Text>
        <Button size="small" onClick={onClose}>
          Close stream
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <ScrollableTable<EventLogEntry>
        label={`Events of ${streamId}`}
        rowKey="eventId"
        size="small"
        pagination={false}
        loading={loading}
        dataSource={events}
        expandable={{
          expandedRowRender: (event) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>data</Typography.Text>
              <Json value={event.data} />
              <Typography.Text strong>metadata</Typography.Text>
              <Json value={event.metadata} />
            </Space>
          ),
        }}
        columns={[
          { title: 'Version', dataIndex: 'version' },
          { title: 'Type', dataIndex: 'type' },
          { title: 'Recorded', dataIndex: 'recordedAt', render: (value: string) => formatInstant(value) },
          { title: 'Channel', dataIndex: 'channel', render: (value: string | null) => value ?? '—' },
          { title: 'Position', dataIndex: 'globalPosition' },
          { title: 'Event id', dataIndex: 'eventId', render: (value: string) => <span className="ts-tools-json">{value}</span> },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button disabled={starts.length <= 1} onClick={() => setStarts(starts.slice(0, -1))}>
          Earlier events
        </Button>
        <Button disabled={!stream?.nextVersion} onClick={() => setStarts([...starts, stream!.nextVersion!])}>
          Later events
        </Button>
      </Space>
    </section>
  );
}

/** The event log by stream: find streams by id prefix (lot-, lot-attempts-, …), then read one. */
export function EventLogBrowser() {
  const [prefix, setPrefix] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [streamId, setStreamId] = useState<string | null>(null);
  const { data, loading, error } = useQuery(EVENT_LOG_STREAMS, {
    variables: { prefix, start: (page - 1) * STREAMS_PAGE, limit: STREAMS_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <section aria-label="Event log" data-testid="tools-event-log">
      <Typography.Paragraph>
        The event log as it is stored: every stream and its events, read only. Lots are easier to read on their dispute desk.
      </Typography.Paragraph>
      <div className="ts-tools-field">
        <label htmlFor="event-log-prefix">Stream id starts with</label>
        <Input.Search
          id="event-log-prefix"
          placeholder="for example lot-"
          allowClear
          enterButton="Find"
          onSearch={(value) => {
            setPage(1);
            setPrefix(value.trim() || null);
          }}
        />
      </div>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      <ScrollableTable<EventLogStreamSummary>
        label="Streams"
        rowKey="streamId"
        size="small"
        loading={loading && !data}
        dataSource={data?.eventLogStreams.streams ?? []}
        pagination={{
          current: page,
          pageSize: STREAMS_PAGE,
          total: data?.eventLogStreams.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: 'Stream',
            dataIndex: 'streamId',
            render: (value: string) => (
              <Button
                type="link"
                onClick={() => setStreamId(value)}
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              >
                {value}
              </Button>
            ),
          },
          { title: 'Events', dataIndex: 'version' },
          { title: 'First event', dataIndex: 'firstType' },
          { title: 'Created', dataIndex: 'createdAt', render: (value: string) => formatInstant(value) },
        ]}
      />
      {streamId ? <StreamEvents key={streamId} streamId={streamId} onClose={() => setStreamId(null)} /> : null}
    </section>
  );
}
