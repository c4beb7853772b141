import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../queries/strapi-where';
import { mapComment, mapReport, pageOf } from './comment-queries.service';
import type { CommentReadEntity, CommentReportReadEntity, LotReportReadEntity } from './entities';

export const DEFAULT_QUEUE_PAGE = 20;
export const MAX_QUEUE_PAGE = 100;

/** Reports are seen where their lot is: staff of the owner brand and of brands hosting it. */
const VISIBLE = '(l.brand = $1 OR $1 = ANY(l.hosts))';

export interface QueueLot {
  id: string;
  title: string | null;
  slug: string | null;
  status: string;
  brand: string;
}

export interface CommentQueueItem {
  comment: CommentReadEntity;
  lot: QueueLot;
  reports: CommentReportReadEntity[];
}

export interface LotQueueItem {
  lot: QueueLot;
  reports: LotReportReadEntity[];
}

export interface QueueRequest {
  brand: string;
  /** false (the default): open reports, the oldest first; true: resolved ones, the latest resolved first. */
  resolved: boolean;
  start: number | null;
  limit: number | null;
}

const lotOf = (row: Record<string, unknown>): QueueLot => ({
  id: row.lot_ref as string,
  title: (row.lot_title as string | null) ?? null,
  slug: (row.lot_slug as string | null) ?? null,
  status: row.lot_status as string,
  brand: row.lot_brand as string,
});

const LOT_COLUMNS = `l.id AS lot_ref, l.title AS lot_title, l.slug AS lot_slug, l.status AS lot_status, l.brand AS lot_brand`;

/**
 * The staff reports queue (docs/back-office.md "Reports"): one item per reported comment or lot,
 * with its reports. Open items come oldest report first, so nothing waits longest unseen.
 */
@Injectable()
export class ReportQueuesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async comments(request: QueueRequest): Promise<{ count: number; items: CommentQueueItem[] }> {
    const { offset, limit } = pageOf(request.start, request.limit, DEFAULT_QUEUE_PAGE, MAX_QUEUE_PAGE);
    const grouped = `SELECT r.comment_id, min(r.created_at) AS first_at, max(r.resolved_at) AS last_resolved
        FROM auction.comment_reports r JOIN auction.lots l ON l.id = r.lot_id
       WHERE r.resolved = $2 AND ${VISIBLE} GROUP BY r.comment_id`;
    const order = request.resolved ? 'i.last_resolved DESC NULLS LAST, c.id' : 'i.first_at, c.id';
    const params = [request.brand, request.resolved];
    const [rows, counted] = await Promise.all([
      this.db.query(
        `WITH items AS (${grouped})
         SELECT c.*, ${LOT_COLUMNS} FROM items i
           JOIN auction.comments c ON c.id = i.comment_id JOIN auction.lots l ON l.id = c.lot_id
          ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`,
        params,
      ) as Promise<Record<string, unknown>[]>,
      this.db.query(`SELECT count(*)::int AS count FROM (${grouped}) items`, params) as Promise<Array<{ count: number }>>,
    ]);
    const reports = await this.reportsOf(
      'comment_reports',
      'comment_id',
      rows.map((row) => row.id as string),
      request.resolved,
    );
    const items = rows.map((row) => ({
      comment: mapComment(row),
      lot: lotOf(row),
      reports: (reports.get(row.id as string) ?? []).map(mapReport),
    }));
    return { count: Number(counted[0]?.count ?? 0), items };
  }

  async lots(request: QueueRequest): Promise<{ count: number; items: LotQueueItem[] }> {
    const { offset, limit } = pageOf(request.start, request.limit, DEFAULT_QUEUE_PAGE, MAX_QUEUE_PAGE);
    const grouped = `SELECT r.lot_id, min(r.created_at) AS first_at, max(r.resolved_at) AS last_resolved
        FROM auction.lot_reports r JOIN auction.lots l ON l.id = r.lot_id
       WHERE r.resolved = $2 AND ${VISIBLE} GROUP BY r.lot_id`;
    const order = request.resolved ? 'i.last_resolved DESC NULLS LAST, l.id' : 'i.first_at, l.id';
    const params = [request.brand, request.resolved];
    const [rows, counted] = await Promise.all([
      this.db.query(
        `WITH items AS (${grouped})
         SELECT ${LOT_COLUMNS} FROM items i JOIN auction.lots l ON l.id = i.lot_id
          ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`,
        params,
      ) as Promise<Record<string, unknown>[]>,
      this.db.query(`SELECT count(*)::int AS count FROM (${grouped}) items`, params) as Promise<Array<{ count: number }>>,
    ]);
    const reports = await this.reportsOf(
      'lot_reports',
      'lot_id',
      rows.map((row) => row.lot_ref as string),
      request.resolved,
    );
    const items = rows.map((row) => ({ lot: lotOf(row), reports: (reports.get(row.lot_ref as string) ?? []).map(mapLotReport) }));
    return { count: Number(counted[0]?.count ?? 0), items };
  }

  /** Lots this brand sees with at least one open report: the auctions queue's size. */
  async reportedLotCount(brand: string): Promise<number> {
    const rows = (await this.db.query(
      `SELECT count(DISTINCT r.lot_id)::int AS count FROM auction.lot_reports r JOIN auction.lots l ON l.id = r.lot_id
        WHERE NOT r.resolved AND ${VISIBLE}`,
      [brand],
    )) as Array<{ count: number }>;
    return Number(rows[0]?.count ?? 0);
  }

  /** A lot report this brand may act on (its lot visible here), or null. */
  async lotReportById(id: string, brand: string): Promise<LotReportReadEntity | null> {
    if (!isUuid(id)) return null;
    const rows = (await this.db.query(
      `SELECT r.* FROM auction.lot_reports r JOIN auction.lots l ON l.id = r.lot_id WHERE r.id = $2 AND ${VISIBLE}`,
      [brand, id],
    )) as Record<string, unknown>[];
    return rows[0] ? mapLotReport(rows[0]) : null;
  }

  /** A comment report this brand may act on (its lot visible here), or null. */
  async commentReportById(id: string, brand: string): Promise<CommentReportReadEntity | null> {
    if (!isUuid(id)) return null;
    const rows = (await this.db.query(
      `SELECT r.* FROM auction.comment_reports r JOIN auction.lots l ON l.id = r.lot_id WHERE r.id = $2 AND ${VISIBLE}`,
      [brand, id],
    )) as Record<string, unknown>[];
    return rows[0] ? mapReport(rows[0]) : null;
  }

  private async reportsOf(
    table: 'comment_reports' | 'lot_reports',
    key: 'comment_id' | 'lot_id',
    ids: string[],
    resolved: boolean,
  ): Promise<Map<string, Record<string, unknown>[]>> {
    const byKey = new Map<string, Record<string, unknown>[]>();
    if (ids.length === 0) return byKey;
    const rows = (await this.db.query(
      `SELECT * FROM auction.${table} WHERE ${key} = ANY($1::uuid[]) AND resolved = $2 ORDER BY created_at, id`,
      [ids, resolved],
    )) as Record<string, unknown>[];
    for (const row of rows) byKey.set(row[key] as string, [...(byKey.get(row[key] as string) ?? []), row]);
    return byKey;
  }
}

function mapLotReport(row: Record<string, unknown>): LotReportReadEntity {
  return {
    id: row.id as string,
    lotId: row.lot_id as string,
    brand: row.brand as string,
    reporterId: row.reporter_id as string,
    reason: row.reason as string,
    content: row.content as string,
    resolved: Boolean(row.resolved),
    resolution: (row.resolution as string | null) ?? null,
    resolutionNote: (row.resolution_note as string | null) ?? null,
    resolvedBy: (row.resolved_by as string | null) ?? null,
    resolvedAt: (row.resolved_at as Date | null) ?? null,
    createdAt: row.created_at as Date,
  };
}
