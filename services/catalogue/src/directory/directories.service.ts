import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CATALOGUE_ERROR_CODES, DIRECTORY_MESSAGES } from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, DomainError, forbidden } from '@trackside/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { assertSameBrand, notFound, validationError } from '../common/catalogue-error';
import { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { isUuid } from '../packages/pricing-packages.service';
import {
  DirectoryBookmarkEntity,
  DirectoryEntity,
  MediaFileEntity,
  PricingPackageEntity,
  type DirectorySocialLinksData,
  type MediaFileData,
} from '../persistence';
import { validateDirectoryInput, type DirectoryIssue } from './directory-input';
import type {
  DirectoryBookmarkObject,
  DirectoryInput,
  DirectoryObject,
  DirectorySearchResultObject,
  DirectorySearchSetObject,
  DirectoryWhereInput,
} from './directory.object';
import { DIRECTORY_CATEGORIES, DIRECTORY_STATUSES, EVERYTHING, FEATURED_HITS_PER_PAGE, REGULAR_HITS_PER_PAGE } from './directory.rules';

const MAX_PAGE = 10_000;

/**
 * The business directory of spec 002: entries, owner lists, bookmarks, search, staff review and
 * claim. The paid plan (payments, cancel, period end) is DirectorySubscriptionsService's.
 */

@Injectable()
export class DirectoriesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly payableItems: PayableItemAnnouncer,
  ) {}

  async create(brand: string, user: AuthUser, input: DirectoryInput): Promise<DirectoryObject> {
    const staff = isDirectoryStaff(user);
    if (input.claimable && !staff) throw forbidden({ reason: 'claimable entries are for staff' });
    if (input.userId && input.userId !== user.id && !staff) throw accessDenied();
    const plan = await this.plan(brand, input.packageId);
    const featured = plan ? plan.featured : input.featured === true;
    const { changes, issues } = validateDirectoryInput(input, { creating: true, featured });
    const image = await this.image(brand, user, input.image, issues);
    benefitsCheck(featured, { socialLinks: changes.socialLinks, videoURL: changes.videoURL, image }, issues);
    if (issues.length > 0) throw toError(issues);
    const now = this.clock.now();
    const row: DirectoryEntity = {
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
    // The entry and its DirectoryCreated commit together: identity checks payments against it.
    await this.db.transaction(async (manager) => {
      await manager.getRepository(DirectoryEntity).save(row);
      await this.payableItems.directoryCreated(manager, row, user.id);
    });
    return toDirectoryObject(row, viewerOf(user));
  }

  /** Owner only ('Access denied...'). A declined entry goes back to pending for another review. */
  async update(brand: string, user: AuthUser, id: string | null | undefined, input: DirectoryInput): Promise<DirectoryObject> {
    if (!id) throw validationError([{ path: 'id', message: DIRECTORY_MESSAGES.required }], CATALOGUE_ERROR_CODES.directoryRequired);
    return this.db.transaction(async (manager) => {
      const row = await this.lockEntry(manager, brand, id);
      if (!row) throw notFound('Directory');
      if (row.userId !== user.id) throw accessDenied();
      if (input.userId && input.userId !== user.id) throw accessDenied();
      const before = { ...row };
      if (input.claimable) throw forbidden({ reason: 'claimable entries are for staff' });
      const plan = input.packageId !== undefined && input.packageId !== null ? await this.plan(brand, input.packageId) : null;
      const featured = plan ? plan.featured : (input.featured ?? row.featured);
      const { changes, issues } = validateDirectoryInput(input, { creating: false, featured, currentKeywords: row.keywords });
      const image =
        input.image === undefined ? row.image : input.image === null ? null : await this.image(brand, user, input.image, issues);
      const socialLinks = changes.socialLinks ?? row.socialLinks;
      const videoURL = changes.videoURL !== undefined ? changes.videoURL : row.videoURL;
      benefitsCheck(
        featured,
        { socialLinks: changes.socialLinks, videoURL: changes.videoURL, image: input.image === undefined ? null : image },
        issues,
      );
      if (issues.length > 0) throw toError(issues);
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
      row.updatedAt = this.clock.now();
      await manager.getRepository(DirectoryEntity).save(row);
      await this.payableItems.directoryChanged(manager, before, row, user.id);
      return toDirectoryObject(row, viewerOf(user));
    });
  }

  async mine(brand: string, user: AuthUser, start: number, limit: number): Promise<DirectoryObject[]> {
    const rows = await this.db.getRepository(DirectoryEntity).find({
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
  async list(
    brand: string,
    user: AuthUser | null,
    where: DirectoryWhereInput | null,
    start: number,
    limit: number,
  ): Promise<DirectoryObject[]> {
    const query = this.db.getRepository(DirectoryEntity).createQueryBuilder('d').where('d.brand = :brand', { brand });
    const staff = !!user && isDirectoryStaff(user);
    if (where?.userId) query.andWhere('d.user_id = :owner', { owner: isUuid(where.userId) ? where.userId : NIL });
    if (where?.id_in)
      query.andWhere('d.id IN (:...ids)', { ids: where.id_in.length > 0 ? where.id_in.map((id) => (isUuid(id) ? id : NIL)) : [NIL] });
    if (where?.category && where.category !== EVERYTHING)
      query.andWhere('d.category = :category', { category: where.category.toUpperCase() });
    if (where?.featured !== undefined && where.featured !== null) query.andWhere('d.featured = :featured', { featured: where.featured });
    if (where?.status) {
      if (!(DIRECTORY_STATUSES as readonly string[]).includes(where.status))
        throw validationError([{ path: 'status', message: `Unknown status '${where.status}'` }]);
      query.andWhere('d.status = :status', { status: where.status });
    }
    if (!staff) {
      if (user) query.andWhere("(d.status = 'approved' OR d.user_id = :viewer)", { viewer: user.id });
      else query.andWhere("d.status = 'approved'");
    }
    query
      .orderBy('d.name', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .offset(clamp(start, 0, 1_000_000))
      .limit(clamp(limit, 0, 200));
    return (await query.getMany()).map((row) => toDirectoryObject(row, viewerOf(user)));
  }

  async one(brand: string, user: AuthUser | null, id: string): Promise<DirectoryObject | null> {
    if (!isUuid(id)) return null;
    const row = await this.db.getRepository(DirectoryEntity).findOneBy({ brand, id });
    if (!row || !visibleTo(row, user)) return null;
    return toDirectoryObject(row, viewerOf(user));
  }

  /**
   * Search (spec 002 section 7): approved entries only, in two sets paged separately: featured
   * entries with an active subscription (4 per page) and the rest (8 per page); category filter
   * (EVERYTHING: none) and query text over name, keywords, category and place.
   */
  async search(
    brand: string,
    q: string | null,
    category: string | null,
    featuredPage: number,
    page: number,
    viewerId: string | null = null,
  ): Promise<DirectorySearchResultObject> {
    const filter = category?.trim().toUpperCase() || EVERYTHING;
    if (filter !== EVERYTHING && !(DIRECTORY_CATEGORIES as readonly string[]).includes(filter))
      throw validationError([{ path: 'category', message: `Unknown category '${category}'` }], CATALOGUE_ERROR_CODES.directoryCategory);
    const text = q?.trim().slice(0, 200) || null;
    const [featured, regular] = await Promise.all([
      this.searchSet(brand, text, filter, true, featuredPage, FEATURED_HITS_PER_PAGE, viewerId),
      this.searchSet(brand, text, filter, false, page, REGULAR_HITS_PER_PAGE, viewerId),
    ]);
    return { featured, regular };
  }

  private async searchSet(
    brand: string,
    q: string | null,
    category: string,
    featured: boolean,
    page: number,
    hitsPerPage: number,
    viewerId: string | null,
  ): Promise<DirectorySearchSetObject> {
    const current = clamp(page, 1, MAX_PAGE);
    const query = this.db
      .getRepository(DirectoryEntity)
      .createQueryBuilder('d')
      .where('d.brand = :brand', { brand })
      .andWhere("d.status = 'approved'")
      .andWhere(featured ? '(d.featured AND d.active_subscription)' : 'NOT (d.featured AND d.active_subscription)');
    if (category !== EVERYTHING) query.andWhere('d.category = :category', { category });
    if (q) {
      query.andWhere(
        `(${DOCUMENT} @@ plainto_tsquery('simple', :q) OR d.name ILIKE :like OR array_to_string(d.keywords, ' ') ILIKE :like OR d.address_city ILIKE :like)`,
        {
          q,
          like: `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
        },
      );
      query.orderBy(`ts_rank(${DOCUMENT}, plainto_tsquery('simple', :q))`, 'DESC');
    }
    query
      .addOrderBy('d.name', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .offset((current - 1) * hitsPerPage)
      .limit(hitsPerPage);
    const [rows, nbHits] = await query.getManyAndCount();
    return {
      // The public view, except that owners see their own plan (the card's "Active until …", no second Cancel).
      hits: rows.map((row) => toDirectoryObject(row, { id: viewerId, staff: false })),
      nbHits,
      page: current,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
    };
  }

  async review(brand: string, id: string, status: string, reason: string | null): Promise<DirectoryObject> {
    if (status !== 'approved' && status !== 'declined' && status !== 'pending')
      throw validationError([{ path: 'status', message: `Unknown status '${status}'` }]);
    return this.db.transaction(async (manager) => {
      const row = await this.lockEntry(manager, brand, id);
      if (!row) throw notFound('Directory');
      row.status = status;
      row.reviewReason = status === 'declined' ? reason?.trim().slice(0, 2000) || null : null;
      row.updatedAt = this.clock.now();
      await manager.getRepository(DirectoryEntity).save(row);
      return toDirectoryObject(row, { id: null, staff: true });
    });
  }

  async bookmarks(brand: string, user: AuthUser, userId: string | null): Promise<DirectoryBookmarkObject[]> {
    if (userId && userId !== user.id) throw accessDenied();
    const rows = await this.db
      .getRepository(DirectoryBookmarkEntity)
      .find({ where: { brand, userId: user.id }, order: { createdAt: 'DESC' } });
    if (rows.length === 0) return [];
    const entries = await this.db
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
  async addBookmark(
    brand: string,
    user: AuthUser,
    directoryId: string,
    userId: string | null,
    brandArg: string | null,
  ): Promise<DirectoryBookmarkObject> {
    assertSameBrand(brandArg, brand);
    if (userId && userId !== user.id) throw accessDenied();
    const entry = isUuid(directoryId) ? await this.db.getRepository(DirectoryEntity).findOneBy({ brand, id: directoryId }) : null;
    if (!entry || !visibleTo(entry, user)) throw notFound('Directory');
    await this.db
      .createQueryBuilder()
      .insert()
      .into(DirectoryBookmarkEntity)
      .values({ id: randomUUID(), brand, directoryId, userId: user.id, createdAt: this.clock.now() })
      .orIgnore()
      .execute();
    const row = await this.db.getRepository(DirectoryBookmarkEntity).findOneByOrFail({ brand, directoryId, userId: user.id });
    return { ...bookmarkObject(row), directory: toDirectoryObject(entry, viewerOf(user)) };
  }

  async removeBookmark(brand: string, user: AuthUser, directoryId: string, userId: string | null): Promise<DirectoryBookmarkObject | null> {
    if (userId && userId !== user.id) throw accessDenied();
    if (!isUuid(directoryId)) return null;
    const row = await this.db.getRepository(DirectoryBookmarkEntity).findOneBy({ brand, directoryId, userId: user.id });
    if (!row) return null;
    await this.db.getRepository(DirectoryBookmarkEntity).delete({ id: row.id });
    return { ...bookmarkObject(row), directory: null };
  }

  /** POST /directories/claim/{key}: the signed-in user becomes the owner; the key works once. */
  async claim(brand: string, user: AuthUser, key: string): Promise<DirectoryObject> {
    return this.db.transaction(async (manager) => {
      const row = key
        ? await manager.getRepository(DirectoryEntity).findOne({ where: { brand, claimKey: key }, lock: { mode: 'pessimistic_write' } })
        : null;
      if (!row) throw new DomainError(CATALOGUE_ERROR_CODES.claimInvalidKey, DIRECTORY_MESSAGES.claimInvalidKey, 'not-found');
      const before = { ...row };
      row.userId = user.id;
      row.claimKey = null;
      row.updatedAt = this.clock.now();
      await manager.getRepository(DirectoryEntity).save(row);
      await this.payableItems.directoryChanged(manager, before, row, user.id);
      return toDirectoryObject(row, viewerOf(user));
    });
  }

  private async lockEntry(manager: EntityManager, brand: string, id: string): Promise<DirectoryEntity | null> {
    if (!isUuid(id)) return null;
    return manager.getRepository(DirectoryEntity).findOne({ where: { brand, id }, lock: { mode: 'pessimistic_write' } });
  }

  private async plan(brand: string, packageId: string | null | undefined): Promise<PricingPackageEntity | null> {
    if (!packageId) return null;
    const plan = isUuid(packageId)
      ? await this.db.getRepository(PricingPackageEntity).findOneBy({ brand, id: packageId, type: 'DIRECTORY' })
      : null;
    if (!plan || !plan.enabled)
      throw validationError([{ path: 'packageId', message: 'Unknown directory plan' }], CATALOGUE_ERROR_CODES.directoryPackage);
    return plan;
  }

  private async image(
    brand: string,
    user: AuthUser,
    id: string | null | undefined,
    issues: DirectoryIssue[],
  ): Promise<MediaFileData | null> {
    if (!id) return null;
    const file = isUuid(id) ? await this.db.getRepository(MediaFileEntity).findOneBy({ brand, id }) : null;
    if (!file || (file.userId !== user.id && !isDirectoryStaff(user))) {
      issues.push({ path: 'image', message: 'Unknown image: upload it first', code: CATALOGUE_ERROR_CODES.validation });
      return null;
    }
    return {
      id: file.id,
      url: file.url,
      name: file.name,
      mime: file.mime,
      alternativeText: file.alternativeText,
      caption: file.caption,
      formats: file.formats,
    };
  }
}

const NIL = '00000000-0000-0000-0000-000000000000';
const DOCUMENT = `to_tsvector('simple', d.name || ' ' || d.category || ' ' || d.address_city || ' ' || d.address_state || ' ' || array_to_string(d.keywords, ' '))`;

interface Viewer {
  id: string | null;
  staff: boolean;
}

export function isDirectoryStaff(user: AuthUser): boolean {
  return user.permissions.superAdmin || user.permissions.websiteEnabled;
}

function viewerOf(user: AuthUser | null): Viewer {
  return { id: user?.id ?? null, staff: !!user && isDirectoryStaff(user) };
}

function visibleTo(row: DirectoryEntity, user: AuthUser | null): boolean {
  return row.status === 'approved' || (!!user && (row.userId === user.id || isDirectoryStaff(user)));
}

function benefitsCheck(
  featured: boolean,
  values: { socialLinks?: DirectorySocialLinksData; videoURL?: string | null; image?: MediaFileData | null },
  issues: DirectoryIssue[],
): void {
  if (featured) return;
  const hasLinks = Object.values(values.socialLinks ?? {}).some(Boolean);
  if (hasLinks || values.videoURL || values.image)
    issues.push({
      path: hasLinks ? 'socialLinks' : values.videoURL ? 'videoURL' : 'image',
      message: 'Social links, a video and an image are for featured listings',
      code: CATALOGUE_ERROR_CODES.validation,
    });
}

function toError(issues: DirectoryIssue[]): DomainError {
  return validationError(
    issues.map(({ path, message }) => ({ path, message })),
    issues[0]!.code,
  );
}

function accessDenied(): DomainError {
  return new DomainError(CATALOGUE_ERROR_CODES.accessDenied, DIRECTORY_MESSAGES.accessDenied, 'forbidden');
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Number.isFinite(value) ? Math.trunc(value) : min, min), max);
}

function bookmarkObject(row: DirectoryBookmarkEntity): Omit<DirectoryBookmarkObject, 'directory'> {
  return { id: row.id, directoryId: row.directoryId, userId: row.userId, brand: row.brand };
}

/**
 * The API view. Featured-only content (social links, video, image) shows publicly only while the
 * subscription is active ("benefits only after payment"); the owner and staff always see it. The
 * claim key is for staff; the review reason for the owner and staff.
 */
export function toDirectoryObject(row: DirectoryEntity, viewer: Viewer): DirectoryObject {
  const privileged = viewer.staff || (viewer.id !== null && viewer.id === row.userId);
  const benefits = privileged || (row.featured && row.activeSubscription);
  const links = row.socialLinks ?? {};
  return {
    id: row.id,
    status: row.status,
    featured: row.featured,
    name: row.name,
    category: row.category,
    addressCountry: row.addressCountry,
    addressState: row.addressState,
    addressCity: row.addressCity,
    addressPostal: row.addressPostal,
    addressStreet1: row.addressStreet1,
    addressStreet2: row.addressStreet2,
    hoursOfOperation: row.hoursOfOperation
      ? {
          Su: row.hoursOfOperation.Su ?? null,
          Mo: row.hoursOfOperation.Mo ?? null,
          Tu: row.hoursOfOperation.Tu ?? null,
          We: row.hoursOfOperation.We ?? null,
          Th: row.hoursOfOperation.Th ?? null,
          Fr: row.hoursOfOperation.Fr ?? null,
          Sa: row.hoursOfOperation.Sa ?? null,
        }
      : null,
    website: row.website,
    phone: row.phone,
    email: row.email,
    keywords: row.keywords,
    socialLinks: benefits
      ? {
          facebook: links.facebook ?? null,
          instagram: links.instagram ?? null,
          youtube: links.youtube ?? null,
          linkedin: links.linkedin ?? null,
          twitter: links.twitter ?? null,
        }
      : null,
    videoURL: benefits ? row.videoURL : null,
    image: benefits && row.image ? { ...row.image, formats: row.image.formats ?? null } : null,
    activeSubscription: row.activeSubscription,
    // The plan's billing is the owner's (and staff's) business.
    subscriptionPeriodEnd: privileged ? (row.subscriptionPeriodEnd ?? null) : null,
    subscriptionCancelAtPeriodEnd: privileged && row.subscriptionCancelAtPeriodEnd,
    subscriptionPastDue: privileged && row.subscriptionPastDue,
    userId: row.userId,
    packageId: row.packageId,
    claimKey: viewer.staff ? row.claimKey : null,
    reviewReason: privileged ? row.reviewReason : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
