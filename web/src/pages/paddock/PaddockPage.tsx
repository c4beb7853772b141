import { Route, Routes } from 'react-router';
import { PrivateRoute } from '../../features/auth/PrivateRoute';
import { ListingWizard } from '../../features/paddock/ListingWizard';
import { ListingDetailPage, PaddockSearchPage } from '../../features/paddock/PaddockPages';
import { NotFoundPage } from '../../features/shell/StatusPages';
import '../../features/directory/directory.css';

/**
 * The Paddock (spec 002 section 2) under its module's base path (/paddock, or /shop for the jewelry
 * brand). Checkout, listing edit and groups (login routes) are not built yet (docs/web.md).
 */
export default function PaddockPage({ base = '/paddock', title = 'Paddock' }: { base?: string; title?: string }) {
  return (
    <Routes>
      <Route index element={<PaddockSearchPage base={base} title={title} />} />
      <Route
        path="listing/create"
        element={
          <PrivateRoute>
            <ListingWizard base={base} />
          </PrivateRoute>
        }
      />
      <Route path="listings/:userId" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category/:type" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category/:type/:slug" element={<ListingDetailPage base={base} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
