import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import { In, type SelectQueryBuilder } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { isUuid } from '../packages/pricing-packages.service';
import { DirectoryEntity } from '../persistence';
import { clamp, NIL_UUID, type DirectoryContext } from './directory.context';
import type { DirectoryObject, DirectorySearchResultObject, DirectorySearchSetObject, DirectoryWhereInput } from './directory.object';
import { DIRECTORY_CATEGORIES, DIRECTORY_STATUSES, EVERYTHING, FEATURED_HITS_PER_PAGE, REGULAR_HITS_PER_PAGE } from './directory.rules';
import { isDirectoryStaff, toDirectoryObject, viewerOf, visibleTo } from './directory.view';

const MAX_PAGE = 10_000;

export async function myDirectories(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  start: number,
  limit: number,
): Promise<DirectoryObject[]> {
  const rows = await context.db.getRepository(DirectoryEntity).find({
    where: { brand, userId: user.id },
    order: { createdAt: 'DESC', id: 'ASC' },
    skip: clamp(start, 0, 1_000_000),
    take: clamp(limit, 0, 200),
  });
  return rows.map((row) => toDirectoryObject(row, viewerOf(user)));
}

/**
 * Directories by owner and by id list. Visitors see approved entries; an owner also sees their
 * own in any status; staff see everything of the brand.
 */
export async function listDirectories(
  context: DirectoryContext,
  brand: string,
  user: AuthUser | null,
  where: DirectoryWhereInput | null,
  page: { start: number; limit: number },
): Promise<DirectoryObject[]> {
  const query = context.db.getRepository(DirectoryEntity).createQueryBuilder('d').where('d.brand = :brand', { brand });
  filterDirectories(query, where);
  if (!(user && isDirectoryStaff(user))) {
    if (user) query.andWhere("(d.status = 'approved' OR d.user_id = :viewer)", { viewer: user.id });
    else query.andWhere("d.status = 'approved'");
  }
  query
    .orderBy('d.name', 'ASC')
    .addOrderBy('d.id', 'ASC')
    .offset(clamp(page.start, 0, 1_000_000))
    .limit(clamp(page.limit, 0, 200));
  return (await query.getMany()).map((row) => toDirectoryObject(row, viewerOf(user)));
}

function filterDirectories(query: SelectQueryBuilder<DirectoryEntity>, where: DirectoryWhereInput | null): void {
  if (where?.userId) query.andWhere('d.user_id = :owner', { owner: isUuid(where.userId) ? where.userId : NIL_UUID });
  if (where?.id_in)
    query.andWhere('d.id IN (:...ids)', {
      ids: where.id_in.length > 0 ? where.id_in.map((id) => (isUuid(id) ? id : NIL_UUID)) : [NIL_UUID],
    });
  if (where?.category && where.category !== EVERYTHING)
    query.andWhere('d.category = :category', { category: where.category.toUpperCase() });
  if (where?.featured !== undefined && where.featured !== null) query.andWhere('d.featured = :featured', { featured: where.featured });
  if (where?.status) {
    if (!(DIRECTORY_STATUSES as readonly string[]).includes(where.status))
      throw validationError([{ path: 'status', message: DIRECTORY_MESSAGES.unknownStatus(where.status) }]);
    query.andWhere('d.status = :status', { status: where.status });
  }
}

export async function oneDirectory(
  context: DirectoryContext,
  brand: string,
  user: AuthUser | null,
  id: string,
): Promise<DirectoryObject | null> {
  if (!isUuid(id)) return null;
  const row = await context.db.getRepository(DirectoryEntity).findOneBy({ brand, id });
  if (!row || !visibleTo(row, user)) return null;
  return toDirectoryObject(row, viewerOf(user));
}

export interface DirectorySearch {
  q: string | null;
  category: string | null;
  featuredPage: number;
  page: number;
  viewerId: string | null;
}

/**
 * Search (spec 002 section 7): approved entries only, in two sets paged separately: featured
 * entries with an active subscription (4 per page) and the rest (8 per page); category filter
 * (EVERYTHING: none) and query text over name, keywords, category and place.
 */
export async function searchDirectories(
  context: DirectoryContext,
  brand: string,
  search: DirectorySearch,
): Promise<DirectorySearchResultObject> {
  const filter = search.category?.trim().toUpperCase() || EVERYTHING;
  if (filter !== EVERYTHING && !(DIRECTORY_CATEGORIES as readonly string[]).includes(filter))
    throw validationError(
      [{ path: 'category', message: DIRECTORY_MESSAGES.unknownCategory(String(search.category)) }],
      CATALOGUE_ERROR_CODES.directoryCategory,
    );
  const text = search.q?.trim().slice(0, 200) || null;
  const set = (featured: boolean, page: number, hitsPerPage: number): Promise<DirectorySearchSetObject> =>
    searchSet(context, brand, { q: text, category: filter, featured, page, hitsPerPage, viewerId: search.viewerId });
  const [featured, regular] = await Promise.all([
    set(true, search.featuredPage, FEATURED_HITS_PER_PAGE),
    set(false, search.page, REGULAR_HITS_PER_PAGE),
  ]);
  return { featured, regular };
}

async function searchSet(
  context: DirectoryContext,
  brand: string,
  set: { q: string | null; category: string; featured: boolean; page: number; hitsPerPage: number; viewerId: string | null },
): Promise<DirectorySearchSetObject> {
  const { q, category, featured, hitsPerPage } = set;
  const current = clamp(set.page, 1, MAX_PAGE);
  const found = await context.search.searchDirectories({
    brand,
    text: q,
    category: category === EVERYTHING ? null : category,
    featured,
    page: current,
    hitsPerPage,
  });
  const rows = await directoriesInOrder(context, brand, found.ids);
  return {
    // The public view, except that owners see their own plan (the card's "Active until …", no second Cancel).
    hits: rows.map((row) => toDirectoryObject(row, { id: set.viewerId, staff: false })),
    nbHits: found.nbHits,
    page: current,
    nbPages: Math.ceil(found.nbHits / hitsPerPage),
    hitsPerPage,
    // In hits order; a row left out above has none.
    highlights: rows.flatMap((row) => (found.highlights[row.id] ? [{ directoryId: row.id, name: found.highlights[row.id]! }] : [])),
  };
}

/**
 * The rows of the ids the index found, in its order. An engine fed from the log may lag a change by
 * a moment: an entry no longer approved is left out rather than shown.
 */
async function directoriesInOrder(context: DirectoryContext, brand: string, ids: string[]): Promise<DirectoryEntity[]> {
  if (ids.length === 0) return [];
  const rows = await context.db.getRepository(DirectoryEntity).findBy({ brand, id: In(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is DirectoryEntity => row?.status === 'approved');
}

/**
 * The entry a claim key opens, in its public view (no key, no billing), so the claim page can name the
 * business before the user claims it (issue 24 item 17); null for an unknown or used key. The key is
 * the secret: whoever holds it may claim the entry, so seeing its name first tells them nothing more.
 */
export async function claimableDirectory(context: DirectoryContext, brand: string, key: string): Promise<DirectoryObject | null> {
  if (!key || key.length > 100) return null;
  const row = await context.db.getRepository(DirectoryEntity).findOneBy({ brand, claimKey: key });
  return row ? toDirectoryObject(row, { id: null, staff: false }) : null;
}
