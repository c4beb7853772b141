import { Navigate, Route, Routes } from 'react-router';
import { DashboardLayout } from '../../features/dashboard/DashboardLayout';
import { DashboardAuctionsPage, DashboardListingsPage, DashboardFavouritesPage } from '../../features/dashboard/DashboardPages';
import { ProfilePage } from '../../features/dashboard/ProfilePage';
import { DashboardTransactionsPage } from '../../features/dashboard/TransactionsPage';
import { ReceiptPage } from '../../features/payments/receipt/ReceiptPage';
import { NotFoundPage } from '../../features/shell/StatusPages';
import { NotificationSettingsPage } from '../../features/notifications/NotificationSettingsPage';
import { WatchlistPage } from '../../features/watchlist/WatchlistPage';

/** /dashboard routes (login required: the route is wrapped in PrivateRoute). */
export default function DashboardPage() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<ProfilePage />} />
        <Route path="listings" element={<DashboardListingsPage />} />
        <Route path="auctions" element={<DashboardAuctionsPage />} />
        <Route path="favourites" element={<DashboardFavouritesPage />} />
        <Route path="watchlist" element={<WatchlistPage />} />
        <Route path="notifications" element={<NotificationSettingsPage />} />
        <Route path="transactions" element={<DashboardTransactionsPage />} />
        <Route path="transactions/:id/receipt" element={<ReceiptPage />} />
        {/* The breadcrumb's id crumb links here: the payment's page is its receipt. */}
        <Route path="transactions/:id" element={<Navigate to="receipt" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
