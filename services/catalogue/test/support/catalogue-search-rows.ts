import type pg from 'pg';
import type { DirectorySearchDocument, ListingSearchDocument } from '../../src/search/catalogue-search.port';

/** Search documents written as the catalogue rows they stand for (what the PostgreSQL adapter and the OpenSearch boot fill read). */
const CREATED = '2030-01-01T00:00:00.000Z';

export async function insertSearchDirectory(pool: pg.Pool, doc: DirectorySearchDocument): Promise<void> {
  await pool.query(
    `INSERT INTO catalogue.directories (id, brand, status, featured, active_subscription, name, category, address_country,
       address_state, address_city, keywords, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'US', $8, $9, $10, $11, $11)`,
    [
      doc.id,
      doc.brand,
      doc.status,
      doc.featured,
      doc.activeSubscription,
      doc.name,
      doc.category,
      doc.addressState,
      doc.addressCity,
      doc.keywords,
      CREATED,
    ],
  );
}

export async function insertSearchListing(pool: pg.Pool, doc: ListingSearchDocument): Promise<void> {
  await pool.query(
    `INSERT INTO catalogue.listings (id, brand, user_id, package_id, group_id, title, slug, category, type, description, status,
       payment_status, expiry, extra_details, price_cents, poa, currency, address_country, seller_type, published_at, weighting,
       created_at, updated_at)
     VALUES ($1::uuid, $2, $3, $3, $4, $5, $1::text, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, 'US', $16, $17, $18, $19, $19)`,
    [
      doc.id,
      doc.brand,
      doc.userId,
      doc.groupId,
      doc.title,
      doc.category,
      doc.type,
      doc.description,
      doc.status,
      doc.paymentStatus,
      doc.expiry,
      doc.extraDetails,
      doc.priceCents,
      doc.priceCents === null,
      doc.currency,
      doc.sellerType,
      doc.publishedAt,
      doc.weighting,
      CREATED,
    ],
  );
}
