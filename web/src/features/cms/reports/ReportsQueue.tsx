import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Alert, Segmented, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { ModerationDialog, type ModerationTarget } from './ModerationDialog';
import { REPORTS_PAGE_SIZE } from './reports-queue';
import type { QueueVariables } from './reports.operations';

/** What differs between the comments and the auctions queue; paging, the open/resolved switch and the dialog are shared. */
export interface ReportsQueueKind<Item, Data> {
  label: string;
  query: TypedDocumentNode<Data, QueueVariables>;
  page: (data: Data) => { count: number; items: Item[] };
  rowKey: (item: Item) => string;
  /** The kind's columns; `act` opens the confirmation of an action (open items only). */
  columns: (resolved: boolean, act: (target: ModerationTarget) => void) => NonNullable<TableProps<Item>['columns']>;
  empty: string;
}

const VIEWS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** One reports queue: open reports oldest first (or the resolved ones), each action confirmed, the page reloaded after it. */
export function ReportsQueue<Item extends object, Data>({ kind }: { kind: ReportsQueueKind<Item, Data> }) {
  const [resolved, setResolved] = useState(false);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<ModerationTarget | null>(null);
  const variables = { resolved, start: (page - 1) * REPORTS_PAGE_SIZE, limit: REPORTS_PAGE_SIZE };
  const { data, previousData, loading, error, refetch } = useQuery(kind.query, { variables, fetchPolicy: 'cache-and-network' });
  const answered = data ?? previousData;
  const result = answered ? kind.page(answered) : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented
        aria-label={`${kind.label}: open or resolved`}
        value={resolved ? 'resolved' : 'open'}
        options={VIEWS}
        onChange={(value) => {
          setResolved(value === 'resolved');
          setPage(1);
        }}
      />
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<Item>
        label={kind.label}
        rowKey={kind.rowKey}
        loading={loading && !result}
        dataSource={result?.items ?? []}
        columns={kind.columns(resolved, setTarget)}
        locale={{ emptyText: resolved ? 'Nothing resolved yet.' : kind.empty }}
        pagination={{ current: page, pageSize: REPORTS_PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {target ? <ModerationDialog target={target} onClose={() => setTarget(null)} onDone={() => refetch().catch(() => undefined)} /> : null}
    </Space>
  );
}
