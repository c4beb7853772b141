import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthDialog } from '../auth/AuthDialog';
import { AnnouncementBanner } from './AnnouncementBanner';
import { CookieNotice } from './CookieNotice';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollTop } from './ScrollTop';
import { SellButton } from './SellButton';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { FullScreenLoader } from './StatusPages';
import './shell.css';
import { useEmbedded } from './use-embedded';

/** The site shell (spec 000 section 2); `?embedded` keeps only the page itself. */
export function AppLayout() {
  const embedded = useEmbedded();
  const { pathname } = useLocation();
  return (
    <Layout className="ts-layout">
      <a href="#main" className="ts-skip-link">
        Skip to content
      </a>
      {embedded ? null : <AnnouncementBanner />}
      {embedded ? null : <SiteHeader />}
      <Layout.Content id="main" className="ts-main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Layout.Content>
      {embedded ? null : <SiteFooter />}
      {embedded ? null : <SellButton />}
      {embedded ? null : <ScrollTop />}
      {embedded ? null : <CookieNotice />}
      <AuthDialog />
    </Layout>
  );
}
