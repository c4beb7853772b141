import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import { CLOCK, type Clock, type AuthUser, DomainError } from '@trackside/platform';
import { In, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { z } from 'zod';
import { validationError, zodIssues } from '../common/catalogue-error';
import { fromCents, toCents } from '../common/money';
import { toEmbedVideoUrl } from '../directory/directory.rules';
import { PayableItemAnnouncer } from '../payable-items/payable-item-announcer';
import { isFreePackage, isUuid } from '../packages/pricing-packages.service';
import {
  ListingCategoryEntity,
  ListingEntity,
  ListingGroupEntity,
  MediaFileEntity,
  PricingPackageEntity,
  type ListingPaymentStatusValue,
  type ListingPropertyFieldData,
  type ListingStatusValue,
  type MediaFileData,
} from '../persistence';
import { ExchangeRatesService } from '../reference/exchange-rates.service';
import { validateExtraDetails } from './listing-fields';
import { listingStatusRefusal } from './listing-transitions';
import type { ListingGroupObject, ListingInput, ListingObject, ListingSearchResultObject, ListingWhereInput } from './listing.object';
import { compileStaffPattern, PATTERN_INVALID_MESSAGE } from './staff-pattern';

/** What the catalogue reads of identity's PaymentSucceeded for a LISTING item (libs/contracts PaymentSucceededData). */
export interface ListingPayment {
  paymentId: string;
  listingId: string;
  packageId: string | null;
  /** PAID, or FREE for a 100 % promotion. */
  status: string;
  /** The payer: only the listing's owner's payment counts (docs/decisions.md "Directory plan payments: owner and paid plan"). */
  userId: string | null;
  /** Set when staff paid for the owner (identity checked it): the owner's id (docs/decisions.md "Payable items"). */
  onBehalfOf?: string | null;
}

/**
 * A listing on a package with a payment option identity can charge (one-time, monthly, yearly)
 * waits UNPAID for its payment; free packages (and packages whose only option is a price per
 * listing, which no payment type charges) are FREE (docs/decisions.md "Paid listing packages").
 */
export function initialPaymentStatus(pkg: PricingPackageEntity): ListingPaymentStatusValue {
  if (isFreePackage(pkg)) return 'FREE';
  return pkg.oneTimeEnabled || pkg.monthlyEnabled || pkg.yearlyEnabled ? 'UNPAID' : 'FREE';
}

export const LISTING_PAGE_SIZE = 9;
export const SELLER_TYPES = ['PERSONAL', 'DEALER'] as const;
/** Listings that count against a package's listing limit. */
const COUNTED: ListingStatusValue[] = ['PENDING', 'APPROVED', 'SOLD'];
const SORTS: Record<string, [string, 'ASC' | 'DESC']> = {
  date_desc: ['l.published_at', 'DESC'],
  date_asc: ['l.published_at', 'ASC'],
  price_asc: ['l.price_cents', 'ASC'],
  price_desc: ['l.price_cents', 'DESC'],
};

interface Issue {
  path: string;
  message: string;
  code: string;
}

/** Paddock listings (spec 002): create under a package and its limits, edit, delete, review, search. */
@Injectable()
export class ListingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rates: ExchangeRatesService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly payableItems: PayableItemAnnouncer,
  ) {}

  async categories(brand: string): Promise<ListingCategoryEntity[]> {
    return this.db.getRepository(ListingCategoryEntity).find({ where: { brand }, order: { position: 'ASC', name: 'ASC' } });
  }

  /**
   * Staff create or replace a category with its types and property fields. Field types are not
   * restricted here: a type the clients do not know is served as is and reported as 'Undefined
   * Type' when a listing fills it in (spec 002 section 5).
   */
  async saveCategory(brand: string, input: unknown): Promise<ListingCategoryEntity> {
    const parsed = categorySchema.safeParse(input ?? {});
    if (!parsed.success) throw validationError(zodIssues(parsed.error), LISTING_ERROR_CODES.category);
    const data = parsed.data;
    const names = data.fields.map((field) => field.name);
    if (new Set(names).size !== names.length)
      throw validationError([{ path: 'fields', message: 'Field names must be unique' }], LISTING_ERROR_CODES.category);
    const repository = this.db.getRepository(ListingCategoryEntity);
    const existing = await repository.findOneBy({ brand, slug: data.slug });
    const row: ListingCategoryEntity = {
      id: existing?.id ?? randomUUID(),
      brand,
      name: data.name,
      slug: data.slug,
      position: data.position ?? existing?.position ?? 0,
      types: data.types,
      fields: data.fields.map((field, index): ListingPropertyFieldData => ({
        ...field,
        id: field.id ?? field.name,
        enabled: field.enabled ?? true,
        required: field.required ?? false,
        disabled: field.disabled ?? false,
        hidden: field.hidden ?? false,
        options: field.options ?? [],
        order: field.order ?? index + 1,
      })),
    };
    await repository.save(row);
    return row;
  }

  async create(brand: string, user: AuthUser, input: ListingInput): Promise<ListingObject> {
    const issues: Issue[] = [];
    const pkg =
      input.packageId && isUuid(input.packageId)
        ? await this.db.getRepository(PricingPackageEntity).findOneBy({ brand, id: input.packageId })
        : null;
    if (!pkg || pkg.type !== 'LISTING' || !pkg.enabled)
      throw validationError([{ path: 'packageId', message: 'Choose a listing package' }], LISTING_ERROR_CODES.package);
    const fields = await this.normalise(brand, user, input, null, pkg, issues);
    if (issues.length > 0) throw toError(issues);
    return this.db.transaction(async (manager) => {
      // Serialise one user's creations under one package so two requests cannot both take the last slot.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`listing-limit:${brand}:${user.id}:${pkg.id}`]);
      const used = await manager.getRepository(ListingEntity).countBy({ brand, userId: user.id, packageId: pkg.id, status: In(COUNTED) });
      if (used >= pkg.listingLimit)
        throw new DomainError(LISTING_ERROR_CODES.limitReached, LISTING_MESSAGES.limitReached, 'invalid', {
          listingLimit: pkg.listingLimit,
        });
      const now = this.clock.now();
      const id = randomUUID();
      const row = {
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
      await manager.getRepository(ListingEntity).save(row);
      // Committed with the row: identity checks the listing's payments against it.
      await this.payableItems.listingCreated(manager, row, user.id);
      return this.toObject(row);
    });
  }

  /** Owner only ('Access denied...'). A declined listing goes back to review after an edit; the owner may mark it SOLD or CANCELED. */
  async update(brand: string, user: AuthUser, id: string, input: ListingInput): Promise<ListingObject> {
    return this.db.transaction(async (manager) => {
      const row = await ownedRow(manager, ListingEntity, brand, user, id, 'Listing not found', true);
      const before = { ...row };
      if (input.packageId && input.packageId !== row.packageId)
        throw validationError([{ path: 'packageId', message: 'The package of a listing cannot change' }], LISTING_ERROR_CODES.package);
      const pkg = await manager.getRepository(PricingPackageEntity).findOneByOrFail({ brand, id: row.packageId });
      const issues: Issue[] = [];
      const { status, ...content } = input;
      const fields = await this.normalise(brand, user, content, row, pkg, issues);
      if (status !== undefined && status !== null) {
        const refusal = listingStatusRefusal('owner', row.status, status);
        if (refusal) issues.push({ path: 'status', message: refusal, code: LISTING_ERROR_CODES.status });
      }
      if (issues.length > 0) throw toError(issues);
      Object.assign(row, fields);
      if (status === 'SOLD' || status === 'CANCELED') row.status = status;
      else if (row.status === 'DECLINED') row.status = 'PENDING';
      row.updatedAt = this.clock.now();
      await manager.getRepository(ListingEntity).save(row);
      await this.payableItems.listingChanged(manager, before, row, user.id);
      return this.toObject(row);
    });
  }

  async delete(brand: string, user: AuthUser, id: string): Promise<ListingObject> {
    return this.db.transaction(async (manager) => {
      const row = await ownedRow(manager, ListingEntity, brand, user, id, 'Listing not found', true);
      await manager.getRepository(ListingEntity).delete({ brand, id });
      await this.payableItems.listingDeleted(manager, row, user.id);
      return this.toObject(row);
    });
  }

  /** Staff review: approval publishes the listing and starts its active period (the package's). */
  async review(brand: string, id: string, status: string, reason: string | null = null): Promise<ListingObject> {
    if (status !== 'APPROVED' && status !== 'DECLINED')
      throw validationError([{ path: 'status', message: `Unknown status '${status}'` }], LISTING_ERROR_CODES.status);
    const row = isUuid(id) ? await this.db.getRepository(ListingEntity).findOneBy({ brand, id }) : null;
    if (!row) throw new DomainError(LISTING_ERROR_CODES.notFound, 'Listing not found', 'not-found');
    const refusal = listingStatusRefusal('staff', row.status, status);
    if (refusal) throw validationError([{ path: 'status', message: refusal }], LISTING_ERROR_CODES.status);
    if (status === 'APPROVED' && row.paymentStatus === 'UNPAID')
      throw validationError([{ path: 'status', message: UNPAID_APPROVAL_MESSAGE }], LISTING_ERROR_CODES.status);
    const now = this.clock.now();
    row.status = status;
    row.reviewReason = status === 'DECLINED' ? reason?.trim().slice(0, 2000) || null : null;
    if (status === 'APPROVED') {
      const pkg = await this.db.getRepository(PricingPackageEntity).findOneBy({ brand, id: row.packageId });
      row.publishedAt = now;
      row.expiry = pkg?.activePeriod ? new Date(now.getTime() + pkg.activePeriod * 86_400_000) : null;
      row.firstReminderAt = null;
      row.secondReminderAt = null;
    }
    row.updatedAt = now;
    await this.db.getRepository(ListingEntity).save(row);
    return this.toObject(row);
  }

  /** Approved, unexpired listings; page size 9, first page 1; sort by date or price either way (POA last by price). */
  async search(
    brand: string,
    where: ListingWhereInput | null,
    sort: string | null,
    page: number,
    pageSize: number,
  ): Promise<ListingSearchResultObject> {
    const current = Math.min(Math.max(Math.trunc(page) || 1, 1), 10_000);
    const size = Math.min(Math.max(Math.trunc(pageSize) || LISTING_PAGE_SIZE, 1), 100);
    const query = this.db
      .getRepository(ListingEntity)
      .createQueryBuilder('l')
      .where('l.brand = :brand', { brand })
      .andWhere("l.status = 'APPROVED'")
      .andWhere("l.payment_status <> 'UNPAID'")
      .andWhere('(l.expiry IS NULL OR l.expiry > :now)', { now: this.clock.now() });
    if (where?.category) query.andWhere('l.category = :category', { category: where.category });
    if (where?.type) query.andWhere('l.type = :type', { type: where.type });
    if (where?.userId) query.andWhere('l.user_id = :user', { user: isUuid(where.userId) ? where.userId : NIL });
    if (where?.groupId) query.andWhere('l.group_id = :group', { group: isUuid(where.groupId) ? where.groupId : NIL });
    if (where?.sellerType) query.andWhere('l.seller_type = :sellerType', { sellerType: where.sellerType.toUpperCase() });
    if (where?.minPrice !== undefined && where.minPrice !== null)
      query.andWhere('l.price_cents >= :min', { min: String(moneyFilter(where.minPrice, 'minPrice')) });
    if (where?.maxPrice !== undefined && where.maxPrice !== null)
      query.andWhere('l.price_cents <= :max', { max: String(moneyFilter(where.maxPrice, 'maxPrice')) });
    const q = where?.q?.trim().slice(0, 200);
    if (q) {
      query.andWhere(
        `(to_tsvector('simple', l.title || ' ' || l.description || ' ' || l.extra_details::text) @@ plainto_tsquery('simple', :q) OR l.title ILIKE :like)`,
        { q, like: `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` },
      );
    }
    const [column, direction] = SORTS[(sort ?? 'date_desc').replace(':', '_').toLowerCase()] ?? SORTS.date_desc!;
    query
      .orderBy(column, direction, 'NULLS LAST')
      .addOrderBy('l.weighting', 'DESC')
      .addOrderBy('l.id', 'ASC')
      .offset((current - 1) * size)
      .limit(size);
    const [rows, nbHits] = await query.getManyAndCount();
    return { hits: rows.map((row) => this.toObject(row)), nbHits, page: current, nbPages: Math.ceil(nbHits / size), hitsPerPage: size };
  }

  async mine(brand: string, user: AuthUser, start: number, limit: number): Promise<ListingObject[]> {
    const rows = await this.db.getRepository(ListingEntity).find({
      where: { brand, userId: user.id },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: Math.max(0, start),
      take: Math.min(Math.max(limit, 0), 200),
    });
    return rows.map((row) => this.toObject(row));
  }

  async byDetails(brand: string, user: AuthUser | null, category: string, type: string, slug: string): Promise<ListingObject | null> {
    const row = await this.db.getRepository(ListingEntity).findOneBy({ brand, category, type, slug });
    return row && this.visible(row, user) ? this.toObject(row) : null;
  }

  async one(brand: string, user: AuthUser | null, id: string): Promise<ListingObject | null> {
    const row = isUuid(id) ? await this.db.getRepository(ListingEntity).findOneBy({ brand, id }) : null;
    return row && this.visible(row, user) ? this.toObject(row) : null;
  }

  async createGroup(
    brand: string,
    user: AuthUser,
    data: { name: string; description?: string | null; listings: string[] },
  ): Promise<ListingGroupObject> {
    const name = groupName(data.name);
    const ids = [...new Set(data.listings)];
    if (ids.length === 0 || ids.length > 100 || ids.some((id) => !isUuid(id)))
      throw validationError([{ path: 'listings', message: 'Choose from 1 to 100 of your listings' }], LISTING_ERROR_CODES.validation);
    return this.db.transaction(async (manager) => {
      const rows = await manager.getRepository(ListingEntity).findBy({ brand, id: In(ids) });
      if (rows.length !== ids.length || rows.some((row) => row.userId !== user.id)) throw accessDenied();
      const group: ListingGroupEntity = {
        id: randomUUID(),
        brand,
        userId: user.id,
        name,
        description: groupDescription(data.description),
        createdAt: this.clock.now(),
      };
      await manager.getRepository(ListingGroupEntity).insert(group);
      await manager.getRepository(ListingEntity).update({ brand, id: In(ids) }, { groupId: group.id });
      for (const row of rows) row.groupId = group.id;
      return this.toGroupObject(group, rows);
    });
  }

  /** The signed-in user's groups with their listings (every status: they are the owner's own), newest first. */
  async myGroups(brand: string, user: AuthUser): Promise<ListingGroupObject[]> {
    const groups = await this.db
      .getRepository(ListingGroupEntity)
      .find({ where: { brand, userId: user.id }, order: { createdAt: 'DESC', id: 'ASC' }, take: 200 });
    if (groups.length === 0) return [];
    const rows = await this.db.getRepository(ListingEntity).find({
      where: { brand, userId: user.id, groupId: In(groups.map((group) => group.id)) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return groups.map((group) =>
      this.toGroupObject(
        group,
        rows.filter((row) => row.groupId === group.id),
      ),
    );
  }

  /**
   * Owner only: renames a group and, when `listings` is given, makes it exactly those of the
   * owner's listings (added ones leave any other group they were in; removed ones leave this one).
   */
  async updateGroup(
    brand: string,
    user: AuthUser,
    id: string,
    data: { name?: string | null; description?: string | null; listings?: string[] | null },
  ): Promise<ListingGroupObject> {
    return this.db.transaction(async (manager) => {
      const group = await ownedRow(manager, ListingGroupEntity, brand, user, id, 'Listing group not found', true);
      if (data.name !== undefined && data.name !== null) group.name = groupName(data.name);
      if (data.description !== undefined) group.description = groupDescription(data.description);
      const listings = manager.getRepository(ListingEntity);
      if (data.listings !== undefined && data.listings !== null) {
        const ids = [...new Set(data.listings)];
        if (ids.length > 100 || ids.some((listingId) => !isUuid(listingId)))
          throw validationError([{ path: 'listings', message: 'Choose up to 100 of your listings' }], LISTING_ERROR_CODES.validation);
        const rows = ids.length > 0 ? await listings.findBy({ brand, id: In(ids) }) : [];
        if (rows.length !== ids.length || rows.some((row) => row.userId !== user.id)) throw accessDenied();
        await ungroup(manager, brand, group.id);
        if (ids.length > 0) await listings.update({ brand, id: In(ids) }, { groupId: group.id });
      }
      await manager.getRepository(ListingGroupEntity).save(group);
      const members = await listings.find({ where: { brand, groupId: group.id }, order: { createdAt: 'DESC', id: 'ASC' } });
      return this.toGroupObject(group, members);
    });
  }

  /** Owner only: the group goes, its listings stay (ungrouped). */
  async deleteGroup(brand: string, user: AuthUser, id: string): Promise<ListingGroupObject> {
    return this.db.transaction(async (manager) => {
      const group = await ownedRow(manager, ListingGroupEntity, brand, user, id, 'Listing group not found');
      await ungroup(manager, brand, group.id);
      await manager.getRepository(ListingGroupEntity).delete({ brand, id: group.id });
      return this.toGroupObject(group, []);
    });
  }

  private toGroupObject(group: ListingGroupEntity, rows: ListingEntity[]): ListingGroupObject {
    return {
      id: group.id,
      name: group.name,
      description: group.description,
      userId: group.userId,
      listings: rows.map((row) => this.toObject(row)),
    };
  }

  toObject(row: ListingEntity): ListingObject {
    const priceCents = row.priceCents === null ? null : Number(row.priceCents);
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      category: row.category,
      type: row.type,
      description: row.description,
      excerpt: row.excerpt,
      images: row.images.map((image) => ({ ...image, formats: image.formats ?? null })),
      videos: row.videos,
      userId: row.userId,
      price: priceCents === null ? null : fromCents(priceCents),
      currency: row.currency,
      status: this.effectiveStatus(row),
      paymentStatus: row.paymentStatus ?? 'FREE',
      // A DECLINED listing is visible only to its owner and staff (`visible`), so the reason goes no further.
      reviewReason: row.status === 'DECLINED' ? (row.reviewReason ?? null) : null,
      address: { country: row.addressCountry, state: row.addressState, city: row.addressCity },
      sellerType: row.sellerType,
      publishedAt: row.publishedAt,
      poa: row.poa,
      showBTCExchangeRate: row.showBTCExchangeRate,
      btcPrice: this.rates.btcEquivalent(row.poa ? null : priceCents, row.currency),
      extraDetails: row.extraDetails,
      weighting: row.weighting,
      expiry: row.expiry,
      packageId: row.packageId,
      groupId: row.groupId,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  /** An approved listing past its expiry is EXPIRED even before the sweep writes it. */
  private effectiveStatus(row: ListingEntity): string {
    return row.status === 'APPROVED' && row.expiry && row.expiry <= this.clock.now() ? 'EXPIRED' : row.status;
  }

  private visible(row: ListingEntity, user: AuthUser | null): boolean {
    if (user && (row.userId === user.id || user.permissions.superAdmin || user.permissions.websiteEnabled)) return true;
    return row.paymentStatus !== 'UNPAID' && ['APPROVED', 'SOLD'].includes(this.effectiveStatus(row));
  }

  /**
   * Identity announced a payment for a listing. Only a payment for the listing's own package
   * counts (identity prices the package given, so paying a cheaper package must not unlock this
   * one). Idempotent: an event read again at boot finds the listing already paid.
   */
  async markPaid(brand: string, payment: ListingPayment): Promise<'paid' | 'ignored'> {
    if (!isUuid(payment.listingId)) return 'ignored';
    const row = await this.db.getRepository(ListingEntity).findOneBy({ brand, id: payment.listingId });
    if (
      !row ||
      row.userId !== (payment.onBehalfOf ?? payment.userId) ||
      row.paymentStatus !== 'UNPAID' ||
      payment.packageId !== row.packageId
    )
      return 'ignored';
    if (payment.status !== 'PAID' && payment.status !== 'FREE') return 'ignored';
    const result = await this.db
      .getRepository(ListingEntity)
      .update(
        { brand, id: row.id, paymentStatus: 'UNPAID' },
        { paymentStatus: payment.status === 'FREE' ? 'FREE' : 'PAID', paymentId: payment.paymentId, updatedAt: this.clock.now() },
      );
    return (result.affected ?? 0) > 0 ? 'paid' : 'ignored';
  }

  /** Validates the fields the input sets (every required one on create) against the package and the category. */
  private async normalise(
    brand: string,
    user: AuthUser,
    input: ListingInput,
    existing: ListingEntity | null,
    pkg: PricingPackageEntity,
    issues: Issue[],
  ): Promise<Partial<ListingEntity>> {
    const creating = existing === null;
    const out: Partial<ListingEntity> = {};
    const text = (path: string, value: string | null | undefined, max: number, required: boolean): string | null | undefined => {
      if (value === undefined && !creating) return undefined;
      const trimmed = value?.trim() ?? '';
      if (!trimmed) {
        if (required) issues.push({ path, message: LISTING_MESSAGES.required, code: LISTING_ERROR_CODES.required });
        return required ? undefined : null;
      }
      if (trimmed.length > max) issues.push({ path, message: `At most ${max} characters`, code: LISTING_ERROR_CODES.validation });
      return trimmed;
    };
    const title = text('title', input.title, 200, true);
    if (title !== undefined) out.title = title!;
    const description = text('description', input.description, 50_000, true);
    if (description !== undefined) out.description = description!;
    const excerpt = text('excerpt', input.excerpt, 500, false);
    if (excerpt !== undefined) out.excerpt = excerpt ?? (out.description ? plainExcerpt(out.description) : null);
    else if (creating && out.description) out.excerpt = plainExcerpt(out.description);

    // Category and type (slugs); the package may permit or restrict categories.
    const categorySlug = text('category', input.category, 100, true);
    const typeSlug = text('type', input.type, 100, true);
    const categoryKey = categorySlug ?? existing?.category;
    const category = categoryKey ? await this.db.getRepository(ListingCategoryEntity).findOneBy({ brand, slug: categoryKey }) : null;
    if (categorySlug !== undefined || typeSlug !== undefined) {
      if (categoryKey && !category)
        issues.push({ path: 'category', message: `Unknown category '${categoryKey}'`, code: LISTING_ERROR_CODES.category });
      const typeKey = typeSlug ?? existing?.type;
      if (category && typeKey && !category.types.some((type) => type.slug === typeKey))
        issues.push({ path: 'type', message: `Unknown type '${typeKey}'`, code: LISTING_ERROR_CODES.category });
      if (category && pkg.permittedCategories.length > 0 && !pkg.permittedCategories.includes(category.slug))
        issues.push({ path: 'category', message: 'This package does not allow this category', code: LISTING_ERROR_CODES.package });
      if (category && pkg.restrictedCategories.includes(category.slug))
        issues.push({ path: 'category', message: 'This package does not allow this category', code: LISTING_ERROR_CODES.package });
      if (categorySlug) out.category = categorySlug;
      if (typeSlug) out.type = typeSlug;
    }

    // Price, or price on asking.
    const poa = input.poa ?? existing?.poa ?? false;
    if (input.poa !== undefined && input.poa !== null) out.poa = input.poa;
    if (input.price !== undefined || creating || input.poa !== undefined) {
      if (poa) out.priceCents = null;
      else if (input.price === undefined || input.price === null) {
        if (creating || existing?.priceCents === null)
          issues.push({ path: 'price', message: LISTING_MESSAGES.required, code: LISTING_ERROR_CODES.required });
      } else {
        const cents = toCents(input.price);
        if (cents === null)
          issues.push({
            path: 'price',
            message: 'Price must be from 0 to 1,000,000,000 with at most two decimals',
            code: LISTING_ERROR_CODES.validation,
          });
        else out.priceCents = String(cents);
      }
    }
    const currency = text('currency', input.currency, 5, true);
    if (currency !== undefined) {
      if (currency && !/^[A-Z]{3,5}$/.test(currency))
        issues.push({ path: 'currency', message: 'A currency code such as USD', code: LISTING_ERROR_CODES.validation });
      else if (currency) out.currency = currency;
    }
    if (input.address !== undefined || creating) {
      const country = text('address.country', input.address?.country, 100, true);
      if (country) out.addressCountry = country;
      out.addressState = input.address?.state?.trim() || null;
      out.addressCity = input.address?.city?.trim() || null;
    }
    const sellerType = text('sellerType', input.sellerType, 20, true);
    if (sellerType !== undefined && sellerType) {
      const upper = sellerType.toUpperCase();
      if (!(SELLER_TYPES as readonly string[]).includes(upper))
        issues.push({ path: 'sellerType', message: 'PERSONAL or DEALER', code: LISTING_ERROR_CODES.validation });
      else out.sellerType = upper;
    }
    if (input.showBTCExchangeRate !== undefined && input.showBTCExchangeRate !== null) out.showBTCExchangeRate = input.showBTCExchangeRate;
    else if (creating) out.showBTCExchangeRate = false;

    // Media under the package's limits.
    if (input.images !== undefined || creating) {
      const ids = input.images ?? [];
      if (ids.length === 0) issues.push({ path: 'images', message: LISTING_MESSAGES.imageRequired, code: LISTING_ERROR_CODES.images });
      else if (ids.length > pkg.imageLimit)
        issues.push({ path: 'images', message: LISTING_MESSAGES.tooManyImages(pkg.imageLimit), code: LISTING_ERROR_CODES.images });
      else {
        const files = ids.every(isUuid) ? await this.db.getRepository(MediaFileEntity).findBy({ brand, id: In(ids) }) : [];
        const byId = new Map(files.filter((file) => file.userId === user.id).map((file) => [file.id, file]));
        if (ids.some((id) => !byId.has(id)))
          issues.push({ path: 'images', message: 'Unknown image: upload it first', code: LISTING_ERROR_CODES.images });
        else out.images = ids.map((id) => mediaData(byId.get(id)!));
      }
    }
    if (input.videos !== undefined || creating) {
      const links = (input.videos ?? []).map((link) => link.trim()).filter(Boolean);
      if (links.length > pkg.videoLimit)
        issues.push({ path: 'videos', message: LISTING_MESSAGES.tooManyVideos(pkg.videoLimit), code: LISTING_ERROR_CODES.videos });
      else {
        const embeds = links.map(toEmbedVideoUrl);
        if (embeds.some((embed) => embed === null))
          issues.push({ path: 'videos', message: 'The video URL must be a YouTube or Vimeo link', code: LISTING_ERROR_CODES.videos });
        else out.videos = embeds as string[];
      }
    }

    // Dynamic property fields of the category.
    if (input.extraDetails !== undefined || creating || categorySlug !== undefined) {
      const values = input.extraDetails ?? (creating ? {} : (existing?.extraDetails ?? {}));
      if (typeof values !== 'object' || Array.isArray(values))
        issues.push({ path: 'extraDetails', message: 'An object of field values', code: LISTING_ERROR_CODES.fields });
      else if (category) {
        const checked = validateExtraDetails(category.fields, values);
        for (const issue of checked.issues) issues.push({ ...issue, code: LISTING_ERROR_CODES.fields });
        out.extraDetails = checked.values;
      }
    }
    return out;
  }
}

const NIL = '00000000-0000-0000-0000-000000000000';
export const UNPAID_APPROVAL_MESSAGE = 'An unpaid listing cannot be approved';

const slugText = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens')
  .max(100);
const optionalText = z.string().max(2000).nullish();
const categorySchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  slug: slugText,
  position: z.number().int().min(0).max(1000).nullish(),
  types: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(100), slug: slugText }))
    .min(1)
    .max(50),
  fields: z
    .array(
      z.strictObject({
        id: z.string().trim().min(1).max(100).nullish(),
        enabled: z.boolean().nullish(),
        name: z
          .string()
          .trim()
          .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'letters, digits and _'),
        label: z.string().trim().min(1).max(200),
        type: z.string().trim().min(1).max(40),
        regex: optionalText.refine((pattern) => !pattern || compileStaffPattern(pattern) !== null, PATTERN_INVALID_MESSAGE),
        regexMessage: optionalText,
        required: z.boolean().nullish(),
        min: z.number().nullish(),
        max: z.number().nullish(),
        precision: z.number().int().min(0).max(10).nullish(),
        tooltip: optionalText,
        defaultValue: optionalText,
        placeholder: optionalText,
        disabled: z.boolean().nullish(),
        hidden: z.boolean().nullish(),
        options: z
          .array(z.strictObject({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }))
          .max(500)
          .nullish(),
        size: z.number().int().min(1).max(24).nullish(),
        icon: optionalText,
        childName: optionalText,
        order: z.number().int().nullish(),
      }),
    )
    .max(100),
});

function moneyFilter(value: number, path: string): number {
  const cents = toCents(value);
  if (cents === null) throw validationError([{ path, message: 'An amount with at most two decimals' }], LISTING_ERROR_CODES.validation);
  return cents;
}

function mediaData(file: MediaFileEntity): MediaFileData {
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

function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'listing'
  );
}

function plainExcerpt(description: string): string {
  const plain = description
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}...` : plain;
}

function accessDenied(): DomainError {
  return new DomainError(LISTING_ERROR_CODES.accessDenied, LISTING_MESSAGES.accessDenied, 'forbidden');
}

/**
 * The brand's listing or group `id` for its owner: 404 with `notFound` when there is none (or the id
 * is not a UUID), 'Access denied...' for anyone else; `lock` takes the row for update.
 */
async function ownedRow<E extends ListingEntity | ListingGroupEntity>(
  manager: EntityManager,
  entity: new () => E,
  brand: string,
  user: AuthUser,
  id: string,
  notFound: string,
  lock = false,
): Promise<E> {
  const where = { brand, id } as FindOptionsWhere<E>;
  const row = isUuid(id)
    ? await manager.getRepository(entity).findOne(lock ? { where, lock: { mode: 'pessimistic_write' } } : { where })
    : null;
  if (!row) throw new DomainError(LISTING_ERROR_CODES.notFound, notFound, 'not-found');
  if (row.userId !== user.id) throw accessDenied();
  return row;
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

/** Every listing of the group leaves it. */
async function ungroup(manager: EntityManager, brand: string, groupId: string): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(ListingEntity)
    .set({ groupId: null })
    .where('brand = :brand AND group_id = :group', { brand, group: groupId })
    .execute();
}

function toError(issues: Issue[]): DomainError {
  return validationError(
    issues.map(({ path, message }) => ({ path, message })),
    issues[0]!.code,
  );
}
