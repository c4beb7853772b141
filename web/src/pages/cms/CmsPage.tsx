import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { CmsLayout } from '../../features/cms/shell/CmsLayout';
import { NotFoundPage } from '../../features/shell/StatusPages';

const CmsHomePage = lazyPage(() => import('./CmsHomePage'));
const CmsUsersPage = lazyPage(() => import('./CmsUsersPage'));
const CmsAuctionManagePage = lazyPage(() => import('./CmsAuctionManagePage'));
const CmsAuctionConfigurePage = lazyPage(() => import('./CmsAuctionConfigurePage'));
const CmsLotHistoryPage = lazyPage(() => import('./CmsLotHistoryPage'));
const CmsReportsPage = lazyPage(() => import('./CmsReportsPage'));
const CmsWebsiteConfigurePage = lazyPage(() => import('./CmsWebsiteConfigurePage'));
const CmsHomepagePage = lazyPage(() => import('./CmsHomepagePage'));
const CmsReviewPage = lazyPage(() => import('./CmsReviewPage'));
const CmsPricingPage = lazyPage(() => import('./CmsPricingPage'));
const CmsToolsPage = lazyPage(() => import('./CmsToolsPage'));

/** /cms routes (login required: the route is wrapped in PrivateRoute; flags checked by CmsLayout). */
export default function CmsPage() {
  return (
    <Routes>
      <Route element={<CmsLayout />}>
        <Route index element={<CmsHomePage />} />
        <Route path="users" element={<CmsUsersPage />} />
        {/* The breadcrumb links the group segments: each opens the group's first screen. */}
        <Route path="auction" element={<Navigate to="/cms/auction/manage" replace />} />
        <Route path="website" element={<Navigate to="/cms/website/configure" replace />} />
        <Route path="auction/manage" element={<CmsAuctionManagePage />} />
        <Route path="auction/configure" element={<CmsAuctionConfigurePage />} />
        <Route path="auction/lot/:lotId" element={<CmsLotHistoryPage />} />
        <Route path="auction/reports" element={<CmsReportsPage />} />
        <Route path="website/configure" element={<CmsWebsiteConfigurePage />} />
        <Route path="website/homepage" element={<CmsHomepagePage />} />
        <Route path="website/review" element={<CmsReviewPage />} />
        <Route path="website/pricing" element={<CmsPricingPage />} />
        <Route path="tools" element={<CmsToolsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
