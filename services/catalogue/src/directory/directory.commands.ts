import { randomBytes, randomUUID } from 'node:crypto';
import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import { DomainError, forbidden, type AuthUser } from '@trackside/platform';
import { notFound, validationError } from '../common/catalogue-error';
import { DirectoryEntity, type DirectoryPendingChangesData, type MediaFileData, type PricingPackageEntity } from '../persistence';
import { applyPendingChanges, holdMaterialChanges, withPendingChanges } from './directory-change-review.rules';
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
    pendingChanges: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Owner only ('Access denied...'). A declined entry goes back to pending for another review. On an
 * approved entry a material change (name, image, video, keywords, links) waits for staff review in
 * `pendingChanges` while the approved version stays public; other fields apply at once (issue 24 item 15).
 */
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
    if (input.claimable) throw forbidden({ reason: 'claimable entries are for staff' });
    const before = { ...row };
    const edited = await editedEntry(context, brand, user, row, input);
    const now = context.clock.now();
    if (row.status === 'approved') {
      const pending = holdMaterialChanges(row, edited, now);
      // A new change to review replaces the reason a previous one was declined for.
      if (pending && !sameChange(pending, row.pendingChanges)) edited.reviewReason = null;
      edited.pendingChanges = pending;
    }
    Object.assign(row, edited);
    if (row.status === 'declined') {
      row.status = 'pending';
      row.reviewReason = null;
    }
    row.updatedAt = now;
    await manager.getRepository(DirectoryEntity).save(row);
    await context.payableItems.directoryChanged(manager, before, row, user.id);
    await context.entryEvents.directoriesUpdated(manager, brand, [row.id], 'edited', user.id);
    return toDirectoryObject(row, viewerOf(user));
  });
}

/** The entry as the owner asks for it: the input over the entry (an approved one with its pending change folded in). */
async function editedEntry(
  context: DirectoryContext,
  brand: string,
  user: AuthUser,
  row: DirectoryEntity,
  input: DirectoryInput,
): Promise<DirectoryEntity> {
  const base = row.status === 'approved' ? withPendingChanges(row) : { ...row };
  const plan = input.packageId !== undefined && input.packageId !== null ? await directoryPlan(context.db, brand, input.packageId) : null;
  const featured = plan ? plan.featured : (input.featured ?? base.featured);
  const { changes, issues } = validateDirectoryInput(input, { creating: false, featured, currentKeywords: base.keywords });
  const image =
    input.image === undefined
      ? base.image
      : input.image === null
        ? null
        : await directoryImage(context.db, brand, user, input.image, issues);
  const socialLinks = changes.socialLinks ?? base.socialLinks;
  const videoURL = changes.videoURL !== undefined ? changes.videoURL : base.videoURL;
  benefitsCheck(
    featured,
    { socialLinks: changes.socialLinks, videoURL: changes.videoURL, image: input.image === undefined ? null : image },
    issues,
  );
  if (issues.length > 0) throw directoryIssuesError(issues);
  const edited: DirectoryEntity = { ...base, ...changes, featured };
  if (plan) edited.packageId = plan.id;
  // A regular entry keeps no featured-only content (a downgrade drops it).
  edited.socialLinks = featured ? socialLinks : {};
  edited.videoURL = featured ? videoURL : null;
  edited.image = featured ? image : null;
  if (!featured) edited.activeSubscription = false;
  return edited;
}

function sameChange(a: DirectoryPendingChangesData | null, b: DirectoryPendingChangesData | null): boolean {
  const strip = (changes: DirectoryPendingChangesData | null) => (changes ? { ...changes, requestedAt: null } : null);
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

/**
 * Staff review: approve, decline (with a reason for the owner) or put back to pending. On an approved
 * entry with a change awaiting review the decision is about the change: approving publishes it,
 * declining drops it and keeps the approved version public (with the reason for the owner).
 */
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
    const reasonText = status === 'declined' ? reason?.trim().slice(0, 2000) || null : null;
    if (row.status === 'approved' && row.pendingChanges && status !== 'pending') {
      if (status === 'approved') applyPendingChanges(row);
      else row.pendingChanges = null;
    } else {
      row.status = status;
      // Back to pending or declined as a whole: a change waiting on top of the approved version goes into it.
      if (status !== 'approved') applyPendingChanges(row);
    }
    row.reviewReason = reasonText;
    row.updatedAt = context.clock.now();
    await manager.getRepository(DirectoryEntity).save(row);
    await context.entryEvents.directoriesUpdated(manager, brand, [row.id], 'reviewed', null);
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
