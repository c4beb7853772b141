import { invalid } from '../queries/strapi-where';
import { DEFAULT_SEARCH_SORT, SEARCH_SORTS, type SearchFilters, type SearchParams, type SearchSort } from './search-index.port';

/** Bounds on what one search may ask (docs/decisions.md "Auction search"). */
export const SEARCH_LIMITS = {
  /** Characters of free text. */
  maxQueryLength: 200,
  /** Values of one filter (countries, makes, ...). */
  maxFilterValues: 50,
  /** Characters of one filter value. */
  maxFilterValueLength: 100,
} as const;

/** The GraphQL arguments of `auctionSearch`, as received. */
export interface AuctionSearchArgs {
  query?: string | null;
  page?: number | null;
  sellerTypes?: string[] | null;
  status?: string[] | null;
  sortBy?: string | null;
  countries?: string[] | null;
  makes?: string[] | null;
  years?: string[] | null;
}

/**
 * Validates the arguments into index parameters; bad input is an `auction.validation` ApiError
 * whose message names the argument, never a database error.
 */
export function parseSearchArgs(args: AuctionSearchArgs, brand: string, hitsPerPage: number): SearchParams {
  const page = args.page ?? 1;
  if (!Number.isSafeInteger(page) || page < 1) throw invalid('page must be a whole number of at least 1.');
  let query: string | null = null;
  if (args.query !== undefined && args.query !== null) {
    if (args.query.length > SEARCH_LIMITS.maxQueryLength)
      throw invalid(`query must be at most ${SEARCH_LIMITS.maxQueryLength} characters.`);
    query = args.query.trim() === '' ? null : args.query.trim();
  }
  const sortBy = args.sortBy ?? DEFAULT_SEARCH_SORT;
  if (!(SEARCH_SORTS as readonly string[]).includes(sortBy)) throw invalid(`sortBy must be one of ${SEARCH_SORTS.join(', ')}.`);
  const filters: SearchFilters = {
    status: values('status', args.status),
    'address.country': values('countries', args.countries),
    'dataFields.make.value': values('makes', args.makes),
    'dataFields.year.value': values('years', args.years),
    sellerType: values('sellerTypes', args.sellerTypes),
  };
  return { brand, query, filters, sortBy: sortBy as SearchSort, page, hitsPerPage };
}

function values(name: string, raw: string[] | null | undefined): string[] {
  if (raw === undefined || raw === null) return [];
  if (raw.length > SEARCH_LIMITS.maxFilterValues) throw invalid(`${name} accepts at most ${SEARCH_LIMITS.maxFilterValues} values.`);
  const out = new Set<string>();
  for (const value of raw) {
    const trimmed = value.trim();
    if (trimmed === '') throw invalid(`${name} values cannot be empty.`);
    if (trimmed.length > SEARCH_LIMITS.maxFilterValueLength)
      throw invalid(`${name} values must be at most ${SEARCH_LIMITS.maxFilterValueLength} characters.`);
    out.add(trimmed);
  }
  return [...out];
}
