import { randomUUID } from 'node:crypto';
import { DIRECTORY_MESSAGES } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import { assertSameBrand, notFound } from '../common/catalogue-error';
import { isUuid } from '../packages/pricing-packages.service';
import { DirectoryBookmarkEntity, DirectoryEntity } from '../persistence';
import type { DirectoryContext } from './directory.context';
import { directoryAccessDenied } from './directory-entry.checks';
import type { DirectoryBookmarkObject } from './directory.object';
import { bookmarkObject, toDirectoryObject, viewerOf, visibleTo } from './directory.view';

/** The user's bookmarks of entries they can still see, newest first. */
export async function directoryBookmarks(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  userId: string | null,
): Promise<DirectoryBookmarkObject[]> {
  if (userId && userId !== user.id) throw directoryAccessDenied();
  const rows = await context.db
    .getRepository(DirectoryBookmarkEntity)
    .find({ where: { brand, userId: user.id }, order: { createdAt: 'DESC' } });
  if (rows.length === 0) return [];
  const entries = await context.db
    .getRepository(DirectoryEntity)
    .createQueryBuilder('d')
    .where('d.brand = :brand AND d.id IN (:...ids)', { brand, ids: rows.map((row) => row.directoryId) })
    .getMany();
  const byId = new Map(entries.filter((entry) => visibleTo(entry, user)).map((entry) => [entry.id, entry]));
  return rows
    .filter((row) => byId.has(row.directoryId))
    .map((row) => ({ ...bookmarkObject(row), directory: toDirectoryObject(byId.get(row.directoryId)!, viewerOf(user)) }));
}

/** Idempotent: bookmarking twice keeps one bookmark. Only entries the user can see. */
export async function addDirectoryBookmark(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  args: { directoryId: string; userId: string | null; brand: string | null },
): Promise<DirectoryBookmarkObject> {
  const { directoryId } = args;
  assertSameBrand(args.brand, brand);
  if (args.userId && args.userId !== user.id) throw directoryAccessDenied();
  const entry = isUuid(directoryId) ? await context.db.getRepository(DirectoryEntity).findOneBy({ brand, id: directoryId }) : null;
  if (!entry || !visibleTo(entry, user)) throw notFound(DIRECTORY_MESSAGES.notFound);
  await context.db
    .createQueryBuilder()
    .insert()
    .into(DirectoryBookmarkEntity)
    .values({ id: randomUUID(), brand, directoryId, userId: user.id, createdAt: context.clock.now() })
    .orIgnore()
    .execute();
  const row = await context.db.getRepository(DirectoryBookmarkEntity).findOneByOrFail({ brand, directoryId, userId: user.id });
  return { ...bookmarkObject(row), directory: toDirectoryObject(entry, viewerOf(user)) };
}

export async function removeDirectoryBookmark(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  directoryId: string,
  userId: string | null,
): Promise<DirectoryBookmarkObject | null> {
  if (userId && userId !== user.id) throw directoryAccessDenied();
  if (!isUuid(directoryId)) return null;
  const row = await context.db.getRepository(DirectoryBookmarkEntity).findOneBy({ brand, directoryId, userId: user.id });
  if (!row) return null;
  await context.db.getRepository(DirectoryBookmarkEntity).delete({ id: row.id });
  return { ...bookmarkObject(row), directory: null };
}
