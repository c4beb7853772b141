import { randomUUID } from 'node:crypto';
import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import { DomainError, type AuthUser } from '@trackside/platform';
import { In, type EntityManager } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { isUuid } from '../packages/pricing-packages.service';
import { ListingEntity, PricingPackageEntity, type ListingStatusValue } from '../persistence';
import type { ListingContext } from './listing.context';
import { listingIssuesError, normaliseListingInput, slugify, type ListingIssue } from './listing-input.normaliser';
import { ownedRow } from './listing-ownership.query';
import { initialPaymentStatus } from './listing-payment.commands';
import { listingStatusRefusal } from './listing-transitions';
import type { ListingInput, ListingObject } from './listing.object';
import { toListingObject } from './listing.view';

/** Listings that count against a package's listing limit. */
const COUNTED: ListingStatusValue[] = ['PENDING', 'APPROVED', 'SOLD'];
export const UNPAID_APPROVAL_MESSAGE = LISTING_MESSAGES.unpaidApproval;

/** A new PENDING listing under the package's limit (the limit is checked under a per-owner-and-package lock). */
export async function createListing(context: ListingContext, brand: string, user: AuthUser, input: ListingInput): Promise<ListingObject> {
  const issues: ListingIssue[] = [];
  const pkg =
    input.packageId && isUuid(input.packageId)
      ? await context.db.getRepository(PricingPackageEntity).findOneBy({ brand, id: input.packageId })
      : null;
  const usable = pkg && pkg.type === 'LISTING' && pkg.enabled ? pkg : null;
  // Every field error at once (issue 24 item 17), the package's first: the form shows them all.
  if (!usable) issues.push({ path: 'packageId', message: LISTING_MESSAGES.choosePackage, code: LISTING_ERROR_CODES.package });
  const fields = await normaliseListingInput(context.db, brand, user, input, null, usable, issues);
  if (issues.length > 0 || !usable) throw listingIssuesError(issues);
  return createUnderLimit(context, brand, user, usable, fields);
}

async function createUnderLimit(
  context: ListingContext,
  brand: string,
  user: AuthUser,
  pkg: PricingPackageEntity,
  fields: Partial<ListingEntity>,
): Promise<ListingObject> {
  return context.db.transaction(async (manager) => {
    // Serialise one user's creations under one package so two requests cannot both take the last slot.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`listing-limit:${brand}:${user.id}:${pkg.id}`]);
    const used = await manager.getRepository(ListingEntity).countBy({ brand, userId: user.id, packageId: pkg.id, status: In(COUNTED) });
    if (used >= pkg.listingLimit)
      throw new DomainError(LISTING_ERROR_CODES.limitReached, LISTING_MESSAGES.limitReached, 'invalid', {
        listingLimit: pkg.listingLimit,
      });
    const row = newListingRow(fields, brand, user, pkg, context.clock.now());
    await manager.getRepository(ListingEntity).save(row);
    // Committed with the row: identity checks the listing's payments against it.
    await context.payableItems.listingCreated(manager, row, user.id);
    return toListingObject(context, row);
  });
}

function newListingRow(fields: Partial<ListingEntity>, brand: string, user: AuthUser, pkg: PricingPackageEntity, now: Date): ListingEntity {
  const id = randomUUID();
  return {
    ...(fields as ListingEntity),
    id,
    brand,
    userId: user.id,
    packageId: pkg.id,
    groupId: null,
    slug: `${slugify(fields.title!)}-${id.slice(0, 8)}`,
    status: 'PENDING',
    paymentStatus: initialPaymentStatus(pkg),
    paymentId: null,
    publishedAt: null,
    expiry: null,
    weighting: pkg.weighting,
    firstReminderAt: null,
    secondReminderAt: null,
    createdAt: now,
    updatedAt: now,
  } satisfies ListingEntity;
}

/** Owner only ('Access denied...'). A declined listing goes back to review after an edit; the owner may mark it SOLD or CANCELED. */
export async function updateListing(
  context: ListingContext,
  brand: string,
  user: AuthUser,
  id: string,
  input: ListingInput,
): Promise<ListingObject> {
  return context.db.transaction(async (manager) => {
    const row = await ownedRow(manager, ListingEntity, brand, user, id, LISTING_MESSAGES.notFound, true);
    const before = { ...row };
    if (input.packageId && input.packageId !== row.packageId)
      throw validationError([{ path: 'packageId', message: LISTING_MESSAGES.packageFixed }], LISTING_ERROR_CODES.package);
    const pkg = await manager.getRepository(PricingPackageEntity).findOneByOrFail({ brand, id: row.packageId });
    const issues: ListingIssue[] = [];
    const { status, ...content } = input;
    const fields = await normaliseListingInput(context.db, brand, user, content, row, pkg, issues);
    if (status !== undefined && status !== null) {
      const refusal = listingStatusRefusal('owner', row.status, status);
      if (refusal) issues.push({ path: 'status', message: refusal, code: LISTING_ERROR_CODES.status });
    }
    if (issues.length > 0) throw listingIssuesError(issues);
    Object.assign(row, fields);
    if (status === 'SOLD' || status === 'CANCELED') row.status = status;
    else if (row.status === 'DECLINED') row.status = 'PENDING';
    row.updatedAt = context.clock.now();
    await manager.getRepository(ListingEntity).save(row);
    await context.payableItems.listingChanged(manager, before, row, user.id);
    await context.entryEvents.listingsUpdated(manager, brand, [row.id], 'edited', user.id);
    return toListingObject(context, row);
  });
}

export async function deleteListing(context: ListingContext, brand: string, user: AuthUser, id: string): Promise<ListingObject> {
  return context.db.transaction(async (manager: EntityManager) => {
    const row = await ownedRow(manager, ListingEntity, brand, user, id, LISTING_MESSAGES.notFound, true);
    await manager.getRepository(ListingEntity).delete({ brand, id });
    await context.payableItems.listingDeleted(manager, row, user.id);
    return toListingObject(context, row);
  });
}

/** Staff review: approval publishes the listing and starts its active period (the package's). */
export async function reviewListing(
  context: ListingContext,
  brand: string,
  id: string,
  status: string,
  reason: string | null,
): Promise<ListingObject> {
  if (status !== 'APPROVED' && status !== 'DECLINED')
    throw validationError([{ path: 'status', message: LISTING_MESSAGES.unknownStatus(status) }], LISTING_ERROR_CODES.status);
  const row = isUuid(id) ? await context.db.getRepository(ListingEntity).findOneBy({ brand, id }) : null;
  if (!row) throw new DomainError(LISTING_ERROR_CODES.notFound, LISTING_MESSAGES.notFound, 'not-found');
  const refusal = listingStatusRefusal('staff', row.status, status);
  if (refusal) throw validationError([{ path: 'status', message: refusal }], LISTING_ERROR_CODES.status);
  if (status === 'APPROVED' && row.paymentStatus === 'UNPAID')
    throw validationError([{ path: 'status', message: UNPAID_APPROVAL_MESSAGE }], LISTING_ERROR_CODES.status);
  const now = context.clock.now();
  row.status = status;
  row.reviewReason = status === 'DECLINED' ? reason?.trim().slice(0, 2000) || null : null;
  if (status === 'APPROVED') {
    const pkg = await context.db.getRepository(PricingPackageEntity).findOneBy({ brand, id: row.packageId });
    row.publishedAt = now;
    row.expiry = pkg?.activePeriod ? new Date(now.getTime() + pkg.activePeriod * 86_400_000) : null;
    row.firstReminderAt = null;
    row.secondReminderAt = null;
  }
  row.updatedAt = now;
  // The review and its event commit together, so the search processor sees the new status.
  await context.db.transaction(async (manager) => {
    await manager.getRepository(ListingEntity).save(row);
    await context.entryEvents.listingsUpdated(manager, brand, [row.id], 'reviewed', null);
  });
  return toListingObject(context, row);
}
