import { Button, Result } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth-context';

/**
 * A private route (spec 002 section 2): an unauthenticated visitor is sent back to the previous page
 * of the app and offered the login dialog; once signed in they land on the URL they asked for (the
 * deep link is kept). Opened with no previous page (a bookmark, a link from an email), the URL stays
 * and the login dialog opens over a "log in to continue" screen. Signing out on a private page goes
 * home without the dialog.
 */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { isLoggedIn, requireAuth } = useAuth();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const wasLoggedIn = useRef(isLoggedIn);
  const hasHistory = Boolean(typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx);
  const target = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (isLoggedIn) {
      wasLoggedIn.current = true;
      return;
    }
    if (wasLoggedIn.current) {
      wasLoggedIn.current = false;
      void navigate('/', { replace: true });
      return;
    }
    if (!hasHistory) {
      requireAuth();
      return;
    }
    // The navigate of this (unmounting) route still drives the app's router: the path is absolute.
    requireAuth(() => void navigate(target));
    void navigate(-1);
    // Only a change of session decides; the target and history are read when that happens.
  }, [isLoggedIn]);
  if (isLoggedIn) return <>{children}</>;
  if (hasHistory) return null;
  return <SignInToContinue onLogin={() => requireAuth()} />;
}

function SignInToContinue({ onLogin }: { onLogin: () => void }) {
  return (
    <Result
      status="info"
      title="Log in to continue"
      subTitle="This page is for signed-in members. Log in and you will land right here."
      extra={
        <Button type="primary" onClick={onLogin}>
          Log In
        </Button>
      }
      data-testid="private-route-login"
    />
  );
}
