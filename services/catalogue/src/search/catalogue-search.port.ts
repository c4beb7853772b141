import type { HighlightSegment } from '@trackside/contracts';

/**
 * The catalogue's search index (issue 22): directory search (spec 002 section 7: featured and
 * regular sets, category filter, text) and Paddock listings search (its `where` filters and the
 * four sorts), behind one port with two adapters: PostgreSQL (the default; it reads the catalogue's
 * own tables through the indexes of migration 1765000900000) and OpenSearch (one index per brand
 * and kind behind an alias, fed from the event log). The port answers ids, counts and the page's
 * highlights; the queries load the rows by id, so the GraphQL answer is the same whichever adapter
 * found them.
 */
export const CATALOGUE_SEARCH_INDEX = Symbol('CATALOGUE_SEARCH_INDEX');

/** What the index holds for one directory entry (the columns the search reads). */
export interface DirectorySearchDocument {
  id: string;
  brand: string;
  status: string;
  featured: boolean;
  activeSubscription: boolean;
  name: string;
  category: string;
  addressCity: string;
  addressState: string;
  keywords: string[];
}

/** What the index holds for one Paddock listing. Money in integer cents; instants as ISO-8601 text. */
export interface ListingSearchDocument {
  id: string;
  brand: string;
  status: string;
  paymentStatus: string;
  /** Null: never expires. Compared with the request's clock, so an expired listing drops out before the sweep. */
  expiry: string | null;
  title: string;
  description: string;
  /** The extra details as JSON text (searched like PostgreSQL's `extra_details::text`). */
  extraDetails: string;
  category: string;
  type: string;
  userId: string;
  groupId: string | null;
  sellerType: string;
  /** Null: price on asking (sorts last by price). */
  priceCents: number | null;
  currency: string;
  publishedAt: string | null;
  weighting: number;
}

export interface DirectorySearchQuery {
  brand: string;
  /** Trimmed free text, or null. */
  text: string | null;
  /** An upper-case category, or null for every category. */
  category: string | null;
  /** The featured set (featured with an active plan) or the regular set (everything else). */
  featured: boolean;
  /** 1-based, already clamped. */
  page: number;
  hitsPerPage: number;
}

export const LISTING_SEARCH_SORTS = ['date_desc', 'date_asc', 'price_asc', 'price_desc'] as const;
export type ListingSearchSort = (typeof LISTING_SEARCH_SORTS)[number];

/** The `where` of listings search, checked and normalised (ids that are not UUIDs already the nil UUID). */
export interface ListingSearchFilters {
  category?: string;
  type?: string;
  userId?: string;
  groupId?: string;
  /** Upper case. */
  sellerType?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
}

export interface ListingSearchQuery {
  brand: string;
  /** The request's clock: listings expired by then are left out. */
  now: Date;
  /** Units per US dollar by currency: price sorts compare prices in dollars (docs/decisions.md). */
  usdRates: Record<string, number>;
  filters: ListingSearchFilters;
  /** Trimmed free text, or null. */
  text: string | null;
  sort: ListingSearchSort;
  /** 1-based, already clamped. */
  page: number;
  hitsPerPage: number;
}

export interface CatalogueSearchPage {
  /** The page's ids, in order. */
  ids: string[];
  nbHits: number;
  /**
   * The page's directory names (or listing titles) the text matched, by id, cut into segments (the
   * whole name, its words that begin with a query word marked; OpenSearch also marks a word the
   * query matched within its typo tolerance or as a make synonym). A hit matched only by its other
   * fields, or a search without text, has none.
   */
  highlights: Record<string, HighlightSegment[]>;
}

export interface CatalogueSearchIndex {
  searchDirectories(query: DirectorySearchQuery): Promise<CatalogueSearchPage>;
  searchListings(query: ListingSearchQuery): Promise<CatalogueSearchPage>;
  /** Inserts or replaces whole documents (PostgreSQL: nothing to do, its tables are the index). */
  upsertDirectories(documents: DirectorySearchDocument[]): Promise<void>;
  upsertListings(documents: ListingSearchDocument[]): Promise<void>;
  removeDirectories(brand: string, ids: string[]): Promise<void>;
  removeListings(brand: string, ids: string[]): Promise<void>;
}
