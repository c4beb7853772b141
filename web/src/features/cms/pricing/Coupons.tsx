import { useQuery } from '@apollo/client/react';
import { Tag } from 'antd';
import { CouponDialog } from './CouponDialog';
import { couponInput, couponLabel, type CouponDraft } from './pricing-forms';
import { COUPONS, CREATE_COUPON, PROMOTIONS, UPDATE_COUPON, type CouponRow } from './pricing.operations';
import { StaffList, type StaffListKind } from './StaffList';

const COUPON: StaffListKind<CouponRow, CouponDraft, 'active'> = {
  noun: 'Coupon',
  label: 'Coupons',
  create: CREATE_COUPON,
  update: UPDATE_COUPON,
  // A coupon's name and discount show in the promotions list too.
  reload: { create: [COUPONS], update: [COUPONS, PROMOTIONS] },
  input: (draft) => couponInput(draft),
  draftName: (draft) => draft.name.trim(),
  rowName: (row) => row.name,
  toggle: 'active',
  Dialog: CouponDialog,
};

/** The brand's coupons (the discounts promotion codes point to): create, edit, deactivate. */
export function Coupons() {
  const { data, loading, error } = useQuery(COUPONS, { fetchPolicy: 'cache-and-network' });
  return (
    <StaffList
      kind={COUPON}
      rows={data?.staffCoupons ?? []}
      loading={loading && !data}
      error={error}
      columns={[
        { title: 'Coupon', key: 'coupon', render: (_, row) => couponLabel(row) },
        { title: 'Status', key: 'status', render: (_, row) => (row.active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>) },
      ]}
    />
  );
}
