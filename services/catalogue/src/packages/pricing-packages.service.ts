import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CATALOGUE_ERROR_CODES,
  decodePricingPackagePriced,
  PRICING_PACKAGE_EVENTS,
  pricingPackageStreamId,
  type PricingPackagePricedData,
  CATALOGUE_FIELD_MESSAGES,
} from '@trackside/contracts';
import { appendInTransaction, type SqlExecutor } from '@trackside/event-store';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { CLOCK, type Clock } from '@trackside/platform';
import { assertSameBrand, notFound, validationError, zodIssues } from '../common/catalogue-error';
import { fromCents, toCents } from '../common/money';
import { CatalogueEventStore } from '../infrastructure/event-store.provider';
import { PricingPackageEntity } from '../persistence';
import type { PricingPackageObject, PricingPackageWhereInput } from './pricing-package.object';

export const PACKAGE_TYPES = ['DIRECTORY', 'LISTING', 'AUCTION'] as const;
const FREE_SQL = '(p.is_free OR NOT (p.one_time_enabled OR p.monthly_enabled OR p.yearly_enabled OR p.per_listing_enabled))';

const price = z.number().transform((value, ctx) => {
  const cents = toCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: CATALOGUE_FIELD_MESSAGES.packagePrice });
    return z.NEVER;
  }
  return cents;
});
const option = z.object({ enabled: z.boolean(), price }).nullish();
const limit = z.number().int().min(0).max(10_000).nullish();
const categories = z.array(z.string().trim().min(1).max(100)).max(100).nullish();

const packageSchema = z.object({
  title: z.string().trim().min(1, CATALOGUE_FIELD_MESSAGES.required).max(200).nullish(),
  type: z.enum(PACKAGE_TYPES).nullish(),
  enabled: z.boolean().nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, CATALOGUE_FIELD_MESSAGES.currencyCode)
    .nullish(),
  featured: z.boolean().nullish(),
  isFree: z.boolean().nullish(),
  imageLimit: limit,
  videoLimit: limit,
  listingLimit: limit,
  listingLimitMax: limit,
  weighting: z.number().int().min(-10_000).max(10_000).nullish(),
  permittedCategories: categories,
  restrictedCategories: categories,
  sellingPoints: z
    .array(z.object({ text: z.string().trim().min(1).max(500), subtext: z.string().trim().max(1000).nullish() }))
    .max(50)
    .nullish(),
  oneTimePayment: option,
  monthlyPayment: option,
  yearlyPayment: option,
  pricePerListing: option,
  activePeriod: z.number().int().min(1).max(3650).nullish(),
  snappr: z.object({ enabled: z.boolean(), forceEnabled: z.boolean().nullish(), price }).nullish(),
});

type PackageData = z.infer<typeof packageSchema>;

/** Pricing packages (spec 002 section 3): directory plans and listing/auction packages of a brand. */
@Injectable()
export class PricingPackagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: CatalogueEventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Writes `PricingPackagePriced` (stream `pricing-package-<id>`) through `tx`, the transaction that
   * saves the package, when its prices differ from the last event: the payments layer charges from
   * these, and the price and its event commit together (docs/decisions.md "Integration events commit
   * with their state change"). The saved row is locked until that commit, so two saves of one package
   * compare and append in turn. At boot every package is compared again (rows written before this
   * rule, or by hand).
   */
  async publishPrice(row: PricingPackageEntity, actorId: string | null, tx: SqlExecutor): Promise<boolean> {
    const data = pricedData(row);
    const streamId = pricingPackageStreamId(row.id);
    const history = await this.events.store.readStream(streamId);
    const last = [...history].reverse().find((event) => event.type === PRICING_PACKAGE_EVENTS.priced);
    const previous = last ? decodePricingPackagePriced(last) : null;
    if (previous && samePrices(previous, data)) return false;
    const metadata = { brand: row.brand, actorId, occurredAt: this.clock.now().toISOString() };
    await appendInTransaction(this.events.store, tx, [
      { streamId, events: [{ type: PRICING_PACKAGE_EVENTS.priced, data, metadata }], expectedVersion: 'any' },
    ]);
    return true;
  }

  async publishAllPrices(): Promise<void> {
    for (const row of await this.db.getRepository(PricingPackageEntity).find())
      await this.db.transaction((manager) => this.publishPrice(row, null, manager));
  }

  async list(
    brand: string,
    where: PricingPackageWhereInput | null,
    options: { staff: boolean; start?: number | null; limit?: number | null; sort?: string | null },
  ): Promise<PricingPackageObject[]> {
    assertSameBrand(where?.brand, brand);
    const query = this.db.getRepository(PricingPackageEntity).createQueryBuilder('p').where('p.brand = :brand', { brand });
    const enabled = options.staff ? where?.enabled : true;
    if (enabled !== undefined && enabled !== null) query.andWhere('p.enabled = :enabled', { enabled });
    if (where?.id) query.andWhere('p.id = :id', { id: uuidOrNil(where.id) });
    if (where?.id_in) query.andWhere('p.id IN (:...ids)', { ids: where.id_in.length > 0 ? where.id_in.map(uuidOrNil) : [NIL] });
    if (where?.type) query.andWhere('p.type = :type', { type: where.type });
    if (where?.type_in) query.andWhere('p.type IN (:...types)', { types: where.type_in.length > 0 ? where.type_in : [''] });
    if (where?.featured !== undefined && where.featured !== null) query.andWhere('p.featured = :featured', { featured: where.featured });
    if (where?.isFree !== undefined && where.isFree !== null) query.andWhere(where.isFree ? FREE_SQL : `NOT ${FREE_SQL}`);
    const [field, direction] = (options.sort ?? 'weighting:asc').split(':');
    const column =
      { weighting: 'p.weighting', title: 'p.title', createdAt: 'p.created_at', created_at: 'p.created_at' }[field ?? ''] ?? 'p.weighting';
    query
      .orderBy(column, direction?.toLowerCase() === 'desc' ? 'DESC' : 'ASC')
      .addOrderBy('p.created_at', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .offset(Math.max(0, options.start ?? 0))
      .limit(Math.min(Math.max(options.limit ?? 100, 0), 500));
    return (await query.getMany()).map(toPackageObject);
  }

  async get(brand: string, id: string): Promise<PricingPackageObject | null> {
    const row = await this.find(brand, id);
    return row ? toPackageObject(row) : null;
  }

  /** The package row of this brand, or null (malformed ids are simply not found). */
  async find(brand: string, id: string): Promise<PricingPackageEntity | null> {
    if (!isUuid(id)) return null;
    return this.db.getRepository(PricingPackageEntity).findOneBy({ brand, id });
  }

  async create(brand: string, input: unknown, options: { id?: string; actorId?: string } = {}): Promise<PricingPackageObject> {
    const data = parse(input);
    const issues = [];
    if (!data.title) issues.push({ path: 'title', message: CATALOGUE_FIELD_MESSAGES.required });
    if (!data.type) issues.push({ path: 'type', message: CATALOGUE_FIELD_MESSAGES.required });
    if (issues.length > 0) throw validationError(issues, CATALOGUE_ERROR_CODES.packageInvalid);
    const now = this.clock.now();
    const row = this.db.getRepository(PricingPackageEntity).create({
      id: options.id ?? randomUUID(),
      brand,
      title: data.title!,
      type: data.type!,
      enabled: true,
      currency: 'USD',
      featured: false,
      isFree: false,
      imageLimit: 0,
      videoLimit: 0,
      listingLimit: 0,
      listingLimitMax: 0,
      weighting: 0,
      permittedCategories: [],
      restrictedCategories: [],
      sellingPoints: [],
      oneTimeEnabled: false,
      oneTimePriceCents: '0',
      monthlyEnabled: false,
      monthlyPriceCents: '0',
      yearlyEnabled: false,
      yearlyPriceCents: '0',
      perListingEnabled: false,
      perListingPriceCents: '0',
      activePeriod: null,
      snapprEnabled: false,
      snapprForceEnabled: false,
      snapprPriceCents: '0',
      createdAt: now,
      updatedAt: now,
    });
    apply(row, data);
    await this.db.transaction(async (manager) => {
      await manager.getRepository(PricingPackageEntity).insert(row);
      await this.publishPrice(row, options.actorId ?? null, manager);
    });
    return toPackageObject(row);
  }

  async update(brand: string, id: string, input: unknown, actorId: string | null = null): Promise<PricingPackageObject> {
    const data = parse(input);
    const row = await this.find(brand, id);
    if (!row) throw notFound(CATALOGUE_FIELD_MESSAGES.packageNotFound);
    apply(row, data);
    row.updatedAt = this.clock.now();
    await this.db.transaction(async (manager) => {
      await manager.getRepository(PricingPackageEntity).save(row);
      await this.publishPrice(row, actorId, manager);
    });
    return toPackageObject(row);
  }
}

function parse(input: unknown): PackageData {
  const parsed = packageSchema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(zodIssues(parsed.error), CATALOGUE_ERROR_CODES.packageInvalid);
  return parsed.data;
}

function apply(row: PricingPackageEntity, data: PackageData): void {
  const set = <K extends keyof PricingPackageEntity>(key: K, value: PricingPackageEntity[K] | null | undefined): void => {
    if (value !== undefined && value !== null) row[key] = value;
  };
  set('title', data.title);
  set('type', data.type);
  set('enabled', data.enabled);
  set('currency', data.currency);
  set('featured', data.featured);
  set('isFree', data.isFree);
  set('imageLimit', data.imageLimit);
  set('videoLimit', data.videoLimit);
  set('listingLimit', data.listingLimit);
  set('listingLimitMax', data.listingLimitMax);
  set('weighting', data.weighting);
  set('permittedCategories', data.permittedCategories);
  set('restrictedCategories', data.restrictedCategories);
  if (data.sellingPoints) row.sellingPoints = data.sellingPoints.map((point) => ({ text: point.text, subtext: point.subtext ?? null }));
  if (data.oneTimePayment) [row.oneTimeEnabled, row.oneTimePriceCents] = [data.oneTimePayment.enabled, String(data.oneTimePayment.price)];
  if (data.monthlyPayment) [row.monthlyEnabled, row.monthlyPriceCents] = [data.monthlyPayment.enabled, String(data.monthlyPayment.price)];
  if (data.yearlyPayment) [row.yearlyEnabled, row.yearlyPriceCents] = [data.yearlyPayment.enabled, String(data.yearlyPayment.price)];
  if (data.pricePerListing)
    [row.perListingEnabled, row.perListingPriceCents] = [data.pricePerListing.enabled, String(data.pricePerListing.price)];
  if (data.activePeriod !== undefined) row.activePeriod = data.activePeriod;
  if (data.snappr) {
    row.snapprEnabled = data.snappr.enabled;
    row.snapprForceEnabled = data.snappr.forceEnabled ?? false;
    row.snapprPriceCents = String(data.snappr.price);
  }
}

/** Whether the last announcement (as decoded: an older one reads with today's defaults) says what `next` says. */
function samePrices(previous: PricingPackagePricedData, next: PricingPackagePricedData): boolean {
  const before = new Map(Object.entries(previous));
  return Object.entries(next).every(([key, value]) => before.get(key) === value);
}

export function pricedData(row: PricingPackageEntity): PricingPackagePricedData {
  return {
    brand: row.brand,
    packageId: row.id,
    title: row.title,
    type: row.type,
    currency: row.currency,
    enabled: row.enabled,
    isFree: isFreePackage(row),
    oneTimePriceCents: row.oneTimeEnabled ? Number(row.oneTimePriceCents) : null,
    monthlyPriceCents: row.monthlyEnabled ? Number(row.monthlyPriceCents) : null,
    yearlyPriceCents: row.yearlyEnabled ? Number(row.yearlyPriceCents) : null,
    snapprPriceCents: row.snapprEnabled ? Number(row.snapprPriceCents) : null,
    snapprForceEnabled: row.snapprEnabled && row.snapprForceEnabled,
  };
}

/** Free when flagged, or when no payment option is enabled (spec 002 section 3). */
export function isFreePackage(row: PricingPackageEntity): boolean {
  return row.isFree || !(row.oneTimeEnabled || row.monthlyEnabled || row.yearlyEnabled || row.perListingEnabled);
}

/** Spec 002 section 9: one-time shows currency and price; monthly adds /month; yearly adds /year; otherwise Free. */
export function priceLabel(row: PricingPackageEntity): string {
  const amount = (cents: string): string => `${row.currency} ${formatCents(cents)}`;
  if (row.isFree) return 'Free';
  if (row.oneTimeEnabled) return amount(row.oneTimePriceCents);
  if (row.monthlyEnabled) return `${amount(row.monthlyPriceCents)}/month`;
  if (row.yearlyEnabled) return `${amount(row.yearlyPriceCents)}/year`;
  return 'Free';
}

function formatCents(cents: string): string {
  const value = BigInt(cents);
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}

export function toPackageObject(row: PricingPackageEntity): PricingPackageObject {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    brand: row.brand,
    enabled: row.enabled,
    currency: row.currency,
    featured: row.featured,
    isFree: isFreePackage(row),
    imageLimit: row.imageLimit,
    videoLimit: row.videoLimit,
    listingLimit: row.listingLimit,
    listingLimitMax: row.listingLimitMax,
    weighting: row.weighting,
    permittedCategories: row.permittedCategories,
    restrictedCategories: row.restrictedCategories,
    sellingPoints: row.sellingPoints.map((point) => ({ text: point.text, subtext: point.subtext ?? null })),
    oneTimePayment: { enabled: row.oneTimeEnabled, price: fromCents(row.oneTimePriceCents) },
    monthlyPayment: { enabled: row.monthlyEnabled, price: fromCents(row.monthlyPriceCents) },
    yearlyPayment: { enabled: row.yearlyEnabled, price: fromCents(row.yearlyPriceCents) },
    pricePerListing: { enabled: row.perListingEnabled, price: fromCents(row.perListingPriceCents) },
    activePeriod: row.activePeriod,
    snappr: { enabled: row.snapprEnabled, forceEnabled: row.snapprForceEnabled, price: fromCents(row.snapprPriceCents) },
    priceLabel: priceLabel(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const NIL = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function uuidOrNil(value: string): string {
  return isUuid(value) ? value : NIL;
}
