import { DataSource, type DataSourceOptions } from 'typeorm';
import { CATALOGUE_ENTITIES } from '../persistence';
import { CATALOGUE_MIGRATIONS } from '../migrations';

export function catalogueDataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: 'catalogue',
    entities: CATALOGUE_ENTITIES,
    migrations: CATALOGUE_MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: poolSize },
  };
}

/** Creates the service schema and applies pending migrations (idempotent, safe on every boot). */
export async function migrateCatalogueDatabase(url: string): Promise<void> {
  const dataSource = new DataSource(catalogueDataSourceOptions(url, 2));
  await dataSource.initialize();
  // Instances booting together take turns (TypeORM's migration runner takes no lock, and two
  // concurrent first boots collide on CREATE TABLE); the later one finds nothing left to do.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', ['catalogue:migrate']);
    await dataSource.query('CREATE SCHEMA IF NOT EXISTS catalogue');
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', ['catalogue:migrate']).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export async function pendingCatalogueSchemaChanges(url: string): Promise<string[]> {
  const dataSource = new DataSource(catalogueDataSourceOptions(url, 2));
  await dataSource.initialize();
  try {
    const log = await dataSource.driver.createSchemaBuilder().log();
    return log.upQueries.map((query) => query.query);
  } finally {
    await dataSource.destroy();
  }
}
