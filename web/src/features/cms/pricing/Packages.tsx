import { useQuery } from '@apollo/client/react';
import { Space, Tag } from 'antd';
import { PackageDialog } from './PackageDialog';
import { packageInput, type PackageDraft } from './pricing-forms';
import { CREATE_PACKAGE, PACKAGES, UPDATE_PACKAGE, type PackageRow } from './pricing.operations';
import { StaffList, type StaffListKind } from './StaffList';

const PACKAGE: StaffListKind<PackageRow, PackageDraft, 'enabled'> = {
  noun: 'Package',
  label: 'Pricing packages',
  create: CREATE_PACKAGE,
  update: UPDATE_PACKAGE,
  reload: { create: [PACKAGES], update: [PACKAGES] },
  // A package's type is chosen once, at creation.
  input: (draft, isNew) => {
    const { type, ...editable } = packageInput(draft);
    return isNew ? { type, ...editable } : editable;
  },
  draftName: (draft) => draft.title.trim(),
  rowName: (row) => row.title,
  toggle: 'enabled',
  Dialog: PackageDialog,
};

/** The brand's pricing packages (listing, auction, directory): create, edit, disable. */
export function Packages() {
  const { data, loading, error } = useQuery(PACKAGES, { fetchPolicy: 'cache-and-network' });
  return (
    <StaffList
      kind={PACKAGE}
      rows={data?.pricingPackages ?? []}
      loading={loading && !data}
      error={error}
      columns={[
        { title: 'Title', dataIndex: 'title', key: 'title' },
        { title: 'Type', dataIndex: 'type', key: 'type' },
        { title: 'Price', dataIndex: 'priceLabel', key: 'price' },
        {
          title: 'Status',
          key: 'status',
          render: (_, row) => (
            <Space size={4}>
              {row.enabled ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>}
              {row.featured ? <Tag color="gold">Featured</Tag> : null}
            </Space>
          ),
        },
      ]}
    />
  );
}
