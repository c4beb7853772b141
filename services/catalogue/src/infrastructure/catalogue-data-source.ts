import { migrateServiceDatabase, pendingServiceSchemaChanges, type ServiceDatabase } from '@trackside/platform';
import { CATALOGUE_ENTITIES } from '../persistence';
import { CATALOGUE_MIGRATIONS } from '../migrations';

/** The catalogue's schema, entities and migrations for the platform's one data-source factory. */
export const CATALOGUE_DATABASE: ServiceDatabase = {
  schema: 'catalogue',
  entities: CATALOGUE_ENTITIES,
  migrations: CATALOGUE_MIGRATIONS,
  poolSize: 10,
};

/** Creates the catalogue schema and applies pending migrations (idempotent, safe on every boot). */
export function migrateCatalogueDatabase(url: string): Promise<void> {
  return migrateServiceDatabase(CATALOGUE_DATABASE, url);
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export function pendingCatalogueSchemaChanges(url: string): Promise<string[]> {
  return pendingServiceSchemaChanges(CATALOGUE_DATABASE, url);
}
