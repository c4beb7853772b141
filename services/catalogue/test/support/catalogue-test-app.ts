import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  errorCode,
  errorMessage,
  headersOf,
  ServiceTestApp,
  TEST_JWT_SECRET,
  testDatabaseFor,
  type GqlResult,
  type RequestOptions,
  type RestResult,
} from '@trackside/testing';
import { JsonLogger, NO_PERMISSIONS, signAccessToken, type StaffPermissions } from '@trackside/platform';
import {
  AdjustableClock,
  loadCatalogueConfig,
  seedCatalogueDemo,
  startCatalogueService,
  type RunningCatalogueService,
} from '@trackside/catalogue-service';

// The common part lives in libs/testing (ServiceTestApp); these names stay importable from here.
export { errorCode, errorMessage, headersOf, TEST_JWT_SECRET, type GqlResult, type RequestOptions, type RestResult };

export interface TestUser {
  id: string;
  brand: string;
  token: string;
}

/** One running catalogue service on a fresh database (demo brands seeded); tokens signed with the shared test key. */
export class CatalogueTestApp extends ServiceTestApp<RunningCatalogueService> {
  readonly clock = new AdjustableClock();
  readonly uploadDir = mkdtempSync(join(tmpdir(), 'trackside-catalogue-uploads-'));

  private constructor(
    databaseUrl: string,
    dropDatabase: () => Promise<void>,
    private readonly env: Record<string, string>,
  ) {
    super(databaseUrl, dropDatabase);
  }

  static async create(options: { databaseUrl?: string; seed?: boolean; env?: Record<string, string> } = {}): Promise<CatalogueTestApp> {
    const database = await testDatabaseFor('catalogue', options.databaseUrl);
    const app = new CatalogueTestApp(database.url, database.drop, options.env ?? {});
    await app.start();
    if (options.seed !== false) await seedCatalogueDemo(app.service.app, { brands: ['trackside', 'jewelry'] });
    return app;
  }

  protected launch(): Promise<RunningCatalogueService> {
    const config = loadCatalogueConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      CATALOGUE_PORT: '0',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
      UPLOAD_DIR: this.uploadDir,
      ...this.env,
    });
    return startCatalogueService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('catalogue-test', 'error'),
    });
  }

  /** A signed-in user of the brand (confirmed unless told), with the given staff flags. */
  user(options: { brand?: string; confirmed?: boolean; permissions?: Partial<StaffPermissions>; id?: string } = {}): TestUser {
    const id = options.id ?? randomUUID();
    const brand = options.brand ?? 'trackside';
    const token = signAccessToken(
      {
        id,
        brand,
        email: `${id.slice(0, 8)}@example.test`,
        username: `user${id.slice(0, 8)}`,
        confirmed: options.confirmed ?? true,
        permissions: { ...NO_PERMISSIONS, ...options.permissions },
      },
      TEST_JWT_SECRET,
      3600,
    );
    return { id, brand, token };
  }

  protected override async afterClose(): Promise<void> {
    rmSync(this.uploadDir, { recursive: true, force: true });
  }
}

/** Throws with the errors when the call failed; returns the data otherwise. */
export function dataOf<T>(result: GqlResult<T>): T {
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}
