import { serviceDataSourceOptions } from '@trackside/platform';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CATALOGUE_DATABASE, migrateCatalogueDatabase } from '../infrastructure/catalogue-data-source';
import { insertSearchDirectory, insertSearchListing } from '../../test/support/catalogue-search-rows';
import { catalogueSearchSuite } from './catalogue-search.suite';
import { PostgresCatalogueSearch } from './postgres-catalogue-search';

/**
 * The PostgreSQL adapter against the shared catalogue search suite (issue 22): its index is the
 * catalogue's own tables, so the suite's documents are written as directory and listing rows.
 */
catalogueSearchSuite('PostgreSQL', async () => {
  const database: TestDatabase = await createTestDatabase('catalogue_search_suite');
  await migrateCatalogueDatabase(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = new DataSource(serviceDataSourceOptions(CATALOGUE_DATABASE, database.url, 2));
  await db.initialize();
  return {
    index: new PostgresCatalogueSearch(db),
    put: async ({ directories = [], listings = [] }) => {
      for (const doc of directories) await insertSearchDirectory(pool, doc);
      for (const doc of listings) await insertSearchListing(pool, doc);
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
