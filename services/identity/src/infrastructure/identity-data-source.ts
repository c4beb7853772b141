import { migrateServiceDatabase, pendingServiceSchemaChanges, type ServiceDatabase } from '@trackside/platform';
import { IDENTITY_ENTITIES } from '../persistence';
import { IDENTITY_MIGRATIONS } from '../migrations';
import { PAYMENT_ENTITIES } from '../payments/entities';

/** Identity's schema, entities (payments included) and migrations for the platform's one data-source factory. */
export const IDENTITY_DATABASE: ServiceDatabase = {
  schema: 'identity',
  entities: [...IDENTITY_ENTITIES, ...PAYMENT_ENTITIES],
  migrations: IDENTITY_MIGRATIONS,
  poolSize: 10,
};

/** Creates the identity schema and applies pending migrations (idempotent, safe on every boot). */
export function migrateIdentityDatabase(url: string): Promise<void> {
  return migrateServiceDatabase(IDENTITY_DATABASE, url);
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export function pendingIdentitySchemaChanges(url: string): Promise<string[]> {
  return pendingServiceSchemaChanges(IDENTITY_DATABASE, url);
}
