import { randomUUID } from 'node:crypto';
import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import type { AuthUser } from '@trackside/platform';
import { In, type EntityManager } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { isUuid } from '../packages/pricing-packages.service';
import { ListingEntity, ListingGroupEntity } from '../persistence';
import type { ListingContext } from './listing.context';
import { listingAccessDenied, ownedRow } from './listing-ownership.query';
import type { ListingGroupObject } from './listing.object';
import { toListingObject } from './listing.view';

/** An owner's group of their listings: create, list, edit, delete (spec 002). */
export async function createListingGroup(
  context: ListingContext,
  brand: string,
  user: AuthUser,
  data: { name: string; description?: string | null; listings: string[] },
): Promise<ListingGroupObject> {
  const name = groupName(data.name);
  const ids = [...new Set(data.listings)];
  if (ids.length === 0 || ids.length > 100 || ids.some((id) => !isUuid(id)))
    throw validationError([{ path: 'listings', message: LISTING_MESSAGES.groupListings }], LISTING_ERROR_CODES.validation);
  return context.db.transaction(async (manager) => {
    const rows = await manager.getRepository(ListingEntity).findBy({ brand, id: In(ids) });
    if (rows.length !== ids.length || rows.some((row) => row.userId !== user.id)) throw listingAccessDenied();
    const group: ListingGroupEntity = {
      id: randomUUID(),
      brand,
      userId: user.id,
      name,
      description: groupDescription(data.description),
      createdAt: context.clock.now(),
    };
    await manager.getRepository(ListingGroupEntity).insert(group);
    await manager.getRepository(ListingEntity).update({ brand, id: In(ids) }, { groupId: group.id });
    await context.entryEvents.listingsUpdated(manager, brand, ids, 'grouped', user.id);
    for (const row of rows) row.groupId = group.id;
    return toGroupObject(context, group, rows);
  });
}

/** The signed-in user's groups with their listings (every status: they are the owner's own), newest first. */
export async function myListingGroups(context: ListingContext, brand: string, user: AuthUser): Promise<ListingGroupObject[]> {
  const groups = await context.db
    .getRepository(ListingGroupEntity)
    .find({ where: { brand, userId: user.id }, order: { createdAt: 'DESC', id: 'ASC' }, take: 200 });
  if (groups.length === 0) return [];
  const rows = await context.db.getRepository(ListingEntity).find({
    where: { brand, userId: user.id, groupId: In(groups.map((group) => group.id)) },
    order: { createdAt: 'DESC', id: 'ASC' },
  });
  return groups.map((group) =>
    toGroupObject(
      context,
      group,
      rows.filter((row) => row.groupId === group.id),
    ),
  );
}

/**
 * Owner only: renames a group and, when `listings` is given, makes it exactly those of the
 * owner's listings (added ones leave any other group they were in; removed ones leave this one).
 */
export async function updateListingGroup(
  context: ListingContext,
  brand: string,
  user: AuthUser,
  id: string,
  data: { name?: string | null; description?: string | null; listings?: string[] | null },
): Promise<ListingGroupObject> {
  return context.db.transaction(async (manager) => {
    const group = await ownedRow(manager, ListingGroupEntity, brand, user, id, LISTING_MESSAGES.groupNotFound, true);
    if (data.name !== undefined && data.name !== null) group.name = groupName(data.name);
    if (data.description !== undefined) group.description = groupDescription(data.description);
    const listings = manager.getRepository(ListingEntity);
    if (data.listings !== undefined && data.listings !== null) {
      const ids = [...new Set(data.listings)];
      if (ids.length > 100 || ids.some((listingId) => !isUuid(listingId)))
        throw validationError([{ path: 'listings', message: LISTING_MESSAGES.groupListingsUpTo }], LISTING_ERROR_CODES.validation);
      const rows = ids.length > 0 ? await listings.findBy({ brand, id: In(ids) }) : [];
      if (rows.length !== ids.length || rows.some((row) => row.userId !== user.id)) throw listingAccessDenied();
      await ungroup(context, manager, brand, group.id, user.id);
      if (ids.length > 0) await listings.update({ brand, id: In(ids) }, { groupId: group.id });
      await context.entryEvents.listingsUpdated(manager, brand, ids, 'grouped', user.id);
    }
    await manager.getRepository(ListingGroupEntity).save(group);
    const members = await listings.find({ where: { brand, groupId: group.id }, order: { createdAt: 'DESC', id: 'ASC' } });
    return toGroupObject(context, group, members);
  });
}

/** Owner only: the group goes, its listings stay (ungrouped). */
export async function deleteListingGroup(context: ListingContext, brand: string, user: AuthUser, id: string): Promise<ListingGroupObject> {
  return context.db.transaction(async (manager) => {
    const group = await ownedRow(manager, ListingGroupEntity, brand, user, id, LISTING_MESSAGES.groupNotFound);
    await ungroup(context, manager, brand, group.id, user.id);
    await manager.getRepository(ListingGroupEntity).delete({ brand, id: group.id });
    return toGroupObject(context, group, []);
  });
}

function toGroupObject(context: ListingContext, group: ListingGroupEntity, rows: ListingEntity[]): ListingGroupObject {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    userId: group.userId,
    listings: rows.map((row) => toListingObject(context, row)),
  };
}

/** A group's name: trimmed, required, at most 200 characters kept. */
function groupName(raw: string): string {
  const name = raw.trim();
  if (!name) throw validationError([{ path: 'name', message: LISTING_MESSAGES.required }], LISTING_ERROR_CODES.required);
  return name.slice(0, 200);
}

function groupDescription(raw: string | null | undefined): string | null {
  return raw?.trim().slice(0, 2000) || null;
}

/** Every listing of the group leaves it (and the log says so, for the search processor). */
async function ungroup(context: ListingContext, manager: EntityManager, brand: string, groupId: string, actorId: string): Promise<void> {
  const members = await manager.getRepository(ListingEntity).find({ select: { id: true }, where: { brand, groupId } });
  await manager
    .createQueryBuilder()
    .update(ListingEntity)
    .set({ groupId: null })
    .where('brand = :brand AND group_id = :group', { brand, group: groupId })
    .execute();
  await context.entryEvents.listingsUpdated(
    manager,
    brand,
    members.map((member) => member.id),
    'grouped',
    actorId,
  );
}
