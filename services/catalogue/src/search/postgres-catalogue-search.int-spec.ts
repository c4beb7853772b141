import { serviceDataSourceOptions } from '@trackside/platform';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CATALOGUE_DATABASE, migrateCatalogueDatabase } from '../infrastructure/catalogue-data-source';
import type { DirectorySearchDocument, ListingSearchDocument } from './catalogue-search.port';
import { catalogueSearchSuite } from './catalogue-search.suite';
import { PostgresCatalogueSearch } from './postgres-catalogue-search';

/**
 * The PostgreSQL adapter against the shared catalogue search suite (issue 22): its index is the
 * catalogue's own tables, so the suite's documents are written as directory and listing rows.
 */
const CREATED = '2030-01-01T00:00:00.000Z';

async function insertDirectory(pool: pg.Pool, doc: DirectorySearchDocument): Promise<void> {
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

async function insertListing(pool: pg.Pool, doc: ListingSearchDocument): Promise<void> {
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

catalogueSearchSuite('PostgreSQL', async () => {
  const database: TestDatabase = await createTestDatabase('catalogue_search_suite');
  await migrateCatalogueDatabase(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = new DataSource(serviceDataSourceOptions(CATALOGUE_DATABASE, database.url, 2));
  await db.initialize();
  return {
    index: new PostgresCatalogueSearch(db),
    put: async ({ directories = [], listings = [] }) => {
      for (const doc of directories) await insertDirectory(pool, doc);
      for (const doc of listings) await insertListing(pool, doc);
    },
    clear: async () => {
      await pool.query('DELETE FROM catalogue.directories');
      await pool.query('DELETE FROM catalogue.listings');
    },
    close: async () => {
      await db.destroy();
      await pool.end();
      await database.drop();
    },
  };
});
