import { Route, Routes } from 'react-router';
import { PrivateRoute } from '../../features/auth/PrivateRoute';
import { ListingEditPage, ListingWizard } from '../../features/paddock/ListingWizard';
import { ListingGroups } from '../../features/paddock/ListingGroups';
import { ListingDetailPage, PaddockSearchPage } from '../../features/paddock/PaddockPages';
import { PaddockCheckout } from '../../features/paddock/PaddockCheckout';
import { NotFoundPage } from '../../features/shell/StatusPages';
import '../../features/directory/directory.css';

/**
 * The Paddock (spec 002 section 2) under its module's base path (/paddock, or /shop for the jewelry
 * brand): search, category and type pages, listing detail, and the login routes (create, edit,
 * checkout, listing groups).
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
      <Route
        path="listing/:listingId/edit"
        element={
          <PrivateRoute>
            <ListingEditPage base={base} />
          </PrivateRoute>
        }
      />
      <Route
        path="checkout"
        element={
          <PrivateRoute>
            <PaddockCheckout base={base} />
          </PrivateRoute>
        }
      />
      <Route
        path="group"
        element={
          <PrivateRoute>
            <ListingGroups base={base} />
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
