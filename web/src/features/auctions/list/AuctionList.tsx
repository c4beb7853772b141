import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Grid, Input, Modal, Pagination, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../brand';
import { AuctionCard } from '../AuctionCard';
import { useStandings } from '../bidding/use-standings';
import { FACETS, SORT_OPTIONS, type ListParam, type SearchState } from '../search-params';
import { FacetList, facetValueLabel } from './FacetList';
import { FaqSection } from '../../content/FaqSection';
import { QUERY_MESSAGES } from '../../../lib/query-messages';
import { useAuctionSearch, type AuctionSearch } from './use-auction-search';

export const REFRESH_LOCK_MS = 1000;
export const SEARCH_REFRESH_DELAY_MS = 500;

/** The results column: errors, loading and empty states, the hit count, the cards and the pagination. */
function AuctionResults({ search }: { search: AuctionSearch }) {
  const { result, loading, error, pastTheEnd, highlights, refetch, update } = search;
  const standings = useStandings();
  return (
    <div className="ts-list-results">
      {error ? <Alert type="error" title={QUERY_MESSAGES.error(error.message)} showIcon /> : null}
      {!result && loading ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {!result && !loading && !error ? <Empty description={QUERY_MESSAGES.noData} /> : null}
      {result && result.hits.length === 0 && !pastTheEnd ? (
        <Empty description="No results found. Try other search terms or filters." />
      ) : null}
      {result ? (
        <>
          <Typography.Text type="secondary" className="ts-hit-count">
            {result.nbHits} {result.nbHits === 1 ? 'auction' : 'auctions'}
          </Typography.Text>
          <div className="ts-card-grid">
            {result.hits.map((lot) => (
              <AuctionCard
                key={lot.id}
                lot={lot}
                standing={standings.get(lot.id) ?? null}
                onTimeUp={() => void refetch()}
                titleSegments={highlights.get(lot.id)}
              />
            ))}
          </div>
          {result.nbPages > 1 ? (
            <Pagination
              current={result.page}
              total={result.nbHits}
              pageSize={result.hitsPerPage}
              showSizeChanger={false}
              onChange={(page) => update({ page })}
              className="ts-pagination"
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The active filters as closable chips, with "Clear all" when anything narrows the list. */
function FilterChips({ search }: { search: AuctionSearch }) {
  const { state, update } = search;
  const chips = FACETS.flatMap(({ param, facet }) => state[param].map((value) => ({ param, value, label: facetValueLabel(facet, value) })));
  return (
    <Space wrap className="ts-filter-chips" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        <Tag
          key={`${chip.param}:${chip.value}`}
          closable
          closeIcon
          onClose={() => update({ [chip.param]: state[chip.param as ListParam].filter((v) => v !== chip.value) } as Partial<SearchState>)}
        >
          {chip.label}
        </Tag>
      ))}
      {chips.length > 0 || state.query ? (
        <Button type="link" onClick={search.clear}>
          Clear all
        </Button>
      ) : null}
    </Space>
  );
}

/** The sort select and the refresh button (locked for a moment after each press). */
function ListActions({ search }: { search: AuctionSearch }) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    window.setTimeout(() => void search.refetch(), SEARCH_REFRESH_DELAY_MS);
    window.setTimeout(() => setRefreshing(false), REFRESH_LOCK_MS);
  };
  return (
    <Space className="ts-list-actions">
      <Select
        id="sortBy"
        aria-label="Sort by"
        value={search.state.sortBy}
        onChange={(sortBy) => search.update({ sortBy })}
        options={SORT_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
        style={{ minWidth: 210 }}
      />
      <Button icon={<ReloadOutlined />} onClick={refresh} disabled={refreshing} aria-label="Refresh">
        Refresh
      </Button>
    </Space>
  );
}

/** The search-driven auction list (spec 001 section 2), its state kept in the URL. */
export function AuctionList() {
  const { w } = useBrand();
  const search = useAuctionSearch();
  const { state, result, update } = search;
  const screens = Grid.useBreakpoint();
  const [dialog, setDialog] = useState(false);
  const [queryText, setQueryText] = useState(state.query);
  useEffect(() => setQueryText(state.query), [state.query]);

  const facetOf = (name: string) => result?.facets.find((facet) => facet.name === name);
  const filters = (
    <div className="ts-filters">
      {FACETS.map(({ facet, param, title }) => (
        <FacetList
          key={param}
          title={title}
          facet={facetOf(facet)}
          selected={state[param]}
          onChange={(values) => update({ [param]: values } as Partial<SearchState>)}
          searchable={param === 'makes' || param === 'years' || param === 'countries'}
        />
      ))}
    </div>
  );

  return (
    <section className="ts-auction-list">
      <div className="ts-list-heading">
        <Typography.Title>{w('Vehicle Auctions')}</Typography.Title>
        <Link to="/auction/create">
          <Button type="primary" tabIndex={-1}>
            {w('Sell your vehicle at auction')}
          </Button>
        </Link>
      </div>
      <Input.Search
        placeholder="What are you looking for?"
        enterButton="Search"
        size="large"
        aria-label="Search auctions"
        value={queryText}
        onChange={(event) => setQueryText(event.target.value)}
        onSearch={(value) => update({ query: value })}
        className="ts-search-box"
      />
      <div className="ts-list-toolbar">
        {screens.lg ? null : (
          <Button icon={<FilterOutlined />} onClick={() => setDialog(true)}>
            Filters
          </Button>
        )}
        <FilterChips search={search} />
        <ListActions search={search} />
      </div>
      <div className="ts-list-body">
        {screens.lg ? <aside className="ts-list-facets">{filters}</aside> : null}
        <AuctionResults search={search} />
      </div>
      <Modal
        open={dialog}
        title="Filters"
        onCancel={() => setDialog(false)}
        footer={
          <Button type="primary" onClick={() => setDialog(false)}>
            Show results
          </Button>
        }
        width={screens.md ? 560 : '100%'}
        className={screens.md ? undefined : 'ts-fullscreen-modal'}
      >
        {filters}
      </Modal>
      <FaqSection section="auction" />
    </section>
  );
}
