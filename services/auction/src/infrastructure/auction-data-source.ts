import { DataSource, type DataSourceOptions } from 'typeorm';
import { AUCTION_ENTITIES } from '../projections/entities';
import { AUCTION_MIGRATIONS } from '../migrations';

export function auctionDataSourceOptions(url: string, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: 'auction',
    entities: AUCTION_ENTITIES,
    migrations: AUCTION_MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: poolSize },
  };
}

/** Creates the service schema and applies pending migrations (idempotent, safe on every boot). */
export async function migrateAuctionDatabase(url: string): Promise<void> {
  const dataSource = new DataSource(auctionDataSourceOptions(url, 2));
  await dataSource.initialize();
  // Instances booting together take turns (TypeORM's migration runner takes no lock, and two
  // concurrent first boots collide on CREATE TABLE); the later one finds nothing left to do.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['auction:migrate']);
    await dataSource.query('CREATE SCHEMA IF NOT EXISTS auction');
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['auction:migrate']).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export async function pendingSchemaChanges(url: string): Promise<string[]> {
  const dataSource = new DataSource(auctionDataSourceOptions(url, 2));
  await dataSource.initialize();
  try {
    const log = await dataSource.driver.createSchemaBuilder().log();
    return log.upQueries.map((query) => query.query);
  } finally {
    await dataSource.destroy();
  }
}
