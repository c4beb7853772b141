import type { HighlightSegment } from '@trackside/contracts';
import type { SqlExecutor } from '@trackside/event-store';

/**
 * The auction search index (spec 001 sections 2, 7 and 9): one document per lot, filtered on the
 * brand or its accepted hosts, with the five facets of the spec and its six sort options. The
 * PostgreSQL adapter (`postgres-search-index.ts`) is the default; OpenSearch
 * (`opensearch-search-index.ts`) implements the same port. PostgreSQL writes take the processor's
 * transaction so documents and checkpoint commit together; an engine outside the database writes
 * idempotent, version-guarded replaces instead (docs/decisions.md "Auction search rebuilds through the alias").
 */
export const SEARCH_INDEX = Symbol('SEARCH_INDEX');

/** Facet names exactly as the spec lists them (spec 001 sections 7 and 9), in answer order. */
export const SEARCH_FACETS = ['status', 'address.country', 'dataFields.make.value', 'dataFields.year.value', 'sellerType'] as const;
export type SearchFacetName = (typeof SEARCH_FACETS)[number];

/** Sort options by their URL value (spec 001 section 9); the first is the default. */
export const SEARCH_SORTS = ['endDate-asc', 'endDate-desc', 'startDate-asc', 'startDate-desc', 'bid-asc', 'bid-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'endDate-asc';

/** The public search never returns nor counts these (spec 001 section 4). */
export const SEARCH_EXCLUDED_STATUSES = ['PENDING', 'APPROVED', 'CANCELED'] as const;

/** What the index holds for one lot. Money in integer cents; instants as ISO-8601 text. */
export interface LotSearchDocument {
  id: string;
  brand: string;
  /** Brands that accepted the lot from the network: it shows in their search too. */
  hosts: string[];
  status: string;
  sellerType: string | null;
  /** address.country */
  country: string | null;
  /** dataFields.make.value, as text */
  make: string | null;
  /** dataFields.model.value, as text (searched, not a facet) */
  model: string | null;
  /** dataFields.year.value, as text */
  year: string | null;
  title: string;
  /** The lot's description and the seller's own description, both searched below the title. */
  description: string | null;
  userDescription: string | null;
  startPriceCents: number;
  topBidCents: number | null;
  /** The top bid, else the start price: what the card shows and `bid-*` sorts on. */
  currentPriceCents: number;
  scheduledStart: string | null;
  finalEnd: string | null;
  coverImage: string | null;
  slug: string;
  currency: string;
  /** Version of the lot stream the document reflects. */
  version: number;
}

export type SearchFilters = Record<SearchFacetName, string[]>;

export interface SearchParams {
  /** The request's brand: documents it owns or hosts. */
  brand: string;
  /** Free text (prefix-matched per word); null for none. */
  query: string | null;
  /** Per facet, the accepted values (OR within a facet, AND across facets); empty = no filter. */
  filters: SearchFilters;
  sortBy: SearchSort;
  /** 1-based. */
  page: number;
  hitsPerPage: number;
}

export interface SearchFacet {
  name: SearchFacetName;
  values: Array<{ value: string; count: number }>;
}

/** A piece of a highlighted text (libs/contracts, shared with catalogue search). */
export type { HighlightSegment };

export interface SearchResult {
  /** Lot ids of the requested page, in order. */
  ids: string[];
  nbHits: number;
  /** Every facet of SEARCH_FACETS, in that order; counts are disjunctive (see docs/decisions.md). */
  facets: SearchFacet[];
  /**
   * The page's titles the query matched, by lot id, cut into segments (the whole title, matched
   * words marked); a lot matched only by its other fields, or a search without words, has none.
   */
  highlights: Record<string, HighlightSegment[]>;
}

export interface SearchIndex {
  /** Documents by lot id, read through `tx` (inside the processor's transaction). */
  get(ids: string[], tx: SqlExecutor): Promise<Map<string, LotSearchDocument>>;
  /**
   * Inserts or replaces whole documents, never with an older one: a document whose `version` is
   * below the stored one's is skipped, the same version replaces (a replayed batch changes nothing).
   */
  upsert(documents: LotSearchDocument[], tx: SqlExecutor): Promise<void>;
  remove(ids: string[], tx: SqlExecutor): Promise<void>;
  search(params: SearchParams): Promise<SearchResult>;
  /** Documents searches see now (the rebuild report). */
  count(): Promise<number>;
  /**
   * The processor calls this before each batch, in the batch's transaction `tx`. `fromStart`: the
   * batch replays the log from its start (a rebuild reset the checkpoint). The index then writes
   * into a fresh generation (OpenSearch: an index behind a building alias; PostgreSQL: a building
   * table) while searches keep reading the old one; it answers whether such a rebuild is under way.
   */
  beginBatch(fromStart: boolean, tx: SqlExecutor): Promise<{ rebuilding: boolean }>;
  /** After a batch of a rebuild: `atHead` when the log holds nothing more to replay, so the fresh generation takes over. */
  endBatch(atHead: boolean, tx: SqlExecutor): Promise<void>;
}
