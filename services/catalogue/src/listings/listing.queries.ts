import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import { In } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { toCents } from '../common/money';
import { isUuid } from '../packages/pricing-packages.service';
import { ListingCategoryEntity, ListingEntity } from '../persistence';
import { LISTING_SEARCH_SORTS, type ListingSearchFilters, type ListingSearchSort } from '../search/catalogue-search.port';
import { NIL_UUID, type ListingContext } from './listing.context';
import type { ListingObject, ListingSearchResultObject, ListingWhereInput } from './listing.object';
import { listingVisibleTo, toListingObject } from './listing.view';

export const LISTING_PAGE_SIZE = 9;
export async function listingCategories(context: ListingContext, brand: string): Promise<ListingCategoryEntity[]> {
  return context.db.getRepository(ListingCategoryEntity).find({ where: { brand }, order: { position: 'ASC', name: 'ASC' } });
}

/** Approved, unexpired listings; page size 9, first page 1; sort by date or price either way (POA last by price). */
export async function searchListings(
  context: ListingContext,
  brand: string,
  where: ListingWhereInput | null,
  sort: string | null,
  page: number,
  pageSize: number,
): Promise<ListingSearchResultObject> {
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), 10_000);
  const size = Math.min(Math.max(Math.trunc(pageSize) || LISTING_PAGE_SIZE, 1), 100);
  const requested = (sort ?? 'date_desc').replace(':', '_').toLowerCase();
  const now = context.clock.now();
  const found = await context.search.searchListings({
    brand,
    now,
    usdRates: context.rates.current().rates,
    filters: listingFilters(where),
    text: where?.q?.trim().slice(0, 200) || null,
    sort: (LISTING_SEARCH_SORTS as readonly string[]).includes(requested) ? (requested as ListingSearchSort) : 'date_desc',
    page: current,
    hitsPerPage: size,
  });
  const rows = await listingsInOrder(context, brand, found.ids, now);
  return {
    hits: rows.map((row) => toListingObject(context, row)),
    nbHits: found.nbHits,
    page: current,
    nbPages: Math.ceil(found.nbHits / size),
    hitsPerPage: size,
    // In hits order; a row left out above has none.
    highlights: rows.flatMap((row) => (found.highlights[row.id] ? [{ listingId: row.id, title: found.highlights[row.id]! }] : [])),
  };
}

/** The search's `where`, checked: category, type, owner, group, seller type and price range. */
function listingFilters(where: ListingWhereInput | null): ListingSearchFilters {
  const filters: ListingSearchFilters = {};
  if (where?.category) filters.category = where.category;
  if (where?.type) filters.type = where.type;
  if (where?.userId) filters.userId = isUuid(where.userId) ? where.userId : NIL_UUID;
  if (where?.groupId) filters.groupId = isUuid(where.groupId) ? where.groupId : NIL_UUID;
  if (where?.sellerType) filters.sellerType = where.sellerType.toUpperCase();
  if (where?.minPrice !== undefined && where.minPrice !== null) filters.minPriceCents = moneyFilter(where.minPrice, 'minPrice');
  if (where?.maxPrice !== undefined && where.maxPrice !== null) filters.maxPriceCents = moneyFilter(where.maxPrice, 'maxPrice');
  return filters;
}

/**
 * The rows of the ids the index found, in its order. An engine fed from the log may lag a change by
 * a moment: a listing no longer public (declined, expired, deleted) is left out rather than shown.
 */
async function listingsInOrder(context: ListingContext, brand: string, ids: string[], now: Date): Promise<ListingEntity[]> {
  if (ids.length === 0) return [];
  const rows = await context.db.getRepository(ListingEntity).findBy({ brand, id: In(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = (row: ListingEntity | undefined): row is ListingEntity =>
    !!row && row.status === 'APPROVED' && row.paymentStatus !== 'UNPAID' && (row.expiry === null || row.expiry > now);
  return ids.map((id) => byId.get(id)).filter(listed);
}

function moneyFilter(value: number, path: string): number {
  const cents = toCents(value);
  if (cents === null) throw validationError([{ path, message: LISTING_MESSAGES.amountFilter }], LISTING_ERROR_CODES.validation);
  return cents;
}

/** The signed-in user's own listings in every status, newest first. */
export async function myListings(
  context: ListingContext,
  brand: string,
  user: AuthUser,
  start: number,
  limit: number,
): Promise<ListingObject[]> {
  const rows = await context.db.getRepository(ListingEntity).find({
    where: { brand, userId: user.id },
    order: { createdAt: 'DESC', id: 'ASC' },
    skip: Math.max(0, start),
    take: Math.min(Math.max(limit, 0), 200),
  });
  return rows.map((row) => toListingObject(context, row));
}

export async function listingByDetails(
  context: ListingContext,
  brand: string,
  user: AuthUser | null,
  details: { category: string; type: string; slug: string },
): Promise<ListingObject | null> {
  const row = await context.db.getRepository(ListingEntity).findOneBy({ brand, ...details });
  return row && listingVisibleTo(row, user, context.clock.now()) ? toListingObject(context, row) : null;
}

export async function oneListing(context: ListingContext, brand: string, user: AuthUser | null, id: string): Promise<ListingObject | null> {
  const row = isUuid(id) ? await context.db.getRepository(ListingEntity).findOneBy({ brand, id }) : null;
  return row && listingVisibleTo(row, user, context.clock.now()) ? toListingObject(context, row) : null;
}
