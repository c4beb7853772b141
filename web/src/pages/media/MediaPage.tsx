import { Route, Routes } from 'react-router';
import { MediaArticleListPage, MediaArticlePage, MediaHomePage } from '../../features/media/MediaPages';
import { NotFoundPage } from '../../features/shell/StatusPages';
import '../../features/directory/directory.css';

/** The media routes of spec 002 section 2, under /media. */
export default function MediaPage() {
  return (
    <Routes>
      <Route index element={<MediaHomePage />} />
      <Route path="articles" element={<MediaArticleListPage by="all" />} />
      <Route path="articles/:slug" element={<MediaArticlePage />} />
      <Route path="category/:category" element={<MediaArticleListPage by="category" />} />
      <Route path="tag/:tag" element={<MediaArticleListPage by="tag" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
