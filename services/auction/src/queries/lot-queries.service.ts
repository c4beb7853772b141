import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BidReadEntity, LotReadEntity } from '../projections/entities';
import { buildOrderBy, buildWhere, invalid, isUuid, type WhereField } from './strapi-where';

const LOT_FIELDS: Record<string, WhereField> = {
  id: { column: 'l.id', kind: 'uuid' },
  status: { column: 'l.status', kind: 'status' },
  slug: { column: 'l.slug', kind: 'text' },
  title: { column: 'l.title', kind: 'text' },
  sellerType: { column: 'l.seller_type', kind: 'text' },
  currency: { column: 'l.currency', kind: 'text' },
  make: { column: 'l.make', kind: 'text' },
  year: { column: 'l.year', kind: 'text' },
  country: { column: 'l.country', kind: 'text' },
  user: { column: 'l.seller_id', kind: 'uuid' },
  shared: { column: 'l.shared', kind: 'bool' },
  finalEndDate: { column: 'l.final_end', kind: 'date' },
  scheduledStartDate: { column: 'l.scheduled_start', kind: 'date' },
  reserve: { column: 'l.reserve_cents', kind: 'cents' },
  topBidAmount: { column: 'l.top_bid_cents', kind: 'cents' },
};

const LOT_SORT: Record<string, string> = {
  endDate: 'l.final_end',
  finalEndDate: 'l.final_end',
  startDate: 'l.scheduled_start',
  scheduledStartDate: 'l.scheduled_start',
  bid: 'COALESCE(l.top_bid_cents, l.start_price_cents)',
  id: 'l.created_at',
  created_at: 'l.created_at',
  title: 'l.title',
};

const BID_FIELDS: Record<string, WhereField> = {
  id: { column: 'b.id', kind: 'uuid' },
  auction: { column: 'b.lot_id', kind: 'uuid' },
  bidder: { column: 'b.bidder_id', kind: 'uuid' },
  amount: { column: 'b.amount_cents', kind: 'cents' },
  isFirstBid: { column: 'b.is_first_bid', kind: 'bool' },
  created_at: { column: 'b.created_at', kind: 'date' },
};

const BID_SORT: Record<string, string> = { amount: 'b.amount_cents', created_at: 'b.created_at', id: 'b.created_at' };

export const PUBLIC_EXCLUDED_STATUSES = ['PENDING', 'APPROVED', 'CANCELED'];

/** Lots other brands share that this brand ($1) has not answered yet (auctionsByNetwork). */
const NETWORK_OFFER = `l.shared AND l.brand <> $1 AND NOT ($1 = ANY(l.hosts)) AND NOT ($1 = ANY(l.hosts_declined)) AND l.status NOT IN ('SOLD','RESERVE_NOT_MET','CANCELED')`;

export interface StaffLotCounts {
  submitted: number;
  approved: number;
  scheduledToday: number;
  live: number;
  endedAwaitingSettlement: number;
  networkOffers: number;
}
export const MAX_PAGE = 100;

export interface Page {
  start?: number | null;
  limit?: number | null;
}

export interface LotPage {
  lots: LotReadEntity[];
  count: number;
}

/** Read side of the auction service: every query is scoped to the request's brand. */
@Injectable()
export class LotQueriesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A lot the brand owns or hosts from the network. */
  async findVisible(id: string, brand: string): Promise<LotReadEntity | null> {
    const rows = await this.db.query(`SELECT l.* FROM auction.lots l WHERE l.id = $1 AND (l.brand = $2 OR $2 = ANY(l.hosts))`, [id, brand]);
    return rows[0] ? mapLot(rows[0]) : null;
  }

  /** Unscoped: only for callers that apply their own visibility rule. */
  async findById(id: string): Promise<LotReadEntity | null> {
    const rows = await this.db.query(`SELECT l.* FROM auction.lots l WHERE l.id = $1`, [id]);
    return rows[0] ? mapLot(rows[0]) : null;
  }

  /** `withPending` reads PENDING lots too: the caller shows them to their seller and staff only. */
  async findBySlug(slug: string, brand: string, where: unknown, options: { withPending?: boolean } = {}): Promise<LotReadEntity | null> {
    const filter = buildWhere(where, LOT_FIELDS, 2);
    const rows = await this.db.query(
      `SELECT l.* FROM auction.lots l
        WHERE l.slug = $1 AND (l.brand = $2 OR $2 = ANY(l.hosts)) ${options.withPending ? '' : "AND l.status <> 'PENDING'"}
        ${filter.sql ? `AND ${filter.sql}` : ''}`,
      [slug, brand, ...filter.params],
    );
    return rows[0] ? mapLot(rows[0]) : null;
  }

  async list(options: {
    brand: string;
    statuses?: string[] | null;
    excludeStatuses?: string[];
    where?: unknown;
    sort?: string | null;
    page: Page;
    scope: 'brand' | 'brand-and-hosted' | 'network-offers' | 'accepted-from-network';
    sellerId?: string;
    bidderId?: string;
    /** Lots on this user's watchlist (issue 21's watchlist page). */
    watcherId?: string;
    /** Staff search: title contains it (case-insensitive), or it is the lot's exact id. */
    search?: string | null;
    defaultSort?: string;
  }): Promise<LotPage> {
    const params: unknown[] = [options.brand];
    const clauses: string[] = [];
    switch (options.scope) {
      case 'brand':
        clauses.push('l.brand = $1');
        break;
      case 'brand-and-hosted':
        clauses.push('(l.brand = $1 OR $1 = ANY(l.hosts))');
        break;
      case 'network-offers':
        clauses.push(NETWORK_OFFER);
        break;
      case 'accepted-from-network':
        clauses.push('l.brand <> $1 AND $1 = ANY(l.hosts)');
        break;
    }
    if (options.statuses && options.statuses.length > 0) {
      params.push(options.statuses);
      clauses.push(`l.status = ANY($${params.length})`);
    }
    if (options.excludeStatuses && options.excludeStatuses.length > 0) {
      params.push(options.excludeStatuses);
      clauses.push(`NOT (l.status = ANY($${params.length}))`);
    }
    if (options.sellerId) {
      params.push(options.sellerId);
      clauses.push(`l.seller_id = $${params.length}`);
    }
    if (options.bidderId) {
      // Only bids that count: a bidder whose bids were all voided, or placed in a round before a
      // relist, has no bid on the lot any more (as the public bid list says).
      params.push(options.bidderId);
      clauses.push(
        `EXISTS (SELECT 1 FROM auction.bids b WHERE b.lot_id = l.id AND b.bidder_id = $${params.length}
           AND b.voided_at IS NULL AND b.lot_version > l.round_start_version)`,
      );
    }
    if (options.watcherId) {
      params.push(options.watcherId);
      clauses.push(`EXISTS (SELECT 1 FROM auction.watchlist w WHERE w.lot_id = l.id AND w.user_id = $${params.length})`);
    }
    const search = options.search?.trim();
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      const title = `l.title ILIKE $${params.length}`;
      if (isUuid(search)) {
        params.push(search.toLowerCase());
        clauses.push(`(${title} OR l.id = $${params.length}::uuid)`);
      } else clauses.push(title);
    }
    const filter = buildWhere(options.where, LOT_FIELDS, params.length);
    if (filter.sql) clauses.push(filter.sql);
    params.push(...filter.params);
    const order = buildOrderBy(options.sort, LOT_SORT, options.defaultSort ?? 'l.final_end ASC NULLS LAST, l.created_at DESC, l.id');
    const { offset, limit } = pageOf(options.page);
    const whereSql = clauses.join(' AND ');
    const [rows, countRows] = await Promise.all([
      this.db.query(`SELECT l.* FROM auction.lots l WHERE ${whereSql} ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`, params),
      this.db.query(`SELECT count(*)::int AS count FROM auction.lots l WHERE ${whereSql}`, params),
    ]);
    return { lots: (rows as Record<string, unknown>[]).map(mapLot), count: Number((countRows as Array<{ count: number }>)[0]?.count ?? 0) };
  }

  async bids(options: { brand: string; where?: unknown; sort?: string | null; page: Page }): Promise<BidReadEntity[]> {
    const params: unknown[] = [options.brand];
    const filter = buildWhere(options.where, BID_FIELDS, 1);
    params.push(...filter.params);
    const order = buildOrderBy(options.sort, BID_SORT, 'b.amount_cents DESC, b.created_at ASC');
    const { offset, limit } = pageOf(options.page);
    // A bid is visible where its lot is: the owning brand or a host. Voided bids and bids of a round
    // before a relist stay in the table for the record, not in this list (docs/decisions.md "Staff remedies").
    const rows = await this.db.query(
      `SELECT b.* FROM auction.bids b JOIN auction.lots l ON l.id = b.lot_id
        WHERE (l.brand = $1 OR $1 = ANY(l.hosts)) AND b.voided_at IS NULL AND b.lot_version > l.round_start_version
        ${filter.sql ? `AND ${filter.sql}` : ''}
        ORDER BY ${order} OFFSET ${offset} LIMIT ${limit}`,
      params,
    );
    return (rows as Record<string, unknown>[]).map(mapBid);
  }

  async bidById(id: string): Promise<BidReadEntity | null> {
    const rows = await this.db.query(`SELECT b.* FROM auction.bids b WHERE b.id = $1`, [id]);
    return rows[0] ? mapBid(rows[0]) : null;
  }

  async topBids(lotIds: string[]): Promise<Map<string, BidReadEntity>> {
    if (lotIds.length === 0) return new Map();
    const rows = await this.db.query(`SELECT b.* FROM auction.lots l JOIN auction.bids b ON b.id = l.top_bid_id WHERE l.id = ANY($1)`, [
      lotIds,
    ]);
    return new Map((rows as Record<string, unknown>[]).map(mapBid).map((bid) => [bid.lotId, bid]));
  }

  async isWatching(userId: string, lotId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM auction.watchlist WHERE user_id = $1 AND lot_id = $2`, [userId, lotId]);
    return rows.length > 0;
  }

  async watchers(lotId: string): Promise<string[]> {
    const rows = await this.db.query(`SELECT user_id FROM auction.watchlist WHERE lot_id = $1 ORDER BY created_at`, [lotId]);
    return (rows as Array<{ user_id: string }>).map((row) => row.user_id);
  }

  /**
   * The CMS home's queue sizes for one brand's own lots (docs/decisions.md "Staff lot lists and
   * queue counts"). `now` is the service clock, so tests that move time see the same windows.
   */
  async staffCounts(brand: string, now: Date): Promise<StaffLotCounts> {
    const rows = await this.db.query(
      `SELECT count(*) FILTER (WHERE l.brand = $1 AND l.status = 'PENDING')::int AS submitted,
              count(*) FILTER (WHERE l.brand = $1 AND l.status = 'APPROVED')::int AS approved,
              count(*) FILTER (WHERE l.brand = $1 AND l.status = 'SCHEDULED' AND l.scheduled_start < $2::timestamptz + interval '24 hours')::int
                AS scheduled_today,
              count(*) FILTER (WHERE l.brand = $1 AND l.status = 'LIVE')::int AS live,
              count(*) FILTER (WHERE l.brand = $1 AND l.status = 'SOLD' AND l.final_end >= $2::timestamptz - interval '7 days')::int
                AS ended_awaiting_settlement,
              count(*) FILTER (WHERE ${NETWORK_OFFER})::int AS network_offers
         FROM auction.lots l`,
      [brand, now],
    );
    const row = (rows as Array<Record<string, number>>)[0] ?? {};
    return {
      submitted: Number(row.submitted ?? 0),
      approved: Number(row.approved ?? 0),
      scheduledToday: Number(row.scheduled_today ?? 0),
      live: Number(row.live ?? 0),
      endedAwaitingSettlement: Number(row.ended_awaiting_settlement ?? 0),
      networkOffers: Number(row.network_offers ?? 0),
    };
  }

  /** Stream version the read model reflects (for read-your-writes waits). */
  async projectedVersion(lotId: string): Promise<number> {
    const rows = await this.db.query(`SELECT version FROM auction.lots WHERE id = $1`, [lotId]);
    return rows[0] ? Number((rows[0] as { version: number }).version) : 0;
  }
}

function pageOf(page: Page): { offset: number; limit: number } {
  const start = page.start ?? 0;
  const limit = page.limit ?? 15;
  if (!Number.isInteger(start) || start < 0) throw invalid('start must be a non-negative integer');
  if (!Number.isInteger(limit) || limit < 0) throw invalid('limit must be a non-negative integer');
  return { offset: start, limit: Math.min(limit, MAX_PAGE) };
}

export function mapLot(row: Record<string, unknown>): LotReadEntity {
  const lot = new LotReadEntity();
  lot.id = row.id as string;
  lot.brand = row.brand as string;
  lot.slug = row.slug as string;
  lot.title = row.title as string;
  lot.sellerType = (row.seller_type as string | null) ?? null;
  lot.sellerId = row.seller_id as string;
  lot.description = (row.description as string | null) ?? null;
  lot.userDescription = (row.user_description as string | null) ?? null;
  lot.excerpt = (row.excerpt as string | null) ?? null;
  lot.status = row.status as string;
  lot.paymentStatus = row.payment_status as string;
  lot.paymentType = (row.payment_type as string | null) ?? null;
  lot.packageId = (row.package_id as string | null) ?? null;
  lot.templateType = (row.template_type as string | null) ?? null;
  lot.currency = row.currency as string;
  lot.startPriceCents = String(row.start_price_cents);
  lot.reserveCents = row.reserve_cents === null ? null : String(row.reserve_cents);
  lot.minIncrementCents = String(row.min_increment_cents);
  lot.finalPriceCents = row.final_price_cents === null ? null : String(row.final_price_cents);
  lot.scheduledStart = (row.scheduled_start as Date | null) ?? null;
  lot.scheduledEnd = (row.scheduled_end as Date | null) ?? null;
  lot.finalEnd = (row.final_end as Date | null) ?? null;
  lot.topBidId = (row.top_bid_id as string | null) ?? null;
  lot.topBidCents = row.top_bid_cents === null ? null : String(row.top_bid_cents);
  lot.topBidderId = (row.top_bidder_id as string | null) ?? null;
  lot.bidCount = Number(row.bid_count);
  lot.reserveMet = Boolean(row.reserve_met);
  lot.reservePercentage = String(row.reserve_percentage);
  lot.winnerId = (row.winner_id as string | null) ?? null;
  lot.dataFields = (row.data_fields as Record<string, unknown>) ?? {};
  lot.address = (row.address as Record<string, unknown>) ?? {};
  lot.contactInfo = (row.contact_info as Record<string, unknown>) ?? {};
  lot.images = (row.images as Record<string, unknown>) ?? {};
  lot.hasAgreedToTerms = Boolean(row.has_agreed_to_terms);
  lot.serviceSnappr = Boolean(row.service_snappr);
  lot.reserveMeterEnabled = Boolean(row.reserve_meter_enabled);
  lot.shared = Boolean(row.shared);
  lot.hosts = (row.hosts as string[]) ?? [];
  lot.hostsDeclined = (row.hosts_declined as string[]) ?? [];
  lot.make = (row.make as string | null) ?? null;
  lot.year = (row.year as string | null) ?? null;
  lot.country = (row.country as string | null) ?? null;
  lot.version = Number(row.version);
  lot.createdAt = row.created_at as Date;
  lot.updatedAt = row.updated_at as Date;
  lot.round = Number(row.round ?? 1);
  lot.roundStartVersion = Number(row.round_start_version ?? 0);
  return lot;
}

export function mapBid(row: Record<string, unknown>): BidReadEntity {
  const bid = new BidReadEntity();
  bid.id = row.id as string;
  bid.lotId = row.lot_id as string;
  bid.brand = row.brand as string;
  bid.bidderId = row.bidder_id as string;
  bid.amountCents = String(row.amount_cents);
  bid.isFirstBid = Boolean(row.is_first_bid);
  bid.lotVersion = Number(row.lot_version);
  bid.createdAt = row.created_at as Date;
  bid.voidedAt = (row.voided_at as Date | null) ?? null;
  bid.voidedBy = (row.voided_by as string | null) ?? null;
  bid.voidReason = (row.void_reason as string | null) ?? null;
  return bid;
}
