import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { buildOrderBy, buildWhere, invalid, isUuid, type WhereField } from '../queries/strapi-where';
import { CommentReadEntity, CommentReportReadEntity } from './entities';

/**
 * Filters of the comment queries (Strapi v3 `where`). Content is deliberately not filterable:
 * a `content_contains` probe would reveal the text of blocked and removed comments.
 */
const COMMENT_FIELDS: Record<string, WhereField> = {
  id: { column: 'c.id', kind: 'uuid' },
  threadOf: { column: 'c.thread_of', kind: 'uuid' },
  authorId: { column: 'c.author_id', kind: 'uuid' },
  authorUser: { column: 'c.author_id', kind: 'uuid' },
  authorType: { column: 'c.author_type', kind: 'text' },
  isBid: { column: 'c.is_bid', kind: 'bool' },
  removed: { column: 'c.removed', kind: 'bool' },
  blocked: { column: 'c.blocked', kind: 'bool' },
  blockedThread: { column: 'c.blocked_thread', kind: 'bool' },
  points: { column: 'c.points', kind: 'number' },
  created_at: { column: 'c.created_at', kind: 'date' },
};

const COMMENT_SORT: Record<string, string> = {
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  points: 'c.points',
  id: 'c.created_at',
};

/** Newest first (spec 001 section 9); the event's global position breaks ties. */
const NEWEST_FIRST = 'c.created_at DESC, c.seq DESC';

export const DEFAULT_COMMENT_PAGE = 50;
export const MAX_COMMENT_PAGE = 200;
/** A thread query returns at most this many top-level entries (and all their replies). */
export const MAX_THREAD_ROOTS = 1000;

/** A comment is visible where its lot is: the owner brand and brands that accepted the shared lot. */
const VISIBLE = '(l.brand = $1 OR $1 = ANY(l.hosts))';

export interface CommentPage {
  start?: number | null;
  limit?: number | null;
}

/** Splits Strapi's `_start`, `_limit`, `_sort` out of a `where` object. */
export function splitWhere(where: unknown): { filters: Record<string, unknown> | null; start?: unknown; limit?: unknown; sort?: unknown } {
  if (where === undefined || where === null) return { filters: null };
  if (typeof where !== 'object' || Array.isArray(where)) throw invalid('where must be an object');
  const { _start: start, _limit: limit, _sort: sort, ...filters } = where as Record<string, unknown>;
  return { filters, start, limit, sort };
}

@Injectable()
export class CommentQueriesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** findAll: entries of one lot (or every lot the brand sees), newest first, paged. */
  async page(options: {
    brand: string;
    lotId: string | null;
    where: unknown;
    sort?: string | null;
    page: CommentPage;
  }): Promise<{ rows: CommentReadEntity[]; total: number; start: number; limit: number }> {
    const { filters, ...meta } = splitWhere(options.where);
    const params: unknown[] = [options.brand];
    const clauses = [VISIBLE];
    if (options.lotId) {
      params.push(options.lotId);
      clauses.push(`c.lot_id = $${params.length}`);
    }
    const filter = buildWhere(filters, COMMENT_FIELDS, params.length);
    if (filter.sql) clauses.push(filter.sql);
    params.push(...filter.params);
    const sort = options.sort ?? (typeof meta.sort === 'string' ? meta.sort : null);
    const order = buildOrderBy(sort, COMMENT_SORT, NEWEST_FIRST);
    const { offset, limit } = pageOf(
      options.page.start ?? meta.start,
      options.page.limit ?? meta.limit,
      DEFAULT_COMMENT_PAGE,
      MAX_COMMENT_PAGE,
    );
    const whereSql = clauses.join(' AND ');
    const from = `FROM auction.comments c JOIN auction.lots l ON l.id = c.lot_id WHERE ${whereSql}`;
    const [rows, counted] = await Promise.all([
      this.db.query(`SELECT c.* ${from} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`, params),
      this.db.query(`SELECT count(*)::int AS total ${from}`, params),
    ]);
    return {
      rows: (rows as Record<string, unknown>[]).map(mapComment),
      total: Number((counted as Array<{ total: number }>)[0]?.total ?? 0),
      start: offset,
      limit,
    };
  }

  /**
   * findAllFlat / findAllInHierarchy: the lot's top-level entries (filtered by `where`, newest
   * first, at most MAX_THREAD_ROOTS unless paged with `_start`/`_limit`) and every reply below
   * them, as the plugin does (its `where` applies to the top level only).
   */
  async thread(options: { brand: string; lotId: string; where: unknown }): Promise<CommentReadEntity[]> {
    const { filters, ...meta } = splitWhere(options.where);
    const params: unknown[] = [options.brand, options.lotId];
    const filter = buildWhere(filters, COMMENT_FIELDS, params.length);
    params.push(...filter.params);
    const { offset, limit } = pageOf(meta.start, meta.limit, MAX_THREAD_ROOTS, MAX_THREAD_ROOTS);
    const rows = await this.db.query(
      `WITH RECURSIVE roots AS (
         SELECT c.* FROM auction.comments c JOIN auction.lots l ON l.id = c.lot_id
          WHERE c.lot_id = $2 AND ${VISIBLE} AND c.thread_of IS NULL ${filter.sql ? `AND ${filter.sql}` : ''}
          ORDER BY ${NEWEST_FIRST} OFFSET ${offset} LIMIT ${limit}
       ), tree AS (
         SELECT * FROM roots
         UNION
         SELECT c.* FROM auction.comments c JOIN tree t ON c.thread_of = t.id WHERE c.lot_id = $2
       )
       SELECT * FROM tree c ORDER BY ${NEWEST_FIRST}`,
      params,
    );
    return (rows as Record<string, unknown>[]).map(mapComment);
  }

  /** Whether the lot exists for the brand (owner or accepting host): a thread of no lot is an error, not an empty list. */
  async lotVisible(lotId: string, brand: string): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM auction.lots l WHERE l.id = $2 AND ${VISIBLE}`, [brand, lotId])) as unknown[];
    return rows.length > 0;
  }

  async byId(id: string, brand: string): Promise<CommentReadEntity | null> {
    if (!isUuid(id)) return null;
    const rows = await this.db.query(
      `SELECT c.* FROM auction.comments c JOIN auction.lots l ON l.id = c.lot_id WHERE c.id = $2 AND ${VISIBLE}`,
      [brand, id],
    );
    return rows[0] ? mapComment(rows[0] as Record<string, unknown>) : null;
  }

  /** Open reports of these comments, oldest first, by comment id. */
  async openReports(commentIds: string[]): Promise<Map<string, CommentReportReadEntity[]>> {
    const reports = new Map<string, CommentReportReadEntity[]>();
    if (commentIds.length === 0) return reports;
    const rows = (await this.db.query(
      `SELECT * FROM auction.comment_reports WHERE comment_id = ANY($1) AND NOT resolved ORDER BY created_at, id`,
      [commentIds],
    )) as Record<string, unknown>[];
    for (const report of rows.map(mapReport)) reports.set(report.commentId, [...(reports.get(report.commentId) ?? []), report]);
    return reports;
  }

  /** Comments with at least one open (unresolved) report on lots this brand sees: the moderation queue's size. */
  async reportedCommentCount(brand: string): Promise<number> {
    const rows = await this.db.query(
      `SELECT count(DISTINCT r.comment_id)::int AS count
         FROM auction.comment_reports r JOIN auction.lots l ON l.id = r.lot_id
        WHERE NOT r.resolved AND ${VISIBLE}`,
      [brand],
    );
    return Number((rows as Array<{ count: number }>)[0]?.count ?? 0);
  }

  async reportById(id: string): Promise<CommentReportReadEntity | null> {
    if (!isUuid(id)) return null;
    const rows = await this.db.query(`SELECT * FROM auction.comment_reports WHERE id = $1`, [id]);
    return rows[0] ? mapReport(rows[0] as Record<string, unknown>) : null;
  }
}

export function pageOf(start: unknown, limit: unknown, fallback: number, max: number): { offset: number; limit: number } {
  const offset = start === undefined || start === null ? 0 : start;
  const size = limit === undefined || limit === null ? fallback : limit;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) throw invalid('start must be a non-negative integer');
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalid('limit must be a non-negative integer');
  return { offset, limit: Math.min(size, max) };
}

export function mapComment(row: Record<string, unknown>): CommentReadEntity {
  const comment = new CommentReadEntity();
  comment.id = row.id as string;
  comment.lotId = row.lot_id as string;
  comment.brand = row.brand as string;
  comment.threadOf = (row.thread_of as string | null) ?? null;
  comment.content = row.content as string;
  comment.isBid = Boolean(row.is_bid);
  comment.bidAmountCents = row.bid_amount_cents === null ? null : String(row.bid_amount_cents);
  comment.authorId = row.author_id as string;
  comment.authorName = (row.author_name as string | null) ?? null;
  comment.authorType = row.author_type as string;
  comment.authorRemoved = Boolean(row.author_removed);
  comment.points = Number(row.points);
  comment.removed = Boolean(row.removed);
  comment.removedByStaff = Boolean(row.removed_by_staff);
  comment.blocked = Boolean(row.blocked);
  comment.blockedThread = Boolean(row.blocked_thread);
  comment.blockReason = (row.block_reason as string | null) ?? null;
  comment.seq = String(row.seq);
  comment.createdAt = row.created_at as Date;
  comment.updatedAt = row.updated_at as Date;
  return comment;
}

export function mapReport(row: Record<string, unknown>): CommentReportReadEntity {
  const report = new CommentReportReadEntity();
  report.id = row.id as string;
  report.commentId = row.comment_id as string;
  report.lotId = row.lot_id as string;
  report.brand = row.brand as string;
  report.reporterId = row.reporter_id as string;
  report.reason = row.reason as string;
  report.content = row.content as string;
  report.resolved = Boolean(row.resolved);
  report.resolution = (row.resolution as string | null) ?? null;
  report.resolutionNote = (row.resolution_note as string | null) ?? null;
  report.resolvedBy = (row.resolved_by as string | null) ?? null;
  report.resolvedAt = (row.resolved_at as Date | null) ?? null;
  report.createdAt = row.created_at as Date;
  return report;
}
