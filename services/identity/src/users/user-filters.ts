import type { SelectQueryBuilder } from 'typeorm';
import { DomainError } from '@trackside/platform';
import type { UserEntity } from '../persistence';

/**
 * The Strapi v3 `where` subset the staff user lists accept: `field`, `field_in`, `field_ne`,
 * `field_contains`, `field_lt|lte|gt|gte` over a whitelist of columns. Anything else is a
 * validation error rather than silently ignored. Values are always bound parameters. `_q` (Strapi's
 * search key) matches display name, email, first or last name, for the back office's search box.
 */
type Kind = 'text' | 'email' | 'uuid' | 'bool' | 'date';

const FIELDS: Record<string, { column: string; kind: Kind }> = {
  id: { column: 'u.id', kind: 'uuid' },
  username: { column: 'u.username', kind: 'text' },
  email: { column: 'u.email', kind: 'email' },
  firstName: { column: 'u.firstName', kind: 'text' },
  lastName: { column: 'u.lastName', kind: 'text' },
  confirmed: { column: 'u.confirmed', kind: 'bool' },
  blocked: { column: 'u.blocked', kind: 'bool' },
  created_at: { column: 'u.createdAt', kind: 'date' },
  updated_at: { column: 'u.updatedAt', kind: 'date' },
};

const SORTABLE: Record<string, string> = {
  id: 'u.id',
  username: 'u.username',
  email: 'u.email',
  created_at: 'u.createdAt',
  updated_at: 'u.updatedAt',
};

const OPERATORS = ['_in', '_ne', '_contains', '_lte', '_lt', '_gte', '_gt'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function applyUserWhere(query: SelectQueryBuilder<UserEntity>, where: unknown): void {
  if (where === undefined || where === null) return;
  if (typeof where !== 'object' || Array.isArray(where)) throw invalid('where must be an object');
  let index = 0;
  for (const [key, raw] of Object.entries(where as Record<string, unknown>)) {
    if (key === '_q') {
      applySearch(query, raw);
      continue;
    }
    const operator = OPERATORS.find((op) => key.endsWith(op));
    const name = operator ? key.slice(0, -operator.length) : key;
    const field = FIELDS[name];
    if (!field) throw invalid(`Unknown filter field: ${key}`);
    const param = `w${(index += 1)}`;
    switch (operator) {
      case '_in': {
        const values = (Array.isArray(raw) ? raw : [raw]).map((value) => convert(value, field.kind, key));
        query.andWhere(`${field.column} IN (:...${param})`, { [param]: values.length > 0 ? values : [null] });
        break;
      }
      case '_ne':
        query.andWhere(`${field.column} IS DISTINCT FROM :${param}`, { [param]: convert(raw, field.kind, key) });
        break;
      case '_contains':
        if (typeof raw !== 'string') throw invalid(`${key} must be a string`);
        query.andWhere(`${field.column}::text ILIKE :${param}`, { [param]: `%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
        break;
      case '_lt':
      case '_lte':
      case '_gt':
      case '_gte': {
        const sql = { _lt: '<', _lte: '<=', _gt: '>', _gte: '>=' }[operator];
        query.andWhere(`${field.column} ${sql} :${param}`, { [param]: convert(raw, field.kind, key) });
        break;
      }
      case undefined:
        if (raw === null) query.andWhere(`${field.column} IS NULL`);
        else query.andWhere(`${field.column} = :${param}`, { [param]: convert(raw, field.kind, key) });
        break;
    }
  }
}

/** `_q`: any of the searchable text columns contains the words as typed (case-insensitive). */
function applySearch(query: SelectQueryBuilder<UserEntity>, raw: unknown): void {
  if (typeof raw !== 'string') throw invalid('_q must be a string');
  const text = raw.trim();
  if (text === '') return;
  if (text.length > 200) throw invalid('_q is at most 200 characters');
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  query.andWhere(`(u.username ILIKE :q OR u.email ILIKE :q OR concat_ws(' ', u.firstName, u.lastName) ILIKE :q)`, { q: pattern });
}

/** Strapi sort strings ("created_at:desc,username"); the id breaks ties so pages are stable. */
export function applyUserSort(query: SelectQueryBuilder<UserEntity>, sort: string | null | undefined): void {
  const parts = (sort ?? 'created_at:desc')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  let first = true;
  for (const part of parts) {
    const [name, dirRaw] = part.split(':');
    const column = name ? SORTABLE[name] : undefined;
    if (!column) throw invalid(`Unknown sort field: ${name ?? ''}`);
    const dir = (dirRaw ?? 'asc').toUpperCase();
    if (dir !== 'ASC' && dir !== 'DESC') throw invalid('Sort direction must be asc or desc');
    if (first) query.orderBy(column, dir);
    else query.addOrderBy(column, dir);
    first = false;
  }
  query.addOrderBy('u.id', 'ASC');
}

export function pageOf(start: number | null | undefined, limit: number | null | undefined): { skip: number; take: number } {
  const skip = start ?? 0;
  const take = limit ?? 100;
  if (!Number.isInteger(skip) || skip < 0) throw invalid('start must be a non-negative integer');
  if (!Number.isInteger(take) || take < 1 || take > 500) throw invalid('limit must be between 1 and 500');
  return { skip, take };
}

function convert(value: unknown, kind: Kind, key: string): unknown {
  switch (kind) {
    case 'text':
      if (typeof value !== 'string') throw invalid(`${key} must be a string`);
      return value;
    case 'email':
      // Stored lower-cased.
      if (typeof value !== 'string') throw invalid(`${key} must be a string`);
      return value.trim().toLowerCase();
    case 'uuid':
      if (typeof value !== 'string' || !UUID.test(value)) throw invalid(`${key} must be an id`);
      return value.toLowerCase();
    case 'bool':
      if (typeof value !== 'boolean') throw invalid(`${key} must be a boolean`);
      return value;
    case 'date': {
      const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) throw invalid(`${key} must be a date`);
      return date;
    }
  }
}

function invalid(message: string): DomainError {
  return new DomainError('user.validation', message);
}
