import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { serverError } from '../../../lib/errors';
import { ScrollableTable } from '../../dashboard/ScrollableTable';
import { useCmsPermissions } from '../shell/use-cms-permissions';
import { InviteUserDialog } from './InviteUserDialog';
import { PermissionsDialog } from './PermissionsDialog';
import { userColumns } from './users-columns';
import { searchWhere, sortString, USERS_PAGE_SIZE, type SortOrder, type UserSortField } from './users-table';
import { CMS_USERS, type CmsUserRow } from './users.operations';

/** /cms/users (manageUsers): the brand's users with search, sort and paging, and the staff actions. */
export function CmsUsers() {
  const { permissions } = useCmsPermissions();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ field: UserSortField | null; order: SortOrder }>({ field: null, order: null });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<CmsUserRow | null>(null);
  const variables = {
    start: (page - 1) * USERS_PAGE_SIZE,
    limit: USERS_PAGE_SIZE,
    where: searchWhere(search),
    sort: sortString(sort.field, sort.order),
  };
  const { data, previousData, loading, error, refetch } = useQuery(CMS_USERS, { variables, fetchPolicy: 'cache-and-network' });
  const result = data ?? previousData;
  const reload = () => void refetch().catch(() => undefined);
  const sortOrderOf = (field: UserSortField) => (sort.field === field ? sort.order : null);
  const columns = userColumns({
    sortOrderOf,
    canEditPermissions: permissions.superAdmin,
    onEditPermissions: setEditing,
    onChanged: reload,
  });
  return (
    <section aria-labelledby="cms-users-title" data-testid="cms-users">
      <Typography.Title level={1} id="cms-users-title" style={{ fontSize: 28 }}>
        Users
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder="Display name, email or name"
          aria-label="Search users"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          style={{ width: 300, maxWidth: '100%' }}
          data-testid="users-search"
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          Invite user
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={serverError(error).message} style={{ marginBottom: 12 }} /> : null}
      <ScrollableTable<CmsUserRow>
        label="Users"
        rowKey="id"
        size="middle"
        loading={loading && !data}
        columns={columns}
        dataSource={result?.cmsUsers.users ?? []}
        pagination={{ current: page, pageSize: USERS_PAGE_SIZE, total: result?.cmsUsers.count ?? 0, showSizeChanger: false }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = (one?.columnKey as UserSortField | undefined) ?? null;
          const order = (one?.order ?? null) as SortOrder;
          if (field !== sort.field || order !== sort.order) {
            setSort({ field: order ? field : null, order });
            setPage(1);
          } else setPage(pagination.current ?? 1);
        }}
      />
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} onInvited={reload} />
      {editing ? <PermissionsDialog user={editing} onClose={() => setEditing(null)} onSaved={reload} /> : null}
    </section>
  );
}
