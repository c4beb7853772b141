import { Button, Result, Space } from 'antd';
import { useAuth } from '../../features/auth/auth-context';

/**
 * Where a used or expired confirmation link lands in a browser (GET /auth/email-confirmation
 * redirects here instead of answering the API's JSON error; issue 24 item 24).
 */
export default function ConfirmationInvalidPage() {
  const { isLoggedIn, openAuth } = useAuth();
  return (
    <Result
      status="warning"
      title="This confirmation link has already been used or has expired"
      subTitle="If you confirmed your email address already, just log in. Otherwise ask for a new confirmation email."
      extra={
        isLoggedIn ? null : (
          <Space wrap>
            <Button type="primary" onClick={() => openAuth('login')}>
              Log In
            </Button>
            <Button onClick={() => openAuth('resendConfirmation')}>Send a new link</Button>
          </Space>
        )
      }
    />
  );
}
