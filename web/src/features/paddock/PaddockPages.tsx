import { useQuery } from '@apollo/client/react';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Input, Pagination, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { Breadcrumbs } from '../content/Breadcrumbs';
import { FaqSection } from '../content/FaqSection';
import { usePageTitle } from '../directory/DirectoryShared';
import { HighlightedText, type HighlightSegment } from '../../lib/highlighted-text';
import { formatMoney } from '../../lib/money';
import { useExchangeRates } from '../pricing/exchange-rates';
import {
  LISTINGS,
  LISTING_BY_DETAILS,
  LISTING_CATEGORIES,
  PADDOCK_LISTINGS,
  SELLER_NAME,
  type Listing,
  type ListingSearchResult,
  type ListingWhere,
} from './paddock.operations';
import { CategoryTags, withParams } from './CategoryTags';
import { ListingDescription, ListingGallery, ListingSummaryCard, ListingVideos } from './ListingDetailParts';

export const LISTING_PAGE_SIZE = 9;
const SORTS = [
  { value: 'date_desc', label: 'Newest first' },
  { value: 'date_asc', label: 'Oldest first' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

/** Price or POA (spec 002: a listing may be price-on-asking). */
export function listingPrice(listing: Pick<Listing, 'poa' | 'price' | 'currency'>): string {
  return listing.poa || listing.price === null ? 'POA' : formatMoney(listing.price, listing.currency);
}

/** The badge of a sold listing, on its card and its page. */
function SoldTag() {
  return (
    <Tag color="default" className="ts-sold-tag" data-testid="listing-sold">
      Sold
    </Tag>
  );
}

/** A listing's card; `titleSegments`: its title as the search highlighted it (matched words in <mark>). */
function ListingCard({ listing, base, titleSegments }: { listing: Listing; base: string; titleSegments?: HighlightSegment[] }) {
  const { config } = useBrand();
  const cover = listing.images[0];
  return (
    <Link to={`${base}/${listing.category}/${listing.type}/${listing.slug}`} className="ts-card-link" data-testid="listing-card">
      <Card
        hoverable
        cover={
          <img
            className="ts-directory-card-image"
            src={cover?.url ?? config.theme.defaultImage}
            alt={cover?.alternativeText ?? listing.title}
            loading="lazy"
          />
        }
      >
        <Typography.Title level={3} style={{ fontSize: 17, margin: 0 }}>
          <HighlightedText text={listing.title} segments={titleSegments} />
        </Typography.Title>
        {listing.status === 'SOLD' ? <SoldTag /> : <Typography.Text strong>{listingPrice(listing)}</Typography.Text>}
        <br />
        <Typography.Text type="secondary">
          {[listing.address.city, listing.address.state, listing.address.country].filter(Boolean).join(', ')}
        </Typography.Text>
      </Card>
    </Link>
  );
}

function ListingGrid({
  listings,
  loading,
  base,
  highlights,
}: {
  listings: Listing[];
  loading: boolean;
  base: string;
  /** A search's highlighted titles by listing id. */
  highlights?: Map<string, HighlightSegment[]>;
}) {
  if (loading && listings.length === 0)
    return (
      <Row gutter={[16, 16]}>
        {Array.from({ length: 3 }, (_, index) => (
          <Col key={index} xs={24} sm={12} lg={8}>
            <Card loading />
          </Col>
        ))}
      </Row>
    );
  if (listings.length === 0) return <Empty description="No listings found" />;
  return (
    <Row gutter={[16, 16]}>
      {listings.map((listing) => (
        <Col key={listing.id} xs={24} sm={12} lg={8}>
          <ListingCard listing={listing} base={base} titleSegments={highlights?.get(listing.id)} />
        </Col>
      ))}
    </Row>
  );
}

/** A search's highlighted titles by listing id. */
function titleHighlights(result: ListingSearchResult | undefined): Map<string, HighlightSegment[]> | undefined {
  return result && new Map(result.highlights.map((highlight) => [highlight.listingId, highlight.title]));
}

/**
 * The Paddock search (spec 002 sections 2 and 7): {base} (the newest listings, as many as the
 * brand's hit count, until a query or sort is chosen), {base}/{category}, {base}/{category}/{type}
 * and {base}/listings/{userId}; 9 per page, sort by date or price either way.
 */
export function PaddockSearchPage({ base, title }: { base: string; title: string }) {
  const { w } = useBrand();
  const { requireAuth } = useAuth();
  const navigate = useNavigate();
  const { category, type, userId } = useParams();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const sort = search.get('sort') ?? 'date_desc';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  // The seller's name in the breadcrumb instead of their id (issue 24 item 17).
  const { data: sellerName } = useQuery(SELLER_NAME, { variables: { id: userId ?? '' }, skip: !userId });
  const categoryInfo = categories?.listingCategories.find((entry) => entry.slug === category);
  const heading = userId
    ? w('Listings by this seller')
    : (categoryInfo?.types.find((entry) => entry.slug === type)?.name ?? categoryInfo?.name ?? w(title));
  usePageTitle(heading);
  const home = !category && !userId && !q && !search.has('sort') && !search.has('page');
  const where: ListingWhere = { category: category ?? null, type: type ?? null, userId: userId ?? null, q: q || null };
  const homeQuery = useQuery(PADDOCK_LISTINGS, { skip: !home });
  const searchQuery = useQuery(LISTINGS, { skip: home, variables: { where, sort, page } });
  const searched = searchQuery.data?.listings ?? searchQuery.previousData?.listings;
  const result = home ? homeQuery.data?.paddockListings : searched;
  const loading = home ? homeQuery.loading : searchQuery.loading;
  const error = home ? homeQuery.error : searchQuery.error;
  const set = (changes: Record<string, string | null>) => setSearch(withParams(search, changes));
  return (
    <section className="ts-page">
      <Breadcrumbs labels={userId && sellerName?.user?.username ? { [userId]: sellerName.user.username } : undefined} />
      <div className="ts-directory-header">
        <Typography.Title style={{ margin: 0 }}>{heading}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => requireAuth(() => void navigate(`${base}/listing/create`))}>
          {w('List a vehicle')}
        </Button>
      </div>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={w('Search the Paddock')}
          placeholder={w('Search vehicles')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => set({ q: value.trim() || null, page: null })}
          allowClear
          style={{ width: 320 }}
        />
        <Select
          aria-label="Sort by"
          value={sort}
          options={SORTS}
          style={{ width: 200 }}
          onChange={(value: string) => set({ sort: value, page: null })}
        />
      </Space>
      {!userId && categories ? (
        <CategoryTags base={base} categories={categories.listingCategories} category={category} type={type} />
      ) : null}
      {error ? <Alert type="error" showIcon title={`Error: ${error.message}`} /> : null}
      {result ? (
        <Typography.Paragraph type="secondary" className="ts-hit-count">
          {result.nbHits} {result.nbHits === 1 ? 'listing' : 'listings'}
        </Typography.Paragraph>
      ) : null}
      <ListingGrid listings={result?.hits ?? []} loading={loading} base={base} highlights={home ? undefined : titleHighlights(searched)} />
      {!home && result && result.nbPages > 1 ? (
        <Pagination
          className="ts-pagination"
          current={result.page}
          pageSize={LISTING_PAGE_SIZE}
          total={result.nbHits}
          showSizeChanger={false}
          onChange={(value) => set({ page: String(value) })}
        />
      ) : null}
      {!category && !userId ? <FaqSection section="paddock" /> : null}
    </section>
  );
}

/** {base}/{category}/{type}/{slug}: gallery, price or POA, the Bitcoin guideline, details, seller and the seller's other listings. */
export function ListingDetailPage({ base }: { base: string }) {
  const { category = '', type = '', slug = '' } = useParams();
  const { data, loading, error } = useQuery(LISTING_BY_DETAILS, { variables: { category, type, slug } });
  const { data: categories } = useQuery(LISTING_CATEGORIES);
  const { user } = useAuth();
  const navigate = useNavigate();
  const listing = data?.listingsByDetails ?? null;
  const { data: seller } = useQuery(SELLER_NAME, { variables: { id: listing?.userId ?? '' }, skip: !listing });
  const { data: others } = useQuery(LISTINGS, {
    variables: { where: { userId: listing?.userId ?? null }, sort: 'date_desc', page: 1 },
    skip: !listing,
  });
  const rates = useExchangeRates();
  usePageTitle(listing?.title ?? 'Listing');
  if (loading && !data) return <Skeleton active />;
  if (error) return <Alert type="error" showIcon title={`Error: ${error.message}`} />;
  if (!listing) return <Empty description="This listing does not exist." />;
  const categoryFields = categories?.listingCategories.find((entry) => entry.slug === listing.category)?.fields ?? [];
  const sold = listing.status === 'SOLD';
  const otherListings = (others?.listings.hits ?? []).filter((entry) => entry.id !== listing.id).slice(0, 3);
  return (
    <section className="ts-page">
      <Breadcrumbs labels={{ [slug]: listing.title }} />
      <div className="ts-directory-header">
        <Typography.Title style={{ margin: 0 }}>{listing.title}</Typography.Title>
        {sold ? <SoldTag /> : null}
        {user && user.id === listing.userId ? (
          <Button icon={<EditOutlined />} onClick={() => void navigate(`${base}/listing/${listing.id}/edit`)}>
            Edit listing
          </Button>
        ) : null}
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <ListingGallery listing={listing} />
          <ListingVideos listing={listing} />
          <ListingDescription listing={listing} fields={categoryFields} />
        </Col>
        <Col xs={24} lg={9}>
          <ListingSummaryCard
            listing={listing}
            base={base}
            price={sold ? 'Sold' : listingPrice(listing)}
            sellerName={seller?.user?.username ?? 'Seller'}
            fields={categoryFields}
            rates={rates}
          />
        </Col>
      </Row>
      {otherListings.length > 0 ? (
        <div className="ts-directory-section">
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            Other listings by this seller
          </Typography.Title>
          <ListingGrid listings={otherListings} loading={false} base={base} />
        </div>
      ) : null}
    </section>
  );
}
