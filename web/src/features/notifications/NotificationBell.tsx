import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../lib/notify';
import { useBrand } from '../brand';
import { MARK_NOTIFICATIONS_READ, MY_NOTIFICATIONS, type AppNotification } from './notifications.operations';
import { useNotificationSocket, type NotificationPush } from './use-notification-socket';

/**
 * The header's bell (issue 21): the unread count on a badge and the newest notifications in a
 * popover. A live push refetches the list and shows a toast; opening the popover marks them read.
 */
export function NotificationBell() {
  const { config } = useBrand();
  const [open, setOpen] = useState(false);
  const { data, refetch } = useQuery(MY_NOTIFICATIONS, { variables: { limit: 20 }, fetchPolicy: 'cache-and-network' });
  const [markRead] = useMutation(MARK_NOTIFICATIONS_READ);
  const onPush = useCallback(
    (push: NotificationPush) => {
      notify('info', push.title);
      void refetch();
    },
    [refetch],
  );
  useNotificationSocket(config.brand, onPush);
  const unread = data?.unreadNotificationCount ?? 0;
  const items = data?.notifications ?? [];
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next && unread > 0) void markRead({ variables: { ids: null } }).then(() => refetch());
  };
  const content = (
    <div className="ts-notifications" data-testid="notification-list" style={{ width: 320, maxHeight: 420, overflowY: 'auto' }}>
      {items.length === 0 ? (
        <Empty description="No notifications yet" />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item: AppNotification) => (
            <List.Item key={item.id} data-testid="notification-item">
              <List.Item.Meta
                title={
                  <Link to={item.link} onClick={() => openChange(false)}>
                    {item.read ? item.title : <strong>{item.title}</strong>}
                  </Link>
                }
                description={
                  <>
                    <div>{item.body}</div>
                    <Typography.Text type="secondary">{new Date(item.createdAt).toLocaleString()}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <div style={{ textAlign: 'right', marginTop: 8 }}>
        <Link to="/dashboard/notifications" onClick={() => openChange(false)}>
          Notification settings
        </Link>
      </div>
    </div>
  );
  return (
    <Popover content={content} title="Notifications" trigger="click" open={open} onOpenChange={openChange} placement="bottomRight">
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
          style={{ marginRight: 8 }}
        />
      </Badge>
    </Popover>
  );
}
