import { LISTING_FIELD_MESSAGES, RICH_TEXT_MAX_LENGTH, richTextPlain, sanitizeRichText } from '@trackside/contracts';
import type { ListingPropertyFieldData } from '../persistence';
import { testStaffPattern } from './staff-pattern';

/** Field types of spec 002 section 5; any other type is reported as 'Undefined Type'. */
export const LISTING_FIELD_TYPES = ['TEXT', 'SELECT', 'NUMBER', 'FLOAT', 'MAKE', 'PRICE', 'BOOLEAN', 'RICH_TEXT'] as const;

/** The field refusals, from the catalogue's messages in libs/contracts. */
export const FIELD_MESSAGES = LISTING_FIELD_MESSAGES;

export interface FieldIssue {
  path: string;
  message: string;
}

const NUMBER_TEXT = /^\d+(\.\d+)?$/;

/**
 * Checks a listing's dynamic property values against its category's fields, the same rules the
 * listing wizard applies (spec 002 section 5), and answers the values to store (numbers as
 * numbers, booleans as booleans, texts trimmed). Disabled fields are not the seller's to set.
 */
export function validateExtraDetails(
  fields: ListingPropertyFieldData[],
  input: Record<string, unknown>,
): { values: Record<string, unknown>; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const values: Record<string, unknown> = {};
  const active = fields.filter((field) => field.enabled !== false && field.disabled !== true);
  const known = new Set(active.map((field) => field.name));
  for (const name of Object.keys(input))
    if (!known.has(name)) issues.push({ path: `extraDetails.${name}`, message: FIELD_MESSAGES.unknownField(name) });
  for (const field of active) {
    const path = `extraDetails.${field.name}`;
    const raw = input[field.name];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (field.required) issues.push({ path, message: FIELD_MESSAGES.required });
      continue;
    }
    const result = checkValue(field, raw);
    if ('message' in result) issues.push({ path, message: result.message });
    else if (result.value !== undefined) values[field.name] = result.value;
  }
  return { values, issues };
}

function checkValue(field: ListingPropertyFieldData, raw: unknown): { value: unknown } | { message: string } {
  switch (field.type) {
    case 'RICH_TEXT': {
      // Stored sanitised (the allowlist the web app also applies on display), so no reader of the
      // API ever gets a script, an event handler or a javascript: link from a seller.
      if (typeof raw !== 'string' || raw.length > RICH_TEXT_MAX_LENGTH) return { message: FIELD_MESSAGES.format };
      const html = sanitizeRichText(raw.trim());
      if (richTextPlain(html) === '') return field.required ? { message: FIELD_MESSAGES.required } : { value: undefined };
      return { value: html };
    }
    case 'TEXT':
    case 'MAKE': {
      if (typeof raw !== 'string') return { message: FIELD_MESSAGES.format };
      const text = raw.trim();
      if (text.length > 2000) return { message: FIELD_MESSAGES.format };
      // RE2, never the backtracking RegExp: staff write these patterns (issue 18, L8).
      if (field.regex && testStaffPattern(field.regex, text) !== true) return { message: field.regexMessage || FIELD_MESSAGES.format };
      return { value: text };
    }
    case 'SELECT': {
      const option = (field.options ?? []).find((candidate) => candidate.id === raw || candidate.name === raw);
      return option ? { value: option.name } : { message: FIELD_MESSAGES.selectOption };
    }
    case 'BOOLEAN':
      if (typeof raw === 'boolean') return { value: raw };
      if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
      return { message: FIELD_MESSAGES.format };
    case 'NUMBER':
    case 'FLOAT':
    case 'PRICE': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/,/g, '') : '';
      if (!NUMBER_TEXT.test(text)) return { message: FIELD_MESSAGES.notANumber };
      const decimals = text.split('.')[1]?.length ?? 0;
      const precision = field.type === 'NUMBER' ? 0 : field.type === 'PRICE' ? 2 : (field.precision ?? null);
      if (precision !== null && decimals > precision) return { message: FIELD_MESSAGES.precision(precision) };
      const value = Number(text);
      const min = field.type === 'PRICE' ? Math.max(field.min ?? 0, 0) : field.min;
      const max = field.type === 'PRICE' ? Math.min(field.max ?? 1_000_000_000, 1_000_000_000) : field.max;
      if (min !== null && min !== undefined && value < min) return { message: FIELD_MESSAGES.min(min) };
      if (max !== null && max !== undefined && value > max) return { message: FIELD_MESSAGES.max(max) };
      return { value };
    }
    default:
      return { message: FIELD_MESSAGES.undefinedType };
  }
}
