import { useQuery } from '@apollo/client/react';
import { Alert, Button, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { discountLabel, promotionInput, type PromotionDraft } from './pricing-forms';
import { CREATE_PROMOTION, PACKAGES, PROMOTIONS, UPDATE_PROMOTION, type PromotionRow } from './pricing.operations';
import { PromotionDialog } from './PromotionDialog';
import { useStaffMutation } from './use-staff-mutation';

const PAGE_SIZE = 20;

/** The brand's promotion codes: create, edit, deactivate (and reactivate). */
export function Promotions() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PromotionRow | 'new' | null>(null);
  const { data, previousData, loading, error } = useQuery(PROMOTIONS, {
    variables: { start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const { data: packages } = useQuery(PACKAGES);
  const create = useStaffMutation(CREATE_PROMOTION, [PROMOTIONS]);
  const update = useStaffMutation(UPDATE_PROMOTION, [PROMOTIONS]);
  const result = (data ?? previousData)?.staffPromotions;
  const packageTitle = (id: string | null) =>
    id ? (packages?.pricingPackages.find((pkg) => pkg.id === id)?.title ?? id) : 'Every package';
  const save = async (draft: PromotionDraft) => {
    const done =
      editing === 'new'
        ? await create.call({ data: promotionInput(draft) }, `Promotion ${draft.code.trim()} created.`)
        : await update.call({ id: (editing as PromotionRow).id, data: promotionInput(draft) }, `Promotion ${draft.code.trim()} saved.`);
    if (done) setEditing(null);
  };
  const columns: TableProps<PromotionRow>['columns'] = [
    { title: 'Code', dataIndex: 'code', key: 'code' },
    { title: 'Discount', key: 'discount', render: (_, row) => discountLabel(row) },
    { title: 'Package', key: 'package', render: (_, row) => packageTitle(row.pricingPackageId) },
    {
      title: 'Used',
      key: 'used',
      render: (_, row) => `${row.timesRedeemed}${row.maxRedemptions !== null ? ` of ${row.maxRedemptions}` : ''}`,
    },
    {
      title: 'Expires',
      key: 'expires',
      render: (_, row) => (row.expiresAt ? new Date(row.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'Never'),
    },
    { title: 'Status', key: 'status', render: (_, row) => (row.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => (
        <Space wrap>
          <Button size="small" onClick={() => setEditing(row)}>
            Edit
          </Button>
          <Button
            size="small"
            loading={update.loading}
            onClick={() =>
              void update.call(
                { id: row.id, data: { active: !row.active } },
                `Promotion ${row.code} ${row.active ? 'deactivated' : 'activated'}.`,
              )
            }
          >
            {row.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        New promotion
      </Button>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<PromotionRow>
        label="Promotions"
        rowKey="id"
        loading={loading && !result}
        dataSource={result?.promotions ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      />
      {editing ? (
        <PromotionDialog
          initial={editing === 'new' ? null : editing}
          busy={create.loading || update.loading}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
