import { Injectable, Logger, Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import type { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateServiceDatabase, serviceDataSourceOptions, ServiceDatabaseModule, type ServiceDatabase } from './service-data-source';

/** A service's use of its data source: the default injection every service relies on. */
@Injectable()
class SchemaReader {
  constructor(@InjectDataSource() readonly db: DataSource) {}
  /** The schema this data source works in, after a round trip through its pool. */
  async schema(): Promise<string> {
    await this.db.query('SELECT 1');
    return String((this.db.options as { schema?: string }).schema);
  }
}

@Module({})
class FakeServiceModule {
  static register(database: DynamicModule): DynamicModule {
    return { module: FakeServiceModule, imports: [database], providers: [SchemaReader], exports: [SchemaReader] };
  }
}

const alpha: ServiceDatabase = { schema: 'alpha', entities: [], migrations: [], poolSize: 2 };
const beta: ServiceDatabase = { schema: 'beta', entities: [], migrations: [], poolSize: 2 };

// Issue 19 part 6: every service builds its data source through one factory, and the all-in-one
// process (three Nest applications) no longer logs @nestjs/typeorm's "already registered" WARN.
describe('the platform data-source factory', () => {
  let database: TestDatabase;
  const apps: INestApplicationContext[] = [];
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    database = await createTestDatabase('service_data_source');
    await migrateServiceDatabase(alpha, database.url);
    await migrateServiceDatabase(beta, database.url);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    warn?.mockRestore();
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function start(databaseModule: DynamicModule): Promise<SchemaReader> {
    const app = await NestFactory.createApplicationContext(FakeServiceModule.register(databaseModule), { logger: false });
    apps.push(app);
    return app.get(SchemaReader);
  }

  const duplicateWarnings = (): unknown[] =>
    warn.mock.calls.filter(([message]: unknown[]) => String(message).includes('is already registered'));

  it('runs two services and a second instance of one in a process without the duplicate-name WARN', async () => {
    warn = vi.spyOn(Logger.prototype, 'warn');
    const first = await start(ServiceDatabaseModule.forService(alpha, database.url));
    const second = await start(ServiceDatabaseModule.forService(beta, database.url));
    const again = await start(ServiceDatabaseModule.forService(alpha, database.url));
    expect(await first.schema()).toBe('alpha');
    expect(await second.schema()).toBe('beta');
    expect(await again.schema()).toBe('alpha');
    expect(first.db).not.toBe(again.db);
    expect(duplicateWarnings()).toEqual([]);
  });

  it('(control) two default registrations, as before, do log the WARN this factory avoids', async () => {
    warn = vi.spyOn(Logger.prototype, 'warn');
    await start(TypeOrmModule.forRoot(serviceDataSourceOptions(alpha, database.url)));
    await start(TypeOrmModule.forRoot(serviceDataSourceOptions(beta, database.url)));
    expect(duplicateWarnings()).toHaveLength(1);
  });
});
