import { HIGHLIGHT_END, HIGHLIGHT_START, highlightSegments } from '@trackside/contracts';
import type { DataSource, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { DirectoryEntity, ListingEntity } from '../persistence';
import { DIRECTORY_DOCUMENT, DIRECTORY_TEXT_MATCH, LISTING_TEXT_MATCH, highlightTsQuery, likePattern } from './catalogue-search-text';
import type {
  CatalogueSearchIndex,
  CatalogueSearchPage,
  DirectorySearchQuery,
  ListingSearchFilters,
  ListingSearchQuery,
  ListingSearchSort,
} from './catalogue-search.port';

/**
 * Price sorts compare the price converted to US dollars with the exchange rates the site serves
 * (`exchangeRates`, units per dollar), so listings in different currencies are not mixed by their raw
 * numbers (issue 24 item 17); a currency without a rate sorts with POA, last.
 */
const PRICE_IN_USD = `(l.price_cents::numeric / NULLIF((CAST(:rates AS jsonb) ->> l.currency)::numeric, 0))`;
/** ts_headline options: the whole name or title (not fragments), matched words between the shared markers. */
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;

const SORTS: Record<ListingSearchSort, [string, 'ASC' | 'DESC']> = {
  date_desc: ['l.published_at', 'DESC'],
  date_asc: ['l.published_at', 'ASC'],
  price_asc: [PRICE_IN_USD, 'ASC'],
  price_desc: [PRICE_IN_USD, 'DESC'],
};

/**
 * The default adapter: the catalogue's own tables are the index (the text conditions of
 * `catalogue-search-text.ts` are served by the GIN and trigram indexes of migration
 * 1765000900000, checked by catalogue-search-plans.int-spec.ts), so writes have nothing to do.
 * The page's names or titles are highlighted by `ts_headline` in a second statement over the page's
 * rows only (it re-parses the text: too dear for every match).
 */
export class PostgresCatalogueSearch implements CatalogueSearchIndex {
  constructor(private readonly db: DataSource) {}

  async searchDirectories(search: DirectorySearchQuery): Promise<CatalogueSearchPage> {
    const { brand, text, category, featured, page, hitsPerPage } = search;
    const query = this.db
      .getRepository(DirectoryEntity)
      .createQueryBuilder('d')
      .select(['d.id'])
      .where('d.brand = :brand', { brand })
      .andWhere("d.status = 'approved'")
      .andWhere(featured ? '(d.featured AND d.active_subscription)' : 'NOT (d.featured AND d.active_subscription)');
    if (category !== null) query.andWhere('d.category = :category', { category });
    if (text) {
      // Indexed expressions (docs/decisions.md "Search indexes in PostgreSQL").
      query.andWhere(DIRECTORY_TEXT_MATCH, { q: text, like: likePattern(text) });
      query.orderBy(`ts_rank(${DIRECTORY_DOCUMENT}, plainto_tsquery('simple', :q))`, 'DESC');
    }
    query
      .addOrderBy('d.name', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .offset((page - 1) * hitsPerPage)
      .limit(hitsPerPage);
    const [rows, nbHits] = await query.getManyAndCount();
    const ids = rows.map((row) => row.id);
    return { ids, nbHits, highlights: await headlines(this.db.getRepository(DirectoryEntity), 'name', ids, text) };
  }

  /** Approved, paid-or-free, unexpired listings; sort by date or price either way (POA last by price). */
  async searchListings(search: ListingSearchQuery): Promise<CatalogueSearchPage> {
    const query = this.db
      .getRepository(ListingEntity)
      .createQueryBuilder('l')
      .select(['l.id'])
      .where('l.brand = :brand', { brand: search.brand })
      .andWhere("l.status = 'APPROVED'")
      .andWhere("l.payment_status <> 'UNPAID'")
      .andWhere('(l.expiry IS NULL OR l.expiry > :now)', { now: search.now })
      .setParameter('rates', JSON.stringify(search.usdRates));
    filterListings(query, search.filters, search.text);
    const [column, direction] = SORTS[search.sort];
    query
      .orderBy(column, direction, 'NULLS LAST')
      .addOrderBy('l.weighting', 'DESC')
      .addOrderBy('l.id', 'ASC')
      .offset((search.page - 1) * search.hitsPerPage)
      .limit(search.hitsPerPage);
    const [rows, nbHits] = await query.getManyAndCount();
    const ids = rows.map((row) => row.id);
    return { ids, nbHits, highlights: await headlines(this.db.getRepository(ListingEntity), 'title', ids, search.text) };
  }

  async upsertDirectories(): Promise<void> {}
  async upsertListings(): Promise<void> {}
  async removeDirectories(): Promise<void> {}
  async removeListings(): Promise<void> {}
}

/** The search's `where`: category, type, owner, group, seller type, price range and free text. */
function filterListings(query: SelectQueryBuilder<ListingEntity>, filters: ListingSearchFilters, text: string | null): void {
  if (filters.category) query.andWhere('l.category = :category', { category: filters.category });
  if (filters.type) query.andWhere('l.type = :type', { type: filters.type });
  if (filters.userId) query.andWhere('l.user_id = :user', { user: filters.userId });
  if (filters.groupId) query.andWhere('l.group_id = :group', { group: filters.groupId });
  if (filters.sellerType) query.andWhere('l.seller_type = :sellerType', { sellerType: filters.sellerType });
  if (filters.minPriceCents !== undefined) query.andWhere('l.price_cents >= :min', { min: String(filters.minPriceCents) });
  if (filters.maxPriceCents !== undefined) query.andWhere('l.price_cents <= :max', { max: String(filters.maxPriceCents) });
  if (text) {
    // Indexed expressions (docs/decisions.md "Search indexes in PostgreSQL").
    query.andWhere(LISTING_TEXT_MATCH, { q: text, like: likePattern(text) });
  }
}

/** The given rows' `column` with the words that begin with a word of the text marked, as segments, by id (only rows with a mark). */
async function headlines<Entity extends ObjectLiteral>(
  repository: Repository<Entity>,
  column: 'name' | 'title',
  ids: string[],
  text: string | null,
): Promise<CatalogueSearchPage['highlights']> {
  const tsquery = highlightTsQuery(text);
  if (tsquery === null || ids.length === 0) return {};
  const rows = await repository
    .createQueryBuilder('e')
    .select('e.id', 'id')
    .addSelect(`ts_headline('simple', e.${column}, to_tsquery('simple', :tsquery), :options)`, 'headline')
    .where('e.id IN (:...ids)', { ids })
    .setParameters({ tsquery, options: HEADLINE_OPTIONS })
    .getRawMany<{ id: string; headline: string }>();
  const highlights: CatalogueSearchPage['highlights'] = {};
  for (const { id, headline } of rows) {
    const segments = highlightSegments(headline);
    if (segments) highlights[id] = segments;
  }
  return highlights;
}
