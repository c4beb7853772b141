import { useQuery } from '@apollo/client/react';
import { Card, Col, Empty, Pagination, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { ContentPicture } from '../content/ContentPicture';
import { articleDate } from '../content/content-rules';
import { FaqSection } from '../content/FaqSection';
import { LoadError } from '../content/LoadError';
import { RichText } from '../content/RichText';
import { usePageTitle } from '../directory/DirectoryShared';
import { NotFoundPage } from '../shell/StatusPages';
import { MEDIA_ARTICLE, MEDIA_ARTICLES, MEDIA_FACETS, type MediaArticleSummary, type MediaFacet } from './media.operations';
import { ARTICLES_PER_PAGE, HOME_ARTICLES, categoryPath, facetLabel, tagPath } from './media-paths';
import '../content/content.css';
import './media.css';

function ArticleCard({ article, featured = false }: { article: MediaArticleSummary; featured?: boolean }) {
  const { w } = useBrand();
  const href = `/media/articles/${encodeURIComponent(article.slug)}`;
  return (
    <Card
      className={`ts-article-card${featured ? ' ts-article-card-featured' : ''}`}
      data-testid="article-card"
      cover={
        <Link to={href} tabIndex={-1} aria-hidden>
          <ContentPicture image={article.image} className="ts-article-card-image" alt="" />
        </Link>
      }
    >
      <Link to={categoryPath(article.category)} className="ts-article-category">
        {w(article.category)}
      </Link>
      <Typography.Title level={featured ? 2 : 3} className="ts-article-card-title">
        <Link to={href}>{w(article.title)}</Link>
      </Typography.Title>
      <Typography.Text type="secondary">
        <time dateTime={article.publishedAt}>{articleDate(article.publishedAt)}</time>
      </Typography.Text>
      {article.excerpt ? <Typography.Paragraph className="ts-article-excerpt">{w(article.excerpt)}</Typography.Paragraph> : null}
    </Card>
  );
}

function ArticleGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Row gutter={[24, 24]} data-testid="articles-loading">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} xs={24} sm={12} lg={8}>
          <Card cover={<Skeleton.Image active style={{ width: '100%', height: 180 }} />}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function ArticleGrid({ articles }: { articles: MediaArticleSummary[] }) {
  return (
    <Row gutter={[24, 24]}>
      {articles.map((article) => (
        <Col key={article.id} xs={24} sm={12} lg={8}>
          <ArticleCard article={article} />
        </Col>
      ))}
    </Row>
  );
}

function FacetLinks({
  title,
  facets,
  pathOf,
  testId,
}: {
  title: string;
  facets: MediaFacet[];
  pathOf: (name: string) => string;
  testId: string;
}) {
  const { w } = useBrand();
  if (facets.length === 0) return null;
  const id = `media-${testId}`;
  return (
    <nav aria-labelledby={id} className="ts-media-facets" data-testid={testId}>
      <Typography.Title level={2} id={id} className="ts-media-facets-title">
        {title}
      </Typography.Title>
      <Space wrap>
        {facets.map((facet) => (
          <Link key={facet.name} to={pathOf(facet.name)} className="ts-media-facet">
            {w(facet.name)} ({facet.count})
          </Link>
        ))}
      </Space>
    </nav>
  );
}

/** The media home (spec 002): the newest article large, the next ones in a grid, categories and tags, the media FAQs. */
export function MediaHomePage() {
  const { data, loading, error, refetch } = useQuery(MEDIA_ARTICLES, {
    variables: { start: 0, limit: HOME_ARTICLES },
    fetchPolicy: 'cache-and-network',
  });
  const { data: facets } = useQuery(MEDIA_FACETS, { fetchPolicy: 'cache-and-network' });
  usePageTitle('Media');
  const articles = data?.mediaArticles.articles ?? [];
  const [featured, ...latest] = articles;
  return (
    <section className="ts-page" data-testid="media-home">
      <Breadcrumbs />
      <div className="ts-media-head">
        <Typography.Title>Media</Typography.Title>
        <Link to="/media/articles">All articles</Link>
      </div>
      {!data && loading ? <ArticleGridSkeleton /> : null}
      {!data && error ? <LoadError onRetry={() => void refetch()} /> : null}
      {data && articles.length === 0 ? <Empty description="No articles yet" /> : null}
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={17}>
          {featured ? (
            <div className="ts-media-featured">
              <ArticleCard article={featured} featured />
            </div>
          ) : null}
          {latest.length > 0 ? (
            <section aria-labelledby="media-latest">
              <Typography.Title level={2} id="media-latest" className="ts-media-section-title">
                Latest articles
              </Typography.Title>
              <ArticleGrid articles={latest} />
            </section>
          ) : null}
        </Col>
        <Col xs={24} lg={7}>
          <FacetLinks title="Categories" facets={facets?.mediaCategories ?? []} pathOf={categoryPath} testId="media-categories" />
          <FacetLinks title="Tags" facets={facets?.mediaTags ?? []} pathOf={tagPath} testId="media-tags" />
        </Col>
      </Row>
      <FaqSection section="media" />
    </section>
  );
}

/** /media/articles, /media/category/{category} and /media/tag/{tag}: newest first, 12 a page. */
export function MediaArticleListPage({ by }: { by: 'all' | 'category' | 'tag' }) {
  const { w } = useBrand();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const value = by === 'category' ? (params.category ?? '') : by === 'tag' ? (params.tag ?? '') : '';
  const { data, previousData, loading, error, refetch } = useQuery(MEDIA_ARTICLES, {
    variables: {
      category: by === 'category' ? value : null,
      tag: by === 'tag' ? value : null,
      start: (page - 1) * ARTICLES_PER_PAGE,
      limit: ARTICLES_PER_PAGE,
    },
    fetchPolicy: 'cache-and-network',
  });
  const { data: facets } = useQuery(MEDIA_FACETS, { fetchPolicy: 'cache-first', skip: by === 'all' });
  const label = by === 'all' ? '' : facetLabel(value, by === 'category' ? facets?.mediaCategories : facets?.mediaTags);
  const title = by === 'all' ? 'All articles' : by === 'category' ? w(label) : `#${w(label)}`;
  usePageTitle(by === 'all' ? 'Media - All articles' : `Media - ${w(label)}`);
  const result = data?.mediaArticles ?? previousData?.mediaArticles;
  return (
    <section className="ts-page" data-testid="media-list">
      <Breadcrumbs />
      <Typography.Title>{title}</Typography.Title>
      {by !== 'all' ? (
        <Typography.Paragraph type="secondary">
          {by === 'category' ? 'Articles in this category' : 'Articles with this tag'}
        </Typography.Paragraph>
      ) : null}
      {!result && loading ? <ArticleGridSkeleton /> : null}
      {!result && error ? <LoadError onRetry={() => void refetch()} /> : null}
      {result && result.articles.length === 0 ? <Empty description="No articles here yet" /> : null}
      {result ? <ArticleGrid articles={result.articles} /> : null}
      {result && result.count > ARTICLES_PER_PAGE ? (
        <Pagination
          className="ts-media-pagination"
          current={page}
          pageSize={ARTICLES_PER_PAGE}
          total={result.count}
          showSizeChanger={false}
          onChange={(next) => {
            const query = new URLSearchParams(search);
            query.set('page', String(next));
            setSearch(query);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </section>
  );
}

/** /media/articles/{slug}: title, date, image, the body (HTML sanitised), category and tag links. */
export function MediaArticlePage() {
  const { w, config } = useBrand();
  const { slug = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(MEDIA_ARTICLE, { variables: { slug }, fetchPolicy: 'cache-and-network' });
  const article = data?.mediaArticle ?? null;
  usePageTitle(article ? w(article.title) : config.companyName);
  if (!data && loading)
    return (
      <section className="ts-page ts-narrow" data-testid="article-loading">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Skeleton.Image active style={{ width: '100%', height: 320 }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  if (!data && error) return <LoadError onRetry={() => void refetch()} />;
  if (!article) return <NotFoundPage />;
  return (
    <article className="ts-page ts-narrow" data-testid="media-article">
      <Breadcrumbs />
      <Link to={categoryPath(article.category)} className="ts-article-category" data-testid="article-category">
        {w(article.category)}
      </Link>
      <Typography.Title>{w(article.title)}</Typography.Title>
      <Typography.Paragraph type="secondary">
        <time dateTime={article.publishedAt}>{articleDate(article.publishedAt)}</time>
        {article.author ? ` · ${w(article.author)}` : null}
      </Typography.Paragraph>
      <ContentPicture image={article.image} className="ts-article-image" loading="eager" />
      <RichText body={article.content} testId="article-body" />
      {article.tags.length > 0 ? (
        <nav aria-label="Tags" className="ts-article-tags" data-testid="article-tags">
          {article.tags.map((tag) => (
            <Tag key={tag}>
              <Link to={tagPath(tag)}>#{w(tag)}</Link>
            </Tag>
          ))}
        </nav>
      ) : null}
    </article>
  );
}
