import { richTextPlain } from '@trackside/contracts/catalogue/rich-text';

/** Dynamic listing property fields (spec 002 section 5): the messages each rule shows. */
export interface PropertyField {
  id: string;
  name: string;
  label: string;
  type: string;
  enabled: boolean;
  hidden: boolean;
  disabled: boolean;
  required: boolean;
  regex: string | null;
  regexMessage: string | null;
  min: number | null;
  max: number | null;
  precision: number | null;
  tooltip: string | null;
  defaultValue: string | null;
  placeholder: string | null;
  options: Array<{ id: string; name: string }>;
  order: number;
}

export const FIELD_MESSAGES = {
  required: 'This value is required',
  notNumber: 'Please enter a number',
  min: (min: number) => `The value must be greater than or equal to ${min}`,
  max: (max: number) => `The value must be less than or equal to ${max}`,
  precision: (n: number) => `Invalid number (up to ${n} decimal places)`,
  format: 'Invalid format',
  selectPlaceholder: 'Select an option',
  undefinedType: 'Undefined Type',
} as const;

const NUMERIC = new Set(['NUMBER', 'FLOAT', 'PRICE']);

/** The fields a form shows, in order. */
export function visibleFields(fields: PropertyField[]): PropertyField[] {
  return fields.filter((field) => field.enabled && !field.hidden).sort((a, b) => a.order - b.order);
}

/** NUMBER defaults to its minimum, else 0; other fields to their default value. */
export function defaultValueOf(field: PropertyField): unknown {
  if (field.type === 'NUMBER') return field.defaultValue ?? String(field.min ?? 0);
  if (field.type === 'BOOLEAN') return field.defaultValue === 'true';
  return field.defaultValue ?? '';
}

/** No value; for RICH_TEXT, markup without text (an emptied editor leaves `<p><br></p>`). */
export function isEmpty(field: Pick<PropertyField, 'type'>, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  return field.type === 'RICH_TEXT' ? richTextPlain(value) === '' : value.trim() === '';
}

/** The message for a value, or null when it passes. */
export function fieldError(field: PropertyField, value: unknown): string | null {
  if (isEmpty(field, value)) return field.required && field.type !== 'BOOLEAN' ? FIELD_MESSAGES.required : null;
  if (NUMERIC.has(field.type)) {
    const text = String(value).replace(field.type === 'PRICE' ? /[,$\s]/g : /\s/g, '');
    if (!/^-?\d+(\.\d+)?$/.test(text)) return FIELD_MESSAGES.notNumber;
    const number = Number(text);
    const decimals = text.split('.')[1]?.length ?? 0;
    const precision = field.type === 'PRICE' ? 2 : field.type === 'NUMBER' ? 0 : field.precision;
    if (precision !== null && decimals > precision) return FIELD_MESSAGES.precision(precision);
    const min = field.type === 'PRICE' ? Math.max(0, field.min ?? 0) : field.min;
    if (min !== null && number < min) return FIELD_MESSAGES.min(min);
    if (field.max !== null && number > field.max) return FIELD_MESSAGES.max(field.max);
    return null;
  }
  if (field.regex && typeof value === 'string') {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(field.regex);
    } catch {
      pattern = null;
    }
    if (pattern && !pattern.test(value)) return field.regexMessage ?? FIELD_MESSAGES.format;
  }
  return null;
}

/** Values as the API stores them: numbers as numbers, prices without separators. */
export function toExtraDetails(fields: PropertyField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of visibleFields(fields)) {
    const value = values[field.name];
    if (isEmpty(field, value) && field.type !== 'BOOLEAN') continue;
    out[field.name] = NUMERIC.has(field.type) ? Number(String(value).replace(/[,$\s]/g, '')) : value;
  }
  return out;
}

/** Stored values as the form edits them (numbers as text), for the edit wizard; missing fields get their defaults. */
export function fromExtraDetails(fields: PropertyField[], stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of visibleFields(fields)) {
    const value = stored[field.name];
    if (value === undefined || value === null) out[field.name] = defaultValueOf(field);
    else out[field.name] = typeof value === 'number' ? String(value) : value;
  }
  return out;
}
