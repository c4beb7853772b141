import type { EntityManager } from 'typeorm';
import type { AuctionNotificationLotEntity } from '../persistence';

type Db = Pick<EntityManager, 'query'>;

interface LotRow {
  lot_id: string;
  brand: string;
  seller_id: string;
  title: string;
  slug: string;
  currency: string;
  top_bidder_id: string | null;
  top_amount_cents: string | null;
  updated_at: Date;
}

/**
 * The auction-emails processor's lots, read and written in one statement each per batch (plain SQL
 * over arrays: TypeORM's upsert binds every column of every row as its own parameter and checks each
 * new one against all before it, which made a batch of 500 lots the busiest code of bench:live's
 * phase (a); docs/benchmarks.md).
 */
export async function loadAuctionNotificationLots(db: Db, lotIds: string[]): Promise<AuctionNotificationLotEntity[]> {
  if (lotIds.length === 0) return [];
  const rows = (await db.query(
    `SELECT lot_id, brand, seller_id, title, slug, currency, top_bidder_id, top_amount_cents::text AS top_amount_cents, updated_at
       FROM identity.auction_notification_lots WHERE lot_id = ANY($1::uuid[])`,
    [lotIds],
  )) as LotRow[];
  return rows.map((row) => ({
    lotId: row.lot_id,
    brand: row.brand,
    sellerId: row.seller_id,
    title: row.title,
    slug: row.slug,
    currency: row.currency,
    topBidderId: row.top_bidder_id,
    topAmountCents: row.top_amount_cents,
    updatedAt: new Date(row.updated_at),
  }));
}

/** Inserts or replaces the lots' rows (every column, as TypeORM's upsert on the key did). */
export async function saveAuctionNotificationLots(db: Db, lots: AuctionNotificationLotEntity[]): Promise<void> {
  if (lots.length === 0) return;
  await db.query(
    `INSERT INTO identity.auction_notification_lots
       (lot_id, brand, seller_id, title, slug, currency, top_bidder_id, top_amount_cents, updated_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::bigint[], $9::timestamptz[])
     ON CONFLICT (lot_id) DO UPDATE SET brand = EXCLUDED.brand, seller_id = EXCLUDED.seller_id, title = EXCLUDED.title,
       slug = EXCLUDED.slug, currency = EXCLUDED.currency, top_bidder_id = EXCLUDED.top_bidder_id,
       top_amount_cents = EXCLUDED.top_amount_cents, updated_at = EXCLUDED.updated_at`,
    [
      lots.map((lot) => lot.lotId),
      lots.map((lot) => lot.brand),
      lots.map((lot) => lot.sellerId),
      lots.map((lot) => lot.title),
      lots.map((lot) => lot.slug),
      lots.map((lot) => lot.currency),
      lots.map((lot) => lot.topBidderId),
      lots.map((lot) => lot.topAmountCents),
      lots.map((lot) => lot.updatedAt.toISOString()),
    ],
  );
}
