import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useAuth } from './auth-context';

/**
 * Overlays its children for visitors who are logged out or unconfirmed (spec 000 section 2): a
 * click opens the login dialog, or the resend-confirmation dialog for an unconfirmed account.
 */
export function AuthGuard({ children, label = 'Log in to continue' }: { children: ReactNode; label?: string }) {
  const { isLoggedIn, isConfirmed, loadingUser, openAuth } = useAuth();
  if (isLoggedIn && (isConfirmed || loadingUser)) return <>{children}</>;
  return (
    <div className="ts-guard">
      <div className="ts-guard-content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="ts-guard-overlay">
        <Button type="primary" icon={<LockOutlined />} onClick={() => openAuth(isLoggedIn ? 'resendConfirmation' : 'login')}>
          {isLoggedIn ? 'Confirm your email to continue' : label}
        </Button>
      </div>
    </div>
  );
}
