import type { EntityManager } from 'typeorm';
import type { NotificationLot } from './notification-text';

/**
 * The notifications processor's read model (identity.notification_lots and notification_followers):
 * loaded for a batch's lots, changed in memory, written back once per batch. Rebuildable from the log.
 */
export async function loadLots(manager: EntityManager, ids: string[]): Promise<Map<string, NotificationLot>> {
  if (ids.length === 0) return new Map();
  const rows = await manager.query<LotRow[]>(`SELECT * FROM identity.notification_lots WHERE lot_id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((row) => [row.lot_id, fromRow(row)]));
}

export async function saveLots(manager: EntityManager, lots: NotificationLot[]): Promise<void> {
  if (lots.length === 0) return;
  const column = <K extends keyof NotificationLot>(key: K) => lots.map((lot) => lot[key]);
  // One statement for the batch's lots (a storm across many lots touches hundreds per batch).
  await manager.query(
    `INSERT INTO identity.notification_lots (lot_id, brand, seller_id, title, slug, currency, status, round, final_end, top_bidder_id, top_amount_cents)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::timestamptz[], $10::uuid[], $11::bigint[])
     ON CONFLICT (lot_id) DO UPDATE SET title = EXCLUDED.title, status = EXCLUDED.status, round = EXCLUDED.round, final_end = EXCLUDED.final_end,
       top_bidder_id = EXCLUDED.top_bidder_id, top_amount_cents = EXCLUDED.top_amount_cents`,
    [
      column('lotId'),
      column('brand'),
      column('sellerId'),
      column('title'),
      column('slug'),
      column('currency'),
      column('status'),
      column('round'),
      column('finalEnd'),
      column('topBidderId'),
      column('topAmountCents'),
    ],
  );
}

/** Marks a user as watching (or not) or as a bidder of a lot. */
export async function follow(
  manager: EntityManager,
  lotId: string,
  userId: string,
  change: { watching?: boolean; bid?: true },
): Promise<void> {
  await manager.query(
    `INSERT INTO identity.notification_followers (lot_id, user_id, watching, bid) VALUES ($1, $2, COALESCE($3, false), COALESCE($4, false))
     ON CONFLICT (lot_id, user_id) DO UPDATE SET watching = COALESCE($3, notification_followers.watching), bid = COALESCE($4, notification_followers.bid)`,
    [lotId, userId, change.watching ?? null, change.bid ?? null],
  );
}

/**
 * Marks every (lot, user) pair as a bidder of the lot in one statement: the processor collects a
 * batch's bidders and writes them once (a hot lot's batch of bids was one upsert per bid).
 */
export async function markBidders(manager: EntityManager, pairs: Array<{ lotId: string; userId: string }>): Promise<void> {
  if (pairs.length === 0) return;
  await manager.query(
    `INSERT INTO identity.notification_followers (lot_id, user_id, watching, bid)
     SELECT lot_id, user_id, false, true FROM unnest($1::uuid[], $2::uuid[]) AS pair(lot_id, user_id)
     ON CONFLICT (lot_id, user_id) DO UPDATE SET bid = true`,
    [pairs.map((pair) => pair.lotId), pairs.map((pair) => pair.userId)],
  );
}

/** The current maxima on these lots, keyed "lotId userId" (loaded once per batch). */
export async function loadMaxima(manager: EntityManager, lotIds: string[]): Promise<Map<string, Maximum>> {
  if (lotIds.length === 0) return new Map();
  const rows = await manager.query<Array<{ lot_id: string; user_id: string; max_cents: string; max_bid_id: string }>>(
    `SELECT lot_id, user_id, max_cents::text AS max_cents, max_bid_id FROM identity.notification_followers
     WHERE lot_id = ANY($1::uuid[]) AND max_cents IS NOT NULL`,
    [lotIds],
  );
  return new Map(rows.map((row) => [`${row.lot_id} ${row.user_id}`, { maxCents: Number(row.max_cents), maxBidId: row.max_bid_id }]));
}

/** Writes changed maxima (null: spent) in one statement; each row's user is a bidder of the lot. */
export async function saveMaxima(
  manager: EntityManager,
  rows: Array<{ lotId: string; userId: string; maximum: Maximum | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await manager.query(
    `INSERT INTO identity.notification_followers (lot_id, user_id, watching, bid, max_cents, max_bid_id)
     SELECT lot_id, user_id, false, true, max_cents, max_bid_id
       FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[]) AS m(lot_id, user_id, max_cents, max_bid_id)
     ON CONFLICT (lot_id, user_id) DO UPDATE SET bid = true, max_cents = EXCLUDED.max_cents, max_bid_id = EXCLUDED.max_bid_id`,
    [
      rows.map((row) => row.lotId),
      rows.map((row) => row.userId),
      rows.map((row) => (row.maximum ? String(row.maximum.maxCents) : null)),
      rows.map((row) => row.maximum?.maxBidId ?? null),
    ],
  );
}

export interface Maximum {
  maxCents: number;
  maxBidId: string;
}

export async function clearMaxima(manager: EntityManager, lotId: string): Promise<void> {
  await manager.query(
    `UPDATE identity.notification_followers SET max_cents = NULL, max_bid_id = NULL WHERE lot_id = $1 AND max_cents IS NOT NULL`,
    [lotId],
  );
}

/** Who follows the lot: watchers, bidders, or both (a user is listed once). */
export async function followers(manager: EntityManager, lotId: string, which: { watching?: boolean; bid?: boolean }): Promise<string[]> {
  const rows = await manager.query<Array<{ user_id: string }>>(
    `SELECT user_id FROM identity.notification_followers WHERE lot_id = $1 AND (($2 AND watching) OR ($3 AND bid)) ORDER BY user_id`,
    [lotId, which.watching === true, which.bid === true],
  );
  return rows.map((row) => row.user_id);
}

/** LIVE lots whose end is within the next `hours` hours. */
export async function liveLotsEndingBefore(manager: EntityManager, now: Date, until: Date): Promise<NotificationLot[]> {
  const rows = await manager.query<LotRow[]>(
    `SELECT * FROM identity.notification_lots WHERE status = 'LIVE' AND final_end > $1 AND final_end <= $2 ORDER BY final_end LIMIT 500`,
    [now, until],
  );
  return rows.map(fromRow);
}

interface LotRow {
  lot_id: string;
  brand: string;
  seller_id: string;
  title: string;
  slug: string;
  currency: string;
  status: string;
  round: number;
  final_end: Date | null;
  top_bidder_id: string | null;
  top_amount_cents: string | null;
}

function fromRow(row: LotRow): NotificationLot {
  return {
    lotId: row.lot_id,
    brand: row.brand,
    sellerId: row.seller_id,
    title: row.title,
    slug: row.slug,
    currency: row.currency,
    status: row.status,
    round: row.round,
    finalEnd: row.final_end,
    topBidderId: row.top_bidder_id,
    topAmountCents: row.top_amount_cents === null ? null : Number(row.top_amount_cents),
  };
}
