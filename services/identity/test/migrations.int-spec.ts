import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { migrateIdentityDatabase, pendingIdentitySchemaChanges } from '../src/infrastructure/identity-data-source';

/** docs/architecture.md, habit 8: the checked-in migrations produce exactly what the entities describe. */
describe('identity migrations (PostgreSQL)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('identity_migrations');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('leave nothing for TypeORM to generate, and apply twice without harm', async () => {
    await migrateIdentityDatabase(database.url);
    await migrateIdentityDatabase(database.url);
    expect(await pendingIdentitySchemaChanges(database.url)).toEqual([]);
  });
});
