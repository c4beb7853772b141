import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../features/shell/StatusPages';
import { DirectorySearchPage } from '../../features/directory/DirectorySearchPage';
import {
  DirectoryAddFormPage,
  DirectoryAddPage,
  DirectoryClaimPage,
  DirectoryEditPage,
  DirectoryFavouritesPage,
  DirectoryUpdatePage,
} from '../../features/directory/DirectoryManagePages';

/** The directory routes of spec 002 section 2, under /directory. */
export default function DirectoryPage() {
  return (
    <Routes>
      <Route index element={<DirectorySearchPage />} />
      <Route path="category/:category" element={<DirectorySearchPage />} />
      <Route path="add" element={<DirectoryAddPage />} />
      <Route path="add/:plan" element={<DirectoryAddFormPage />} />
      <Route path="update" element={<DirectoryUpdatePage />} />
      <Route path="update/:slug" element={<DirectoryEditPage />} />
      <Route path="favourites" element={<DirectoryFavouritesPage />} />
      <Route path="claim/:key" element={<DirectoryClaimPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
