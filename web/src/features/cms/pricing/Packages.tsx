import { useQuery } from '@apollo/client/react';
import { Alert, Button, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { PackageDialog } from './PackageDialog';
import { packageInput, type PackageDraft } from './pricing-forms';
import { CREATE_PACKAGE, PACKAGES, UPDATE_PACKAGE, type PackageRow } from './pricing.operations';
import { useStaffMutation } from './use-staff-mutation';

/** The brand's pricing packages (listing, auction, directory): create, edit, disable. */
export function Packages() {
  const [editing, setEditing] = useState<PackageRow | 'new' | null>(null);
  const { data, loading, error } = useQuery(PACKAGES, { fetchPolicy: 'cache-and-network' });
  const create = useStaffMutation(CREATE_PACKAGE, [PACKAGES]);
  const update = useStaffMutation(UPDATE_PACKAGE, [PACKAGES]);
  const save = async (draft: PackageDraft) => {
    const { type, ...editable } = packageInput(draft);
    const done =
      editing === 'new'
        ? await create.call({ data: { type, ...editable } }, `Package ${draft.title.trim()} created.`)
        : await update.call({ id: (editing as PackageRow).id, data: editable }, `Package ${draft.title.trim()} saved.`);
    if (done) setEditing(null);
  };
  const columns: TableProps<PackageRow>['columns'] = [
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
                { id: row.id, data: { enabled: !row.enabled } },
                `Package ${row.title} ${row.enabled ? 'disabled' : 'enabled'}.`,
              )
            }
          >
            {row.enabled ? 'Disable' : 'Enable'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')}>
        New package
      </Button>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      <ScrollableTable<PackageRow>
        label="Pricing packages"
        rowKey="id"
        loading={loading && !data}
        dataSource={data?.pricingPackages ?? []}
        columns={columns}
        pagination={false}
      />
      {editing ? (
        <PackageDialog
          initial={editing === 'new' ? null : editing}
          busy={create.loading || update.loading}
          onSave={(draft) => void save(draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Space>
  );
}
