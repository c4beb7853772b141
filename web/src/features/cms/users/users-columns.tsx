import { Space, Tag, type TableProps } from 'antd';
import { UserRowActions } from './UserRowActions';
import { heldFlags, type SortOrder, type UserSortField } from './users-table';
import type { CmsUserRow } from './users.operations';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The users table's columns: the sortable ones show the current order, Actions the staff actions for the row. */
export function userColumns({
  sortOrderOf,
  canEditPermissions,
  onEditPermissions,
  onChanged,
}: {
  sortOrderOf: (field: UserSortField) => SortOrder;
  canEditPermissions: boolean;
  onEditPermissions: (user: CmsUserRow) => void;
  onChanged: () => void;
}): TableProps<CmsUserRow>['columns'] {
  return [
    { title: 'Display name', dataIndex: 'username', key: 'username', sorter: true, sortOrder: sortOrderOf('username') },
    { title: 'Email', dataIndex: 'email', key: 'email', sorter: true, sortOrder: sortOrderOf('email') },
    {
      title: 'Status',
      key: 'status',
      render: (_, user) => (
        <Space wrap size={4}>
          {user.confirmed ? <Tag color="green">Confirmed</Tag> : <Tag>Unconfirmed</Tag>}
          {user.blocked ? <Tag color="red">Blocked</Tag> : null}
        </Space>
      ),
    },
    {
      title: 'Staff',
      key: 'staff',
      render: (_, user) => (
        <Space wrap size={4}>
          {heldFlags(user.permissions).map((flag) => (
            <Tag key={flag}>{flag}</Tag>
          ))}
        </Space>
      ),
    },
    { title: 'Joined', dataIndex: 'created_at', key: 'created_at', sorter: true, sortOrder: sortOrderOf('created_at'), render: dateTime },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, user) => (
        <UserRowActions
          user={user}
          canEditPermissions={canEditPermissions}
          onEditPermissions={() => onEditPermissions(user)}
          onChanged={onChanged}
        />
      ),
    },
  ];
}
