import { migrateServiceDatabase, pendingServiceSchemaChanges, type ServiceDatabase } from '@trackside/platform';
import { AUCTION_ENTITIES } from '../projections/entities';
import { AUCTION_MIGRATIONS } from '../migrations';

/** The auction's schema, entities and migrations for the platform's one data-source factory. */
export const AUCTION_DATABASE: ServiceDatabase = {
  schema: 'auction',
  entities: AUCTION_ENTITIES,
  migrations: AUCTION_MIGRATIONS,
  poolSize: 20,
};

/** Creates the auction schema and applies pending migrations (idempotent, safe on every boot). */
export function migrateAuctionDatabase(url: string): Promise<void> {
  return migrateServiceDatabase(AUCTION_DATABASE, url);
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export function pendingSchemaChanges(url: string): Promise<string[]> {
  return pendingServiceSchemaChanges(AUCTION_DATABASE, url);
}
