import { ApolloProvider } from '@apollo/client/react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { apolloClient } from '../lib/apollo';
import { cspNonce } from '../lib/csp-nonce';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { bindNotifications, NOTIFICATION_DURATION_MS, NOTIFICATION_MAX, NOTIFICATION_TOP_PX } from '../lib/notify';
import { AuthProvider } from '../features/auth/auth-context';
import { antdThemeOf, BrandProvider, useBrand } from '../features/brand';
import { ErrorBoundary } from '../features/shell/ErrorBoundary';
import { FullScreenLoader, MaintenancePage } from '../features/shell/StatusPages';
import { AppRoutes } from './AppRoutes';

function NotificationBinder() {
  const { notification } = AntApp.useApp();
  useEffect(() => bindNotifications(notification), [notification]);
  return null;
}

function Themed({ children }: { children: ReactNode }) {
  const { config } = useBrand();
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    // Pages may set their own title first (child effects run before this one): only the
    // index.html default is replaced by the brand's name.
    if (document.title === 'Trackside' || document.title === '') document.title = config.companyName;
    document.documentElement.dataset.brand = config.brand;
  }, [config]);
  return (
    <ConfigProvider theme={withMotion(antdThemeOf(config.theme), !reducedMotion)}>
      <AntApp
        notification={{
          placement: 'topRight',
          top: NOTIFICATION_TOP_PX,
          duration: NOTIFICATION_DURATION_MS / 1000,
          maxCount: NOTIFICATION_MAX,
        }}
        className="ts-app"
      >
        <NotificationBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** The brand's tokens with Ant Design's motion on or off (off when the user prefers reduced motion). */
function withMotion(theme: ThemeConfig, motion: boolean): ThemeConfig {
  return motion ? theme : { ...theme, token: { ...theme.token, motion: false } };
}

/** Ant Design's <style> elements carry the page's CSP nonce; the themed ConfigProvider inside inherits it. */
const CSP = { nonce: cspNonce };

export function App() {
  return (
    <ConfigProvider csp={CSP}>
      <ErrorBoundary>
        <ApolloProvider client={apolloClient}>
          <BrandProvider fallback={<FullScreenLoader />} maintenance={<MaintenancePage />}>
            <Themed>
              <BrowserRouter>
                <AuthProvider>
                  <AppRoutes />
                </AuthProvider>
              </BrowserRouter>
            </Themed>
          </BrandProvider>
        </ApolloProvider>
      </ErrorBoundary>
    </ConfigProvider>
  );
}
