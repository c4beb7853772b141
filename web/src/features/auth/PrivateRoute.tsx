import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from './auth-context';

/** A private route sends an unauthenticated visitor back to the previous page (spec 000 section 2) and offers the login dialog. */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { isLoggedIn, openAuth } = useAuth();
  const navigate = useNavigate();
  const hasHistory = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;
  useEffect(() => {
    if (isLoggedIn) return;
    openAuth('login');
    if (hasHistory) void navigate(-1);
  }, [isLoggedIn, hasHistory, navigate, openAuth]);
  if (isLoggedIn) return <>{children}</>;
  return hasHistory ? null : <Navigate to="/" replace />;
}
