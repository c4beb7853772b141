import { Descriptions, Typography } from 'antd';
import { useAuth } from '../../features/auth/auth-context';

/** The signed-in user's account summary (a private route). */
export default function MyAccountPage() {
  const { user } = useAuth();
  return (
    <section className="ts-page ts-narrow">
      <Typography.Title>My Account</Typography.Title>
      <Descriptions column={1} bordered>
        <Descriptions.Item label="Display name">{user?.username}</Descriptions.Item>
        <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
        <Descriptions.Item label="Name">{[user?.firstName, user?.lastName].filter(Boolean).join(' ')}</Descriptions.Item>
        <Descriptions.Item label="Email confirmed">{user?.confirmed ? 'Yes' : 'No'}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}
