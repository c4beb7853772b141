import { useParams } from 'react-router';
import { ContentPageView } from '../../features/content/ContentPageView';
import '../../features/directory/directory.css';

/** A content page by slug: /page/{slug}, the named pages, /how-to-sell and a content home page. */
export default function ContentPage({ slug: fixed }: { slug?: string }) {
  const params = useParams();
  const slug = fixed ?? params.slug ?? '';
  // key: a new slug starts from a fresh page (no stale title or body while the next one loads).
  return <ContentPageView key={slug} slug={slug} />;
}
