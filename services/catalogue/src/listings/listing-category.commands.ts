import { randomUUID } from 'node:crypto';
import { CATALOGUE_FIELD_MESSAGES, LISTING_ERROR_CODES, LISTING_MESSAGES } from '@trackside/contracts';
import { z } from 'zod';
import { validationError, zodIssues } from '../common/catalogue-error';
import { ListingCategoryEntity, type ListingPropertyFieldData } from '../persistence';
import type { ListingContext } from './listing.context';
import { compileStaffPattern, PATTERN_INVALID_MESSAGE } from './staff-pattern';

/**
 * Staff create or replace a category with its types and property fields. Field types are not
 * restricted here: a type the clients do not know is served as is and reported as 'Undefined
 * Type' when a listing fills it in (spec 002 section 5).
 */
export async function saveListingCategory(context: ListingContext, brand: string, input: unknown): Promise<ListingCategoryEntity> {
  const parsed = categorySchema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(zodIssues(parsed.error), LISTING_ERROR_CODES.category);
  const data = parsed.data;
  const names = data.fields.map((field) => field.name);
  if (new Set(names).size !== names.length)
    throw validationError([{ path: 'fields', message: LISTING_MESSAGES.fieldNamesUnique }], LISTING_ERROR_CODES.category);
  const repository = context.db.getRepository(ListingCategoryEntity);
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

const slugText = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATALOGUE_FIELD_MESSAGES.slug)
  .max(100);
const optionalText = z.string().max(2000).nullish();
const fieldSchema = z.strictObject({
  id: z.string().trim().min(1).max(100).nullish(),
  enabled: z.boolean().nullish(),
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, LISTING_MESSAGES.fieldName),
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
});
const categorySchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  slug: slugText,
  position: z.number().int().min(0).max(1000).nullish(),
  types: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(100), slug: slugText }))
    .min(1)
    .max(50),
  fields: z.array(fieldSchema).max(100),
});
