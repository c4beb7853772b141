import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PrivateRoute } from '../features/auth/PrivateRoute';
import { useBrand } from '../features/brand';
import { AppLayout } from '../features/shell/AppLayout';
import { chooseHome } from '../features/shell/navigation';
import { NotFoundPage } from '../features/shell/StatusPages';
import { lazyPage } from './lazy-page';

const AuctionListPage = lazyPage(() => import('../pages/auction/AuctionListPage'));
const LotPage = lazyPage(() => import('../pages/auction/LotPage'));
const ContentPage = lazyPage(() => import('../pages/content/ContentPage'));
const AboutUsPage = lazyPage(() => import('../pages/about/AboutPage'));
const UnsubscribeRoutePage = lazyPage(() => import('../pages/notifications/UnsubscribeRoutePage'));
const ResetPasswordPage = lazyPage(() => import('../pages/account/ResetPasswordPage'));
const ConfirmationSuccessPage = lazyPage(() => import('../pages/account/ConfirmationSuccessPage'));
const ConfirmationInvalidPage = lazyPage(() => import('../pages/account/ConfirmationInvalidPage'));
const SocialCallbackPage = lazyPage(() => import('../pages/account/SocialCallbackPage'));
const MyAccountPage = lazyPage(() => import('../pages/account/MyAccountPage'));
const DirectoryPage = lazyPage(() => import('../pages/directory/DirectoryPage'));
const PricingPage = lazyPage(() => import('../pages/pricing/PricingPage'));
const DashboardPage = lazyPage(() => import('../pages/dashboard/DashboardPage'));
const ContactPage = lazyPage(() => import('../pages/contact/ContactPage'));
const PaddockPage = lazyPage(() => import('../pages/paddock/PaddockPage'));
const PartnersPage = lazyPage(() => import('../pages/contact/PartnersPage'));
const AuctionCreatePage = lazyPage(() => import('../pages/auction/AuctionCreatePage'));
const AuctionEditPage = lazyPage(() => import('../pages/auction/AuctionEditPage'));
const MediaPage = lazyPage(() => import('../pages/media/MediaPage'));
const DealerPage = lazyPage(() => import('../pages/content/DealerPage'));
const CmsPage = lazyPage(() => import('../pages/cms/CmsPage'));
const SandboxCryptoPayPage = lazyPage(() => import('../pages/payment/SandboxCryptoPayPage'));

/** Module routes exist only when the brand lists the module as active (spec 000 section 2). */
function ModuleRoutes() {
  const { isModuleActive } = useBrand();
  return isModuleActive('auction') ? <AuctionListPage /> : <NotFoundPage />;
}

function LotRoute() {
  const { isModuleActive } = useBrand();
  return isModuleActive('auction') ? <LotPage /> : <NotFoundPage />;
}

function DirectoryRoute() {
  const { isModuleActive } = useBrand();
  return isModuleActive('directory') ? <DirectoryPage /> : <NotFoundPage />;
}

function MediaRoute() {
  const { isModuleActive } = useBrand();
  return isModuleActive('media') ? <MediaPage /> : <NotFoundPage />;
}

/** The Paddock module, at /paddock (or /shop, its jewelry name). */
function PaddockRoute({ module }: { module: 'paddock' | 'shop' }) {
  const { isModuleActive } = useBrand();
  return isModuleActive(module) ? <PaddockPage base={`/${module}`} title={module === 'shop' ? 'Shop' : 'Paddock'} /> : <NotFoundPage />;
}

function HomeRoute() {
  const { config } = useBrand();
  const { search } = useLocation();
  const home = chooseHome(config);
  switch (home.kind) {
    case 'module':
      if (home.module === 'auction') return search || !home.search ? <AuctionListPage /> : <Navigate to={`/${home.search}`} replace />;
      if (home.module === 'directory') return <DirectoryPage />;
      if (home.module === 'paddock' || home.module === 'shop')
        return <PaddockPage base={`/${home.module}`} title={home.module === 'shop' ? 'Shop' : 'Paddock'} />;
      if (home.module === 'media') return <MediaPage />;
      return <NotFoundPage />;
    case 'page':
      // /page/contact-us is the contact page, not a content page, wherever it is shown.
      return home.slug === 'contact-us' ? <ContactPage /> : <ContentPage slug={home.slug} />;
    case 'about':
      return <AboutUsPage />;
  }
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="auction" element={<ModuleRoutes />} />
        <Route path="auction/lot/:slug" element={<LotRoute />} />
        <Route path="directory/*" element={<DirectoryRoute />} />
        <Route path="paddock/*" element={<PaddockRoute module="paddock" />} />
        <Route path="shop/*" element={<PaddockRoute module="shop" />} />
        <Route path="media/*" element={<MediaRoute />} />
        <Route
          path="auction/create"
          element={
            <PrivateRoute>
              <AuctionCreatePage />
            </PrivateRoute>
          }
        />
        <Route
          path="auction/:auctionId/edit"
          element={
            <PrivateRoute>
              <AuctionEditPage />
            </PrivateRoute>
          }
        />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="notifications/unsubscribe/:token" element={<UnsubscribeRoutePage />} />
        <Route
          path="dashboard/*"
          element={
            <PrivateRoute>
              <DashboardPage />
            </PrivateRoute>
          }
        />
        <Route
          path="cms/*"
          element={
            <PrivateRoute>
              <CmsPage />
            </PrivateRoute>
          }
        />
        <Route
          path="payment/sandbox/crypto/:paymentId"
          element={
            <PrivateRoute>
              <SandboxCryptoPayPage />
            </PrivateRoute>
          }
        />
        <Route path="how-to-sell" element={<ContentPage slug="how-to-sell" />} />
        <Route path="racingedge-partners" element={<PartnersPage />} />
        <Route path="page/contact-us" element={<ContactPage />} />
        <Route path="dealer-services" element={<DealerPage page="dealer-services" />} />
        <Route path="dealer-services/dealership-solutions" element={<DealerPage page="dealership-solutions" />} />
        <Route path="dealer-services/auction-and-marketplace" element={<DealerPage page="auction-and-marketplace" />} />
        <Route path="about-us" element={<AboutUsPage />} />
        <Route path="page/:slug" element={<ContentPage />} />
        <Route path="auth/:provider/callback" element={<SocialCallbackPage />} />
        <Route path="confirmation/success" element={<ConfirmationSuccessPage />} />
        <Route path="confirmation/invalid" element={<ConfirmationInvalidPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="reset-password/:code" element={<ResetPasswordPage />} />
        <Route
          path="account"
          element={
            <PrivateRoute>
              <MyAccountPage />
            </PrivateRoute>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
