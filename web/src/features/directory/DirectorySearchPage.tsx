import { useQuery } from '@apollo/client/react';
import { Alert, Empty, Input, Pagination, theme, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useBrand } from '../brand';
import { FaqSection } from '../content/FaqSection';
import { PRICING_PACKAGES } from '../pricing/pricing.operations';
import { DIRECTORY_SEARCH, type SearchSet } from './directory.operations';
import { DirectoryGrid, DirectoryHeader, usePageTitle } from './DirectoryShared';
import {
  DIRECTORY_TABS,
  EVERYTHING,
  FEATURED_HITS_PER_PAGE,
  REGULAR_HITS_PER_PAGE,
  categoryFromPath,
  categoryLabel,
  categoryPath,
} from './directory-rules';

/**
 * The category tabs: links to each category's page (they change the URL, and no panel of their own
 * follows), the current one marked with aria-current. On a narrow screen the row scrolls sideways;
 * a collapsed "more" menu inside a tab list would not be a tab and fails the ARIA tab pattern.
 */
function CategoryTabs({ current, q }: { current: string; q: string }) {
  const { token } = theme.useToken();
  return (
    <nav aria-label="Directory categories" className="ts-category-tabs" style={{ borderBottomColor: token.colorBorderSecondary }}>
      {DIRECTORY_TABS.map((key) => {
        const active = key === current;
        return (
          <Link
            key={key}
            to={`${categoryPath(key)}${q ? `?q=${encodeURIComponent(q)}` : ''}`}
            aria-current={active ? 'page' : undefined}
            className={`ts-category-tab${active ? ' ts-category-tab-active' : ''}`}
            style={active ? { color: token.colorPrimaryText, borderBottomColor: token.colorPrimary } : { color: token.colorText }}
          >
            {categoryLabel(key)}
          </Link>
        );
      })}
    </nav>
  );
}

type DirectoryHits = Pick<SearchSet, 'hits' | 'page' | 'nbPages' | 'nbHits' | 'highlights'>;

/** One section of the search (featured or regular): its title, grid (names highlighted) or empty note, and its own pagination. */
function DirectorySection(props: {
  testId: string;
  title: string;
  empty: string;
  hits: DirectoryHits | undefined;
  loading: boolean;
  pageSize: number;
  plans: Parameters<typeof DirectoryGrid>[0]['plans'];
  onChanged: () => void;
  onPage: (page: number) => void;
}) {
  const { hits, loading, pageSize } = props;
  return (
    <div className="ts-directory-section" data-testid={props.testId}>
      <Typography.Title level={2}>{props.title}</Typography.Title>
      {!loading && hits && hits.hits.length === 0 ? (
        <Empty description={props.empty} />
      ) : (
        <DirectoryGrid
          entries={hits?.hits ?? []}
          loading={loading}
          skeletons={pageSize}
          plans={props.plans}
          onChanged={props.onChanged}
          highlights={new Map(hits?.highlights.map((highlight) => [highlight.directoryId, highlight.name]))}
        />
      )}
      {hits && hits.nbPages > 1 ? (
        <Pagination
          className="ts-pagination"
          current={hits.page}
          pageSize={pageSize}
          total={hits.nbHits}
          showSizeChanger={false}
          onChange={props.onPage}
        />
      ) : null}
    </div>
  );
}

/**
 * The directory search (spec 002 sections 2 and 7): category tabs (Everything is no filter), a
 * featured section (4 per page) and a regular one (8 per page), each with its own pagination shown
 * when there is more than one page. /directory/category/{category} is titled 'Directory - {category}'.
 */
export function DirectorySearchPage() {
  const params = useParams();
  const { config } = useBrand();
  const [search, setSearch] = useSearchParams();
  const category = categoryFromPath(params.category);
  const q = search.get('q') ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const featuredPage = Math.max(1, Number(search.get('featuredPage')) || 1);
  const [text, setText] = useState(q);
  usePageTitle(category === EVERYTHING ? 'Directory' : `Directory - ${params.category?.toLowerCase() ?? category.toLowerCase()}`);
  const { data, previousData, loading, error, refetch } = useQuery(DIRECTORY_SEARCH, {
    variables: { q: q || null, category, page, featuredPage },
    fetchPolicy: 'cache-and-network',
  });
  const { data: plans } = useQuery(PRICING_PACKAGES, { variables: { type: 'DIRECTORY', brand: config.brand } });
  const result = data?.directorySearch ?? previousData?.directorySearch;
  const setParam = (name: string, value: number) => {
    const next = new URLSearchParams(search);
    next.set(name, String(value));
    setSearch(next);
  };
  const featured = result?.featured;
  const regular = result?.regular;
  return (
    <section className="ts-page">
      <DirectoryHeader title="Directory" />
      <Input.Search
        aria-label="Search the directory"
        placeholder="Search businesses"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => {
          const next = new URLSearchParams();
          if (value.trim()) next.set('q', value.trim());
          setSearch(next);
        }}
        allowClear
        style={{ maxWidth: 480, marginBottom: 12 }}
      />
      <CategoryTabs current={category} q={q} />
      {error ? <Alert type="error" showIcon title="An error occured while fetching your directories." /> : null}
      <DirectorySection
        testId="directory-featured"
        title="Featured"
        // "Yet" only when nothing narrows the list: an empty search result says so (issue 24 item 17).
        empty={q ? 'No featured businesses match your search' : 'No featured businesses yet'}
        hits={featured}
        loading={loading}
        pageSize={FEATURED_HITS_PER_PAGE}
        plans={plans?.pricingPackages}
        onChanged={() => void refetch()}
        onPage={(value) => setParam('featuredPage', value)}
      />
      <DirectorySection
        testId="directory-regular"
        title="All businesses"
        empty="No businesses found"
        hits={regular}
        loading={loading}
        pageSize={REGULAR_HITS_PER_PAGE}
        plans={plans?.pricingPackages}
        onChanged={() => void refetch()}
        onPage={(value) => setParam('page', value)}
      />
      {/* The sim racing category has its own questions (spec 000 FAQ section simracing). */}
      <FaqSection section={category === 'SIMRACING' ? 'simracing' : 'directory'} />
    </section>
  );
}
