import { DomainError } from '@trackside/platform';

/**
 * A small, safe subset of Strapi v3 `where` filters: `field`, `field_in`, `field_nin`, `field_ne`,
 * `field_lt|lte|gt|gte`, `field_contains`. Only whitelisted fields become SQL (parameterised);
 * anything else is a validation error rather than silently ignored.
 */
export interface WhereField {
  column: string;
  kind: 'text' | 'uuid' | 'number' | 'date' | 'bool' | 'cents' | 'status';
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const OPERATORS = ['_in', '_nin', '_ne', '_lte', '_lt', '_gte', '_gt', '_contains'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function buildWhere(where: unknown, fields: Record<string, WhereField>, paramOffset: number): SqlFragment {
  if (where === undefined || where === null) return { sql: '', params: [] };
  if (typeof where !== 'object' || Array.isArray(where)) throw invalid('where must be an object');
  const clauses: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown): string => {
    params.push(value);
    return `$${paramOffset + params.length}`;
  };
  for (const [key, raw] of Object.entries(where as Record<string, unknown>)) {
    const operator = OPERATORS.find((op) => key.endsWith(op));
    const name = operator ? key.slice(0, -operator.length) : key;
    const field = fields[name];
    if (!field) throw invalid(`Unknown filter field: ${key}`);
    const col = field.column;
    switch (operator) {
      case '_in':
      case '_nin': {
        const values = (Array.isArray(raw) ? raw : [raw]).map((value) => convert(value, field, key));
        const placeholder = next(values);
        clauses.push(operator === '_in' ? `${col} = ANY(${placeholder})` : `NOT (${col} = ANY(${placeholder}))`);
        break;
      }
      case '_ne':
        clauses.push(`${col} IS DISTINCT FROM ${next(convert(raw, field, key))}`);
        break;
      case '_lt':
        clauses.push(`${col} < ${next(convert(raw, field, key))}`);
        break;
      case '_lte':
        clauses.push(`${col} <= ${next(convert(raw, field, key))}`);
        break;
      case '_gt':
        clauses.push(`${col} > ${next(convert(raw, field, key))}`);
        break;
      case '_gte':
        clauses.push(`${col} >= ${next(convert(raw, field, key))}`);
        break;
      case '_contains':
        if (typeof raw !== 'string') throw invalid(`${key} must be a string`);
        clauses.push(`${col}::text ILIKE ${next(`%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
        break;
      case undefined:
        if (raw === null) clauses.push(`${col} IS NULL`);
        else clauses.push(`${col} = ${next(convert(raw, field, key))}`);
        break;
    }
  }
  return { sql: clauses.join(' AND '), params };
}

function convert(value: unknown, field: WhereField, key: string): unknown {
  switch (field.kind) {
    case 'text':
      if (typeof value !== 'string' && typeof value !== 'number') throw invalid(`${key} must be a string`);
      return String(value);
    case 'status':
      if (typeof value !== 'string') throw invalid(`${key} must be a status`);
      return value.toUpperCase();
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) throw invalid(`${key} must be an id`);
      return value.toLowerCase();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${key} must be a number`);
      return value;
    case 'cents': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${key} must be an amount`);
      return String(Math.round(value * 100));
    }
    case 'date': {
      const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) throw invalid(`${key} must be a date`);
      return date.toISOString();
    }
    case 'bool':
      if (typeof value !== 'boolean') throw invalid(`${key} must be a boolean`);
      return value;
  }
}

/** Strapi sort strings: "field:asc", "field:desc", comma-separated. */
export function buildOrderBy(sort: string | null | undefined, columns: Record<string, string>, fallback: string): string {
  if (!sort) return fallback;
  const parts = sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    const [name, dirRaw] = part.split(':');
    const column = name ? columns[name] : undefined;
    if (!column) throw invalid(`Unknown sort field: ${name ?? ''}`);
    const dir = (dirRaw ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw invalid(`Sort direction must be asc or desc`);
    out.push(`${column} ${dir.toUpperCase()}${dir === 'asc' ? ' NULLS LAST' : ' NULLS LAST'}`);
  }
  return `${out.join(', ')}, ${fallback}`;
}

export function invalid(message: string): DomainError {
  return new DomainError('auction.validation', message);
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
