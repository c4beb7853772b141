import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateCatalogueDatabase, pendingCatalogueSchemaChanges } from '../src/infrastructure/catalogue-data-source';

/** docs/architecture.md, habit 8: the checked-in migrations produce exactly what the entities describe. */
describe('catalogue migrations (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('catalogue_migrations');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('leave nothing for TypeORM to generate, and apply twice without harm', async () => {
    await migrateCatalogueDatabase(database.url);
    await migrateCatalogueDatabase(database.url);
    expect(await pendingCatalogueSchemaChanges(database.url)).toEqual([]);
  });
});
