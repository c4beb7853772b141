import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import type { SelectQueryBuilder } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { toCents } from '../common/money';
import { isUuid } from '../packages/pricing-packages.service';
import { ListingCategoryEntity, ListingEntity } from '../persistence';
import { LISTING_TEXT_MATCH, likePattern } from '../search/catalogue-search-text';
import { NIL_UUID, type ListingContext } from './listing.context';
import type { ListingObject, ListingSearchResultObject, ListingWhereInput } from './listing.object';
import { listingVisibleTo, toListingObject } from './listing.view';

export const LISTING_PAGE_SIZE = 9;
/**
 * Price sorts compare the price converted to US dollars with the exchange rates the site serves
 * (`exchangeRates`, units per dollar), so listings in different currencies are not mixed by their raw
 * numbers (issue 24 item 17); a currency without a rate sorts with POA, last.
 */
const PRICE_IN_USD = `(l.price_cents::numeric / NULLIF((CAST(:rates AS jsonb) ->> l.currency)::numeric, 0))`;
const SORTS: Record<string, [string, 'ASC' | 'DESC']> = {
  date_desc: ['l.published_at', 'DESC'],
  date_asc: ['l.published_at', 'ASC'],
  price_asc: [PRICE_IN_USD, 'ASC'],
  price_desc: [PRICE_IN_USD, 'DESC'],
};

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
  const query = context.db
    .getRepository(ListingEntity)
    .createQueryBuilder('l')
    .where('l.brand = :brand', { brand })
    .andWhere("l.status = 'APPROVED'")
    .andWhere("l.payment_status <> 'UNPAID'")
    .andWhere('(l.expiry IS NULL OR l.expiry > :now)', { now: context.clock.now() })
    .setParameter('rates', JSON.stringify(context.rates.current().rates));
  filterListings(query, where);
  const [column, direction] = SORTS[(sort ?? 'date_desc').replace(':', '_').toLowerCase()] ?? SORTS.date_desc!;
  query
    .orderBy(column, direction, 'NULLS LAST')
    .addOrderBy('l.weighting', 'DESC')
    .addOrderBy('l.id', 'ASC')
    .offset((current - 1) * size)
    .limit(size);
  const [rows, nbHits] = await query.getManyAndCount();
  return {
    hits: rows.map((row) => toListingObject(context, row)),
    nbHits,
    page: current,
    nbPages: Math.ceil(nbHits / size),
    hitsPerPage: size,
  };
}

/** The search's `where`: category, type, owner, group, seller type, price range and free text. */
function filterListings(query: SelectQueryBuilder<ListingEntity>, where: ListingWhereInput | null): void {
  if (where?.category) query.andWhere('l.category = :category', { category: where.category });
  if (where?.type) query.andWhere('l.type = :type', { type: where.type });
  if (where?.userId) query.andWhere('l.user_id = :user', { user: isUuid(where.userId) ? where.userId : NIL_UUID });
  if (where?.groupId) query.andWhere('l.group_id = :group', { group: isUuid(where.groupId) ? where.groupId : NIL_UUID });
  if (where?.sellerType) query.andWhere('l.seller_type = :sellerType', { sellerType: where.sellerType.toUpperCase() });
  if (where?.minPrice !== undefined && where.minPrice !== null)
    query.andWhere('l.price_cents >= :min', { min: String(moneyFilter(where.minPrice, 'minPrice')) });
  if (where?.maxPrice !== undefined && where.maxPrice !== null)
    query.andWhere('l.price_cents <= :max', { max: String(moneyFilter(where.maxPrice, 'maxPrice')) });
  const q = where?.q?.trim().slice(0, 200);
  if (q) {
    // Indexed expressions (docs/decisions.md "Search indexes in PostgreSQL").
    query.andWhere(LISTING_TEXT_MATCH, { q, like: likePattern(q) });
  }
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
