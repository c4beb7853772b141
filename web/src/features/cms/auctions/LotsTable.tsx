import { useQuery } from '@apollo/client/react';
import { Alert, Input, Radio, Space, Tag, type TableProps } from 'antd';
import { useEffect, useState } from 'react';
import { serverError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/money';
import { observeServerTime } from '../../../lib/server-clock';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { CMS_AUCTIONS, type CmsLotRow } from './auctions.operations';
import { ADMIN_STATUSES, LOTS_PAGE_SIZE, STATUS_LABELS, statusesOf, type AdminStatus } from './lot-admin';
import { LotRowActions } from './LotRowActions';
import { useLotCommand } from './use-lot-command';

export const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '—';

/**
 * The brand's own lots by admin-side status (cmsAuctions), with search, paging and each row's
 * actions. The status filter is the caller's (kept in the address by the manage screen).
 */
export function LotsTable({ status, onStatusChange }: { status: AdminStatus; onStatusChange: (status: AdminStatus) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const variables = {
    status: statusesOf(status),
    search: search.trim() || null,
    start: (page - 1) * LOTS_PAGE_SIZE,
    limit: LOTS_PAGE_SIZE,
  };
  const { data, previousData, loading, error, refetch } = useQuery(CMS_AUCTIONS, { variables, fetchPolicy: 'cache-and-network' });
  const result = (data ?? previousData)?.cmsAuctions;
  useEffect(() => observeServerTime(result?.serverTime), [result?.serverTime]);
  const { run, busy } = useLotCommand(() => void refetch().catch(() => undefined));
  const columns: TableProps<CmsLotRow>['columns'] = [
    { title: 'Lot', dataIndex: 'title', key: 'title' },
    { title: 'Seller', key: 'seller', render: (_, lot) => lot.user?.username ?? '—' },
    {
      title: 'Status',
      key: 'status',
      render: (_, lot) => (
        <Space wrap size={4}>
          <Tag>{STATUS_LABELS[lot.status]}</Tag>
          {lot.paymentStatus === 'UNPAID' ? <Tag color="orange">Unpaid</Tag> : null}
          {lot.shared ? <Tag color="blue">{lot.hosts.length > 0 ? `Network: ${lot.hosts.join(', ')}` : 'On the network'}</Tag> : null}
        </Space>
      ),
    },
    { title: 'Starts', key: 'start', render: (_, lot) => dateTime(lot.scheduledStartDate) },
    { title: 'Ends', key: 'end', render: (_, lot) => dateTime(lot.finalEndDate ?? lot.scheduledEndDate) },
    {
      title: 'Top bid',
      key: 'top',
      render: (_, lot) => (lot.topBidAmount === null ? '—' : `${formatMoney(lot.topBidAmount, lot.currency)} (${lot.bidCount})`),
    },
    { title: 'Actions', key: 'actions', render: (_, lot) => <LotRowActions lot={lot} run={run} busy={busy} /> },
  ];
  return (
    <div data-testid="cms-lots">
      <Space wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          value={status}
          aria-label="Status"
          onChange={(event) => {
            onStatusChange(event.target.value as AdminStatus);
            setPage(1);
          }}
          options={ADMIN_STATUSES.map((entry) => ({ value: entry.key, label: entry.label }))}
        />
        <Input.Search
          allowClear
          placeholder="Title or lot id"
          aria-label="Search lots"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="lots-search"
        />
      </Space>
      {error ? <Alert type="error" showIcon title={serverError(error).message} style={{ marginBottom: 12 }} /> : null}
      <ScrollableTable<CmsLotRow>
        label="Lots"
        rowKey="id"
        size="middle"
        loading={loading && !data}
        columns={columns}
        dataSource={result?.auctions ?? []}
        pagination={{ current: page, pageSize: LOTS_PAGE_SIZE, total: result?.count ?? 0, showSizeChanger: false }}
        onChange={(pagination) => setPage(pagination.current ?? 1)}
      />
    </div>
  );
}
