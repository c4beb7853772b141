import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Skeleton, Switch, Table, Typography } from 'antd';
import { serverError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { NOTIFICATION_PREFERENCES, SET_NOTIFICATION_PREFERENCE, type NotificationPreference } from './notifications.operations';

/** /dashboard/notifications (issue 21): per kind, in the app and by email, each a switch saved at once. */
export function NotificationSettingsPage() {
  const { data, loading, error } = useQuery(NOTIFICATION_PREFERENCES, { fetchPolicy: 'cache-and-network' });
  const [save] = useMutation(SET_NOTIFICATION_PREFERENCE);
  const change = (kind: string, field: 'inApp' | 'email', value: boolean) =>
    save({ variables: { kind, [field]: value } }).catch((failure: unknown) => notify('error', serverError(failure).message));
  const toggle = (field: 'inApp' | 'email', name: string) => (value: boolean, row: NotificationPreference) => (
    <Switch
      checked={value}
      aria-label={`${row.label}: ${name}`}
      data-testid={`preference-${row.kind}-${field}`}
      onChange={(next) => void change(row.kind, field, next)}
    />
  );
  return (
    <section aria-labelledby="notification-settings-title">
      <Typography.Title level={1} id="notification-settings-title">
        Notifications
      </Typography.Title>
      <Typography.Paragraph>Choose what we tell you about, in the app (the bell) and by email.</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={serverError(error).message} /> : null}
      {loading && !data ? <Skeleton active /> : null}
      {data ? (
        <Table
          rowKey="kind"
          pagination={false}
          dataSource={data.notificationPreferences}
          columns={[
            { title: 'Notification', dataIndex: 'label', key: 'label' },
            { title: 'In the app', dataIndex: 'inApp', key: 'inApp', render: toggle('inApp', 'in the app') },
            { title: 'Email', dataIndex: 'email', key: 'email', render: toggle('email', 'email') },
          ]}
        />
      ) : null}
    </section>
  );
}
