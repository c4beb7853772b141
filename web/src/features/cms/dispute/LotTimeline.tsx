import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatMoney } from '../../../lib/money';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { PersonName } from './PersonName';
import { formatInstant, type TimelineRow } from './timeline';

export interface TimelineProps {
  rows: TimelineRow[];
  currency: string;
  selectedVersion: number | null;
  voided: Set<string>;
  voidable: Set<string>;
  onSelectVersion: (version: number) => void;
  onVoid: (row: TimelineRow) => void;
}

function Kind({ row }: { row: TimelineRow }) {
  if (row.kind === 'refused')
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="red">Refused</Tag>
        <span className="ts-dispute-mono">{row.code}</span>
      </Space>
    );
  if (row.kind === 'moderation')
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="purple">Moderation</Tag>
        <span className="ts-dispute-mono">{row.type}</span>
      </Space>
    );
  return <Tag color={row.type === 'BidPlaced' ? 'blue' : undefined}>{row.type}</Tag>;
}

/** Money in the lot's currency; a refused attempt's amount exactly as sent (it may be malformed); voided bids struck through. */
function Amount({ row, currency, voided }: { row: TimelineRow; currency: string; voided: Set<string> }) {
  if (row.kind === 'refused')
    return row.receivedAmount === null ? (
      <>—</>
    ) : (
      <span title="The amount exactly as it was sent">{`${row.receivedAmount} (as sent)`}</span>
    );
  if (row.amount === null) return <>—</>;
  const isVoided = row.type === 'BidPlaced' && row.bidId !== null && voided.has(row.bidId);
  return (
    <Space size={4}>
      <span style={isVoided ? { textDecoration: 'line-through' } : undefined}>{formatMoney(row.amount, currency)}</span>
      {isVoided ? <Tag color="orange">voided</Tag> : null}
    </Space>
  );
}

function Details({ row }: { row: TimelineRow }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{row.kind === 'refused' ? row.message : row.summary}</span>
      {row.subject ? (
        <span>
          Comment by <PersonName person={row.subject} />
        </span>
      ) : null}
      {row.suppressedCount ? (
        <Typography.Text type="warning">
          and {row.suppressedCount} more attempts of this bidder in the same window, counted only
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" className="ts-dispute-mono">
        {[
          row.sourceStream && `${row.sourceStream} v${row.sourceVersion}`,
          row.channel && `channel ${row.channel}`,
          row.bidId && `bid ${row.bidId}`,
          row.correlationId && `correlation ${row.correlationId}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
    </Space>
  );
}

function columns(props: TimelineProps): ColumnsType<TimelineRow> {
  return [
    {
      title: 'When (UTC)',
      key: 'at',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <span className="ts-dispute-time">{formatInstant(row.at)}</span>
          <Typography.Text type="secondary" className="ts-dispute-time">
            recorded {formatInstant(row.recordedAt)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Version', dataIndex: 'version', render: (value: number | null) => value ?? '—' },
    { title: 'Event', key: 'type', render: (_, row) => <Kind row={row} /> },
    { title: 'Who', key: 'who', render: (_, row) => <PersonName person={row.bidder ?? row.actor} id={row.actorId} /> },
    {
      title: 'Amount',
      key: 'amount',
      render: (_, row) => <Amount row={row} currency={props.currency} voided={props.voided} />,
    },
    { title: 'Details', key: 'details', render: (_, row) => <Details row={row} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          {row.version !== null ? (
            <Button size="small" onClick={() => props.onSelectVersion(row.version!)} aria-label={`State here: version ${row.version}`}>
              State here
            </Button>
          ) : null}
          {row.bidId && row.type === 'BidPlaced' && props.voidable.has(row.bidId) ? (
            <Button size="small" onClick={() => props.onVoid(row)} aria-label={`Void bid ${row.bidId}`}>
              Void bid
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
}

/** Every event, refused attempt and moderation of the lot, oldest first; a row's State here sets the as-of version. */
export function LotTimeline(props: TimelineProps) {
  return (
    <ScrollableTable<TimelineRow>
      label="Lot timeline"
      rowKey="key"
      size="small"
      dataSource={props.rows}
      columns={columns(props)}
      pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 500], hideOnSinglePage: true }}
      rowClassName={(row) =>
        row.kind === 'refused'
          ? 'ts-dispute-refused'
          : row.kind === 'moderation'
            ? 'ts-dispute-moderation'
            : row.version !== null && row.version === props.selectedVersion
              ? 'ts-dispute-selected'
              : ''
      }
      onRow={(row) =>
        ({
          'data-testid': `timeline-row-${row.kind}`,
          'data-version': row.version ?? undefined,
          // A click anywhere on an event row selects it (the State here button does the same from the keyboard).
          onClick: (click: React.MouseEvent) => {
            if (row.version !== null && !(click.target as HTMLElement).closest('button')) props.onSelectVersion(row.version);
          },
        }) as object
      }
    />
  );
}
