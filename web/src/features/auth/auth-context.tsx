import { useApolloClient, useQuery } from '@apollo/client/react';
import { createContext, useCallback, useContext, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { signOut } from '../../lib/apollo';
import { session } from '../../lib/session';
import { ME_FULL, type SessionUser } from './auth.operations';

export type AuthView = 'login' | 'register' | 'forgot' | 'resendConfirmation';

export interface AuthValue {
  token: string | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
  isConfirmed: boolean;
  isBlocked: boolean;
  hasCMSAccess: boolean;
  loadingUser: boolean;
  dialog: AuthView | null;
  openAuth: (view?: AuthView) => void;
  closeAuth: () => void;
  /** Runs `action` now when signed in and confirmed; otherwise opens the right dialog and runs it after sign-in. */
  requireAuth: (action?: () => void) => void;
  completeSignIn: (jwt: string, user: SessionUser) => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

/** Session status (spec 000 sections 4 and 6): the token decides isLoggedIn; the full profile only when logged in. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const token = useSyncExternalStore(session.subscribe, session.token);
  const client = useApolloClient();
  const { data, loading } = useQuery(ME_FULL, { skip: !token, fetchPolicy: 'cache-and-network' });
  const user = token ? (data?.meFull ?? null) : null;
  const [dialog, setDialog] = useState<AuthView | null>(null);
  const pending = useRef<(() => void) | null>(null);

  const completeSignIn = useCallback(
    async (jwt: string, signedIn: SessionUser) => {
      session.signIn(jwt, signedIn.id);
      client.writeQuery({ query: ME_FULL, data: { meFull: signedIn } });
      setDialog(null);
      const action = pending.current;
      pending.current = null;
      if (action && signedIn.confirmed) action();
      await client.refetchQueries({ include: 'active' });
    },
    [client],
  );

  const value = useMemo<AuthValue>(() => {
    const isLoggedIn = Boolean(token);
    const isConfirmed = Boolean(user?.confirmed);
    return {
      token,
      user,
      isLoggedIn,
      isConfirmed,
      isBlocked: Boolean(user?.blocked),
      hasCMSAccess: Boolean(user?.cmsAccess),
      loadingUser: loading,
      dialog,
      openAuth: (view = 'login') => setDialog(view),
      closeAuth: () => {
        pending.current = null;
        setDialog(null);
      },
      requireAuth: (action) => {
        if (isLoggedIn && isConfirmed) {
          action?.();
          return;
        }
        pending.current = action ?? null;
        setDialog(isLoggedIn ? 'resendConfirmation' : 'login');
      },
      completeSignIn,
      logout: async () => {
        await signOut();
      },
    };
  }, [token, user, loading, dialog, completeSignIn]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
