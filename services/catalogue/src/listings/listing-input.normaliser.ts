import { LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import type { AuthUser, DomainError } from '@trackside/platform';
import { In, type DataSource } from 'typeorm';
import { validationError } from '../common/catalogue-error';
import { toCents } from '../common/money';
import { toEmbedVideoUrl } from '../directory/directory.rules';
import { isUuid } from '../packages/pricing-packages.service';
import { ListingCategoryEntity, MediaFileEntity, type ListingEntity, type MediaFileData, type PricingPackageEntity } from '../persistence';
import { validateExtraDetails } from './listing-fields';
import type { ListingInput } from './listing.object';

export const SELLER_TYPES = ['PERSONAL', 'DEALER'] as const;

export interface ListingIssue {
  path: string;
  message: string;
  code: string;
}

/** One normalisation: the input, the row it edits (null on create), the package, and what it collects. */
interface Scope {
  input: ListingInput;
  existing: ListingEntity | null;
  creating: boolean;
  /** Null when the create names no usable package: its refusal is already an issue, the other fields are still checked. */
  pkg: PricingPackageEntity | null;
  issues: ListingIssue[];
  out: Partial<ListingEntity>;
}

/**
 * Validates the fields the input sets (every required one on create) against the package and the
 * category; every refusal goes into `issues`, in the order of the form, so all are reported at once.
 */
export async function normaliseListingInput(
  db: DataSource,
  brand: string,
  user: AuthUser,
  input: ListingInput,
  existing: ListingEntity | null,
  pkg: PricingPackageEntity | null,
  issues: ListingIssue[],
): Promise<Partial<ListingEntity>> {
  const scope: Scope = { input, existing, creating: existing === null, pkg, issues, out: {} };
  textFields(scope);
  const { category, categorySlug } = await categoryFields(db, brand, scope);
  priceFields(scope);
  placeFields(scope);
  await imageFields(db, brand, user, scope);
  videoFields(scope);
  extraDetailFields(scope, category, categorySlug);
  return scope.out;
}

/** A trimmed text: undefined when an edit leaves it alone (or a required one is missing), null when emptied. */
function text(scope: Scope, path: string, value: string | null | undefined, max: number, required: boolean): string | null | undefined {
  if (value === undefined && !scope.creating) return undefined;
  const trimmed = value?.trim() ?? '';
  if (!trimmed) {
    if (required) scope.issues.push({ path, message: LISTING_MESSAGES.required, code: LISTING_ERROR_CODES.required });
    return required ? undefined : null;
  }
  if (trimmed.length > max) scope.issues.push({ path, message: LISTING_MESSAGES.tooLong(max), code: LISTING_ERROR_CODES.validation });
  return trimmed;
}

function textFields(scope: Scope): void {
  const { input, out } = scope;
  const title = text(scope, 'title', input.title, 200, true);
  if (title !== undefined) out.title = title!;
  const description = text(scope, 'description', input.description, 50_000, true);
  if (description !== undefined) out.description = description!;
  const excerpt = text(scope, 'excerpt', input.excerpt, 500, false);
  if (excerpt !== undefined) out.excerpt = excerpt ?? (out.description ? plainExcerpt(out.description) : null);
  else if (scope.creating && out.description) out.excerpt = plainExcerpt(out.description);
}

/** Category and type (slugs); the package may permit or restrict categories. */
async function categoryFields(
  db: DataSource,
  brand: string,
  scope: Scope,
): Promise<{ category: ListingCategoryEntity | null; categorySlug: string | null | undefined }> {
  const { input, existing, pkg, issues, out } = scope;
  const categorySlug = text(scope, 'category', input.category, 100, true);
  const typeSlug = text(scope, 'type', input.type, 100, true);
  const categoryKey = categorySlug ?? existing?.category;
  const category = categoryKey ? await db.getRepository(ListingCategoryEntity).findOneBy({ brand, slug: categoryKey }) : null;
  if (categorySlug !== undefined || typeSlug !== undefined) {
    if (categoryKey && !category)
      issues.push({ path: 'category', message: LISTING_MESSAGES.unknownCategory(categoryKey), code: LISTING_ERROR_CODES.category });
    const typeKey = typeSlug ?? existing?.type;
    if (category && typeKey && !category.types.some((type) => type.slug === typeKey))
      issues.push({ path: 'type', message: LISTING_MESSAGES.unknownType(typeKey), code: LISTING_ERROR_CODES.category });
    if (category && pkg && pkg.permittedCategories.length > 0 && !pkg.permittedCategories.includes(category.slug))
      issues.push({ path: 'category', message: LISTING_MESSAGES.categoryNotAllowed, code: LISTING_ERROR_CODES.package });
    if (category && pkg?.restrictedCategories.includes(category.slug))
      issues.push({ path: 'category', message: LISTING_MESSAGES.categoryNotAllowed, code: LISTING_ERROR_CODES.package });
    if (categorySlug) out.category = categorySlug;
    if (typeSlug) out.type = typeSlug;
  }
  return { category, categorySlug };
}

/** Price, or price on asking. */
function priceFields(scope: Scope): void {
  const { input, existing, creating, issues, out } = scope;
  const poa = input.poa ?? existing?.poa ?? false;
  if (input.poa !== undefined && input.poa !== null) out.poa = input.poa;
  if (input.price === undefined && !creating && input.poa === undefined) return;
  if (poa) out.priceCents = null;
  else if (input.price === undefined || input.price === null) {
    if (creating || existing?.priceCents === null)
      issues.push({ path: 'price', message: LISTING_MESSAGES.required, code: LISTING_ERROR_CODES.required });
  } else {
    const cents = toCents(input.price);
    if (cents === null)
      issues.push({
        path: 'price',
        message: LISTING_MESSAGES.price,
        code: LISTING_ERROR_CODES.validation,
      });
    else out.priceCents = String(cents);
  }
}

/** Currency, address, seller type and the BTC display flag. */
function placeFields(scope: Scope): void {
  const { input, creating, issues, out } = scope;
  const currency = text(scope, 'currency', input.currency, 5, true);
  if (currency !== undefined) {
    if (currency && !/^[A-Z]{3,5}$/.test(currency))
      issues.push({ path: 'currency', message: LISTING_MESSAGES.currency, code: LISTING_ERROR_CODES.validation });
    else if (currency) out.currency = currency;
  }
  if (input.address !== undefined || creating) {
    const country = text(scope, 'address.country', input.address?.country, 100, true);
    if (country) out.addressCountry = country;
    out.addressState = input.address?.state?.trim() || null;
    out.addressCity = input.address?.city?.trim() || null;
  }
  const sellerType = text(scope, 'sellerType', input.sellerType, 20, true);
  if (sellerType !== undefined && sellerType) {
    const upper = sellerType.toUpperCase();
    if (!(SELLER_TYPES as readonly string[]).includes(upper))
      issues.push({ path: 'sellerType', message: LISTING_MESSAGES.sellerType, code: LISTING_ERROR_CODES.validation });
    else out.sellerType = upper;
  }
  if (input.showBTCExchangeRate !== undefined && input.showBTCExchangeRate !== null) out.showBTCExchangeRate = input.showBTCExchangeRate;
  else if (creating) out.showBTCExchangeRate = false;
}

/** Images under the package's limit, each an upload of the user's own. */
async function imageFields(db: DataSource, brand: string, user: AuthUser, scope: Scope): Promise<void> {
  const { input, creating, pkg, issues, out } = scope;
  if (input.images === undefined && !creating) return;
  const ids = input.images ?? [];
  if (ids.length === 0) issues.push({ path: 'images', message: LISTING_MESSAGES.imageRequired, code: LISTING_ERROR_CODES.images });
  else if (pkg && ids.length > pkg.imageLimit)
    issues.push({ path: 'images', message: LISTING_MESSAGES.tooManyImages(pkg.imageLimit), code: LISTING_ERROR_CODES.images });
  else {
    const files = ids.every(isUuid) ? await db.getRepository(MediaFileEntity).findBy({ brand, id: In(ids) }) : [];
    const byId = new Map(files.filter((file) => file.userId === user.id).map((file) => [file.id, file]));
    if (ids.some((id) => !byId.has(id)))
      issues.push({ path: 'images', message: LISTING_MESSAGES.unknownImage, code: LISTING_ERROR_CODES.images });
    else out.images = ids.map((id) => mediaData(byId.get(id)!));
  }
}

/** Video links under the package's limit, stored as embed URLs. */
function videoFields(scope: Scope): void {
  const { input, creating, pkg, issues, out } = scope;
  if (input.videos === undefined && !creating) return;
  const links = (input.videos ?? []).map((link) => link.trim()).filter(Boolean);
  if (pkg && links.length > pkg.videoLimit)
    issues.push({ path: 'videos', message: LISTING_MESSAGES.tooManyVideos(pkg.videoLimit), code: LISTING_ERROR_CODES.videos });
  else {
    const embeds = links.map(toEmbedVideoUrl);
    if (embeds.some((embed) => embed === null))
      issues.push({ path: 'videos', message: LISTING_MESSAGES.videoUrl, code: LISTING_ERROR_CODES.videos });
    else out.videos = embeds as string[];
  }
}

/** Dynamic property fields of the category. */
function extraDetailFields(scope: Scope, category: ListingCategoryEntity | null, categorySlug: string | null | undefined): void {
  const { input, existing, creating, issues, out } = scope;
  if (input.extraDetails === undefined && !creating && categorySlug === undefined) return;
  const values = input.extraDetails ?? (creating ? {} : (existing?.extraDetails ?? {}));
  if (typeof values !== 'object' || Array.isArray(values))
    issues.push({ path: 'extraDetails', message: LISTING_MESSAGES.extraDetails, code: LISTING_ERROR_CODES.fields });
  else if (category) {
    const checked = validateExtraDetails(category.fields, values);
    for (const issue of checked.issues) issues.push({ ...issue, code: LISTING_ERROR_CODES.fields });
    out.extraDetails = checked.values;
  }
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

/** All the issues at once; the first one's code and message are the error's. */
export function listingIssuesError(issues: ListingIssue[]): DomainError {
  return validationError(
    issues.map(({ path, message }) => ({ path, message })),
    issues[0]!.code,
  );
}

export function slugify(title: string): string {
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
