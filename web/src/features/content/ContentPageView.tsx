import { useQuery } from '@apollo/client/react';
import { Skeleton, Typography } from 'antd';
import { useBrand } from '../brand';
import { usePageTitle } from '../directory/DirectoryShared';
import { NotFoundPage } from '../shell/StatusPages';
import { Breadcrumbs } from './Breadcrumbs';
import { LoadError } from './LoadError';
import { CONTENT_PAGE } from './pages.operations';
import { FaqSection } from './FaqSection';
import { RichText } from './RichText';
import './content.css';

/**
 * A content page by slug (spec 000 section 2: /page/{slug}, the named pages, /how-to-sell and a
 * brand home page that is a content page): the catalogue's `page(slug)`, its title and its body
 * (HTML sanitised). An unknown slug is the not-found page.
 */
export function ContentPageView({ slug }: { slug: string }) {
  const { config, w } = useBrand();
  const { data, loading, error, refetch } = useQuery(CONTENT_PAGE, { variables: { slug }, fetchPolicy: 'cache-and-network' });
  const page = data?.page ?? null;
  usePageTitle(page ? w(page.title) : config.companyName);
  if (!data && loading)
    return (
      <section className="ts-page ts-narrow" data-testid="content-page-loading">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </section>
    );
  if (!data && error) return <LoadError onRetry={() => void refetch()} />;
  if (!page) return <NotFoundPage />;
  return (
    <article className="ts-page ts-narrow" data-testid="content-page">
      <Breadcrumbs />
      <Typography.Title>{w(page.title)}</Typography.Title>
      <RichText body={page.content} testId="content-page-body" />
      {/* The selling questions (spec 000 "FAQ section per page": sellMyCar) under How to Sell. */}
      {slug === 'how-to-sell' ? <FaqSection section="sellMyCar" /> : null}
    </article>
  );
}
