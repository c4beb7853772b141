import { useQuery } from '@apollo/client/react';
import { Alert, Button, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { CouponDialog } from './CouponDialog';
import { couponInput, couponLabel, type CouponDraft } from './pricing-forms';
import { COUPONS, CREATE_COUPON, PROMOTIONS, UPDATE_COUPON, type CouponRow } from './pricing.operations';
import { useStaffMutation } from './use-staff-mutation';

/** The brand's coupons (the discounts promotion codes point to): create, edit, deactivate. */
export function Coupons() {
  const [editing, setEditing] = useState<CouponRow | 'new' | null>(null);
  const { data, loading, error } = useQuery(COUPONS, { fetchPolicy: 'cache-and-network' });
  const create = useStaffMutation(CREATE_COUPON, [COUPONS]);
  const update = useStaffMutation(UPDATE_COUPON, [COUPONS, PROMOTIONS]);
  const save = async (draft: CouponDraft) => {
    const done =
      editing === 'new'
        ? await create.call({ data: couponInput(draft) }, `Coupon ${draft.name.trim()} created.`)
        : await update.call({ id: (editing as CouponRow).id, data: couponInput(draft) }, `Coupon ${draft.name.trim()} saved.`);
    if (done) setEditing(null);
  };
  const columns: TableProps<CouponRow>['columns'] = [
    { title: 'Coupon', key: 'coupon', render: (_, row) => couponLabel(row) },
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
            onClick={() =>
              void update.call(
                { id: row.id, data: { active: !row.active } },
                `Coupon ${row.name} ${row.active ? 'deactivated' : 'activated'}.`,
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
        New coupon
      </Button>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<CouponRow>
        label="Coupons"
        rowKey="id"
        loading={loading && !data}
        dataSource={data?.staffCoupons ?? []}
        columns={columns}
        pagination={false}
      />
      {editing ? (
        <CouponDialog
          initial={editing === 'new' ? null : editing}
          busy={create.loading || update.loading}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
