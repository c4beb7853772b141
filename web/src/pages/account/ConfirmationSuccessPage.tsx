import { Button, Result } from 'antd';
import { useAuth } from '../../features/auth/auth-context';

/** Where the confirmation email's link lands (GET /auth/email-confirmation redirects here). */
export default function ConfirmationSuccessPage() {
  const { isLoggedIn, openAuth } = useAuth();
  return (
    <Result
      status="success"
      title="Your email has been confirmed"
      subTitle="Thank you for confirming your email address. You can now bid, comment and watch auctions."
      extra={
        isLoggedIn ? null : (
          <Button type="primary" onClick={() => openAuth('login')}>
            Log In
          </Button>
        )
      }
    />
  );
}
