import { useQuery } from '@apollo/client/react';
import { Tag } from 'antd';
import { useState } from 'react';
import { discountLabel, promotionInput, type PromotionDraft } from './pricing-forms';
import { CREATE_PROMOTION, PACKAGES, PROMOTIONS, UPDATE_PROMOTION, type PromotionRow } from './pricing.operations';
import { PromotionDialog } from './PromotionDialog';
import { StaffList, type StaffListKind } from './StaffList';

const PAGE_SIZE = 20;

const PROMOTION: StaffListKind<PromotionRow, PromotionDraft, 'active'> = {
  noun: 'Promotion',
  label: 'Promotions',
  create: CREATE_PROMOTION,
  update: UPDATE_PROMOTION,
  reload: { create: [PROMOTIONS], update: [PROMOTIONS] },
  input: (draft) => promotionInput(draft),
  draftName: (draft) => draft.code.trim(),
  rowName: (row) => row.code,
  toggle: 'active',
  toggleShowsBusy: true,
  Dialog: PromotionDialog,
};

/** The brand's promotion codes: create, edit, deactivate (and reactivate). */
export function Promotions() {
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error } = useQuery(PROMOTIONS, {
    variables: { start: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const { data: packages } = useQuery(PACKAGES);
  const result = (data ?? previousData)?.staffPromotions;
  const packageTitle = (id: string | null) =>
    id ? (packages?.pricingPackages.find((pkg) => pkg.id === id)?.title ?? id) : 'Every package';
  return (
    <StaffList
      kind={PROMOTION}
      rows={result?.promotions ?? []}
      loading={loading && !result}
      error={error}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: result?.count ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
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
      ]}
    />
  );
}
