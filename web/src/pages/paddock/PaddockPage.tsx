import { Route, Routes } from 'react-router';
import { ListingDetailPage, PaddockSearchPage } from '../../features/paddock/PaddockPages';
import { NotFoundPage } from '../../features/shell/StatusPages';
import '../../features/directory/directory.css';

/**
 * The Paddock (spec 002 section 2) under its module's base path (/paddock, or /shop for the jewelry
 * brand). The listing wizard, checkout and groups (login routes) are not built yet (docs/web.md).
 */
export default function PaddockPage({ base = '/paddock', title = 'Paddock' }: { base?: string; title?: string }) {
  return (
    <Routes>
      <Route index element={<PaddockSearchPage base={base} title={title} />} />
      <Route path="listings/:userId" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category/:type" element={<PaddockSearchPage base={base} title={title} />} />
      <Route path=":category/:type/:slug" element={<ListingDetailPage base={base} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
