import { randomBytes, randomUUID } from 'node:crypto';
import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import { DomainError, forbidden, type AuthUser } from '@trackside/platform';
import { notFound, validationError } from '../common/catalogue-error';
import { DirectoryEntity, type MediaFileData, type PricingPackageEntity } from '../persistence';
import type { DirectoryContext } from './directory.context';
import {
  benefitsCheck,
  directoryAccessDenied,
  directoryImage,
  directoryIssuesError,
  directoryPlan,
  lockEntry,
} from './directory-entry.checks';
import { validateDirectoryInput, type DirectoryChanges } from './directory-input';
import type { DirectoryInput, DirectoryObject } from './directory.object';
import { isDirectoryStaff, toDirectoryObject, viewerOf } from './directory.view';

/** A new pending entry; staff may create claimable entries (no owner, a claim key) or entries for another user. */
export async function createDirectory(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  input: DirectoryInput,
): Promise<DirectoryObject> {
  const staff = isDirectoryStaff(user);
  if (input.claimable && !staff) throw forbidden({ reason: 'claimable entries are for staff' });
  if (input.userId && input.userId !== user.id && !staff) throw directoryAccessDenied();
  const plan = await directoryPlan(context.db, brand, input.packageId);
  const featured = plan ? plan.featured : input.featured === true;
  const { changes, issues } = validateDirectoryInput(input, { creating: true, featured });
  const image = await directoryImage(context.db, brand, user, input.image, issues);
  benefitsCheck(featured, { socialLinks: changes.socialLinks, videoURL: changes.videoURL, image }, issues);
  if (issues.length > 0) throw directoryIssuesError(issues);
  const row = newDirectoryRow(brand, user, input, { changes, plan, featured, image }, context.clock.now());
  // The entry and its DirectoryCreated commit together: identity checks payments against it.
  await context.db.transaction(async (manager) => {
    await manager.getRepository(DirectoryEntity).save(row);
    await context.payableItems.directoryCreated(manager, row, user.id);
  });
  return toDirectoryObject(row, viewerOf(user));
}

function newDirectoryRow(
  brand: string,
  user: AuthUser,
  input: DirectoryInput,
  checked: { changes: DirectoryChanges; plan: PricingPackageEntity | null; featured: boolean; image: MediaFileData | null },
  now: Date,
): DirectoryEntity {
  const { changes, plan, featured, image } = checked;
  return {
    id: randomUUID(),
    brand,
    userId: input.claimable ? null : (input.userId ?? user.id),
    status: 'pending',
    featured,
    name: changes.name!,
    category: changes.category!,
    addressCountry: changes.addressCountry!,
    addressState: changes.addressState!,
    addressCity: changes.addressCity!,
    addressPostal: changes.addressPostal ?? null,
    addressStreet1: changes.addressStreet1 ?? null,
    addressStreet2: changes.addressStreet2 ?? null,
    hoursOfOperation: changes.hoursOfOperation ?? null,
    website: changes.website ?? null,
    phone: changes.phone ?? null,
    email: changes.email ?? null,
    keywords: changes.keywords ?? [],
    socialLinks: changes.socialLinks ?? {},
    videoURL: changes.videoURL ?? null,
    image: image ?? null,
    activeSubscription: false,
    packageId: plan?.id ?? null,
    subscriptionPeriodEnd: null,
    subscriptionCancelAtPeriodEnd: false,
    subscriptionPastDue: false,
    claimKey: input.claimable ? randomBytes(18).toString('base64url') : null,
    reviewReason: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Owner only ('Access denied...'). A declined entry goes back to pending for another review. */
export async function updateDirectory(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  id: string | null | undefined,
  input: DirectoryInput,
): Promise<DirectoryObject> {
  if (!id) throw validationError([{ path: 'id', message: DIRECTORY_MESSAGES.required }], CATALOGUE_ERROR_CODES.directoryRequired);
  return context.db.transaction(async (manager) => {
    const row = await lockEntry(manager, brand, id);
    if (!row) throw notFound(DIRECTORY_MESSAGES.notFound);
    if (row.userId !== user.id) throw directoryAccessDenied();
    if (input.userId && input.userId !== user.id) throw directoryAccessDenied();
    const before = { ...row };
    if (input.claimable) throw forbidden({ reason: 'claimable entries are for staff' });
    const plan = input.packageId !== undefined && input.packageId !== null ? await directoryPlan(context.db, brand, input.packageId) : null;
    const featured = plan ? plan.featured : (input.featured ?? row.featured);
    const { changes, issues } = validateDirectoryInput(input, { creating: false, featured, currentKeywords: row.keywords });
    const image =
      input.image === undefined
        ? row.image
        : input.image === null
          ? null
          : await directoryImage(context.db, brand, user, input.image, issues);
    const socialLinks = changes.socialLinks ?? row.socialLinks;
    const videoURL = changes.videoURL !== undefined ? changes.videoURL : row.videoURL;
    benefitsCheck(
      featured,
      { socialLinks: changes.socialLinks, videoURL: changes.videoURL, image: input.image === undefined ? null : image },
      issues,
    );
    if (issues.length > 0) throw directoryIssuesError(issues);
    Object.assign(row, changes);
    row.featured = featured;
    if (plan) row.packageId = plan.id;
    // A regular entry keeps no featured-only content (a downgrade drops it).
    row.socialLinks = featured ? socialLinks : {};
    row.videoURL = featured ? videoURL : null;
    row.image = featured ? image : null;
    if (!featured) row.activeSubscription = false;
    if (row.status === 'declined') {
      row.status = 'pending';
      row.reviewReason = null;
    }
    row.updatedAt = context.clock.now();
    await manager.getRepository(DirectoryEntity).save(row);
    await context.payableItems.directoryChanged(manager, before, row, user.id);
    return toDirectoryObject(row, viewerOf(user));
  });
}

/** Staff review: approve, decline (with a reason for the owner) or put back to pending. */
export async function reviewDirectory(
  context: DirectoryContext,
  brand: string,
  id: string,
  status: string,
  reason: string | null,
): Promise<DirectoryObject> {
  if (status !== 'approved' && status !== 'declined' && status !== 'pending')
    throw validationError([{ path: 'status', message: DIRECTORY_MESSAGES.unknownStatus(status) }]);
  return context.db.transaction(async (manager) => {
    const row = await lockEntry(manager, brand, id);
    if (!row) throw notFound(DIRECTORY_MESSAGES.notFound);
    row.status = status;
    row.reviewReason = status === 'declined' ? reason?.trim().slice(0, 2000) || null : null;
    row.updatedAt = context.clock.now();
    await manager.getRepository(DirectoryEntity).save(row);
    return toDirectoryObject(row, { id: null, staff: true });
  });
}

/** POST /directories/claim/{key}: the signed-in user becomes the owner; the key works once. */
export async function claimDirectory(context: DirectoryContext, brand: string, user: AuthUser, key: string): Promise<DirectoryObject> {
  return context.db.transaction(async (manager) => {
    const row = key
      ? await manager.getRepository(DirectoryEntity).findOne({ where: { brand, claimKey: key }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!row) throw new DomainError(CATALOGUE_ERROR_CODES.claimInvalidKey, DIRECTORY_MESSAGES.claimInvalidKey, 'not-found');
    const before = { ...row };
    row.userId = user.id;
    row.claimKey = null;
    row.updatedAt = context.clock.now();
    await manager.getRepository(DirectoryEntity).save(row);
    await context.payableItems.directoryChanged(manager, before, row, user.id);
    return toDirectoryObject(row, viewerOf(user));
  });
}
