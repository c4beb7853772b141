import type { AuctionStatus } from './auction.types';
import type { AuctionSearchVariables } from './auction.operations';

/**
 * The list's URL parameters (spec 001 section 2): query, page, sellerTypes, status, sortBy,
 * countries, makes, years (the lists repeated). Page 1 and empty filters are left out of the URL.
 */
export const SORT_OPTIONS = [
  { value: 'endDate-asc', label: 'Ending Soonest' },
  { value: 'endDate-desc', label: 'Ending Latest' },
  { value: 'startDate-asc', label: 'Starting Soonest' },
  { value: 'startDate-desc', label: 'Starting Latest' },
  { value: 'bid-asc', label: 'Bid: Lowest to Highest' },
  { value: 'bid-desc', label: 'Bid: Highest to Lowest' },
] as const;
export const DEFAULT_SORT = 'endDate-asc';

export const LIST_PARAMS = ['sellerTypes', 'status', 'countries', 'makes', 'years'] as const;
export type ListParam = (typeof LIST_PARAMS)[number];

export interface SearchState {
  query: string;
  page: number;
  sortBy: string;
  sellerTypes: string[];
  status: string[];
  countries: string[];
  makes: string[];
  years: string[];
}

const STATUSES: ReadonlySet<string> = new Set(['SCHEDULED', 'LIVE', 'RESERVE_NOT_MET', 'SOLD']);

export function parseSearch(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'));
  const sortBy = params.get('sortBy') ?? DEFAULT_SORT;
  const list = (name: ListParam) => [...new Set(params.getAll(name).filter(Boolean))];
  return {
    query: params.get('query') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    sortBy: SORT_OPTIONS.some((option) => option.value === sortBy) ? sortBy : DEFAULT_SORT,
    sellerTypes: list('sellerTypes'),
    status: list('status')
      .map((s) => s.toUpperCase())
      .filter((s) => STATUSES.has(s)),
    countries: list('countries'),
    makes: list('makes'),
    years: list('years'),
  };
}

export function serializeSearch(state: SearchState, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  // Parameters that are not the list's own (embedded, brand) survive a change of filters.
  keep?.forEach((value, key) => {
    if (!['query', 'page', 'sortBy', ...LIST_PARAMS].includes(key)) params.append(key, value);
  });
  if (state.query.trim()) params.set('query', state.query.trim());
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sortBy !== DEFAULT_SORT) params.set('sortBy', state.sortBy);
  for (const name of LIST_PARAMS) for (const value of state[name]) params.append(name, value);
  return params;
}

export function toVariables(state: SearchState): AuctionSearchVariables {
  return {
    query: state.query.trim() || undefined,
    page: state.page,
    sortBy: state.sortBy,
    sellerTypes: state.sellerTypes.length ? state.sellerTypes : undefined,
    status: state.status.length ? (state.status as AuctionStatus[]) : undefined,
    countries: state.countries.length ? state.countries : undefined,
    makes: state.makes.length ? state.makes : undefined,
    years: state.years.length ? state.years : undefined,
  };
}

/** Facet name of the search service → the URL parameter it filters. */
export const FACETS: Array<{ facet: string; param: ListParam; title: string }> = [
  { facet: 'status', param: 'status', title: 'Status' },
  { facet: 'dataFields.make.value', param: 'makes', title: 'Make' },
  { facet: 'dataFields.year.value', param: 'years', title: 'Year' },
  { facet: 'address.country', param: 'countries', title: 'Country' },
  { facet: 'sellerType', param: 'sellerTypes', title: 'Seller Type' },
];
