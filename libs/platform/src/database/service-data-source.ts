import { Global, Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken, getEntityManagerToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, EntityManager, type DataSourceOptions } from 'typeorm';

/** What differs between the services' databases: their schema, entities and migrations. */
export interface ServiceDatabase {
  /** The PostgreSQL schema the service owns (also the migration lock's name). */
  schema: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  /** Connections of the application's pool (the migration and schema-check sources use 2). */
  poolSize: number;
}

/** The TypeORM options every service uses: its own schema, no synchronize, migrations run at boot by us. */
export function serviceDataSourceOptions(database: ServiceDatabase, url: string, poolSize = database.poolSize): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: database.schema,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: poolSize },
  };
}

/** Creates the service schema and applies pending migrations (idempotent, safe on every boot). */
export async function migrateServiceDatabase(database: ServiceDatabase, url: string): Promise<void> {
  const dataSource = new DataSource(serviceDataSourceOptions(database, url, 2));
  await dataSource.initialize();
  // Instances booting together take turns (TypeORM's migration runner takes no lock, and two
  // concurrent first boots collide on CREATE TABLE); the later one finds nothing left to do.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`${database.schema}:migrate`]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${database.schema}"`);
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [`${database.schema}:migrate`]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

/** The SQL TypeORM would still need to match the entities, after the migrations ran. */
export async function pendingServiceSchemaChanges(database: ServiceDatabase, url: string): Promise<string[]> {
  const dataSource = new DataSource(serviceDataSourceOptions(database, url, 2));
  await dataSource.initialize();
  try {
    const log = await dataSource.driver.createSchemaBuilder().log();
    return log.upQueries.map((query) => query.query);
  } finally {
    await dataSource.destroy();
  }
}

const registrations = new Map<string, number>();

/**
 * A name no other data source of this process carries: @nestjs/typeorm keeps one process-wide
 * registry of names and WARNs when a second application registers "default" (the all-in-one
 * process runs three Nest applications, and tests run several instances of one service).
 */
function uniqueDataSourceName(schema: string): string {
  const count = (registrations.get(schema) ?? 0) + 1;
  registrations.set(schema, count);
  return count === 1 ? schema : `${schema}-${count}`;
}

/**
 * The service's TypeORM data source for its Nest application, under a unique name, and aliased to
 * the default tokens so `@InjectDataSource()` and `getDataSourceToken()` keep working unchanged.
 * TypeOrmModule still owns its lifecycle (created at boot, destroyed on application shutdown).
 */
@Global()
@Module({})
export class ServiceDatabaseModule {
  static forService(database: ServiceDatabase, url: string): DynamicModule {
    const name = uniqueDataSourceName(database.schema);
    const aliases = [
      { provide: DataSource, useExisting: getDataSourceToken(name) },
      { provide: EntityManager, useExisting: getEntityManagerToken(name) },
    ];
    return {
      module: ServiceDatabaseModule,
      global: true,
      imports: [TypeOrmModule.forRoot({ ...serviceDataSourceOptions(database, url), name })],
      providers: aliases,
      exports: aliases,
    };
  }
}
