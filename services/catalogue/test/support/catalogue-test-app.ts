import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@trackside/testing';
import { JsonLogger, NO_PERMISSIONS, signAccessToken, type StaffPermissions } from '@trackside/platform';
import {
  AdjustableClock,
  loadCatalogueConfig,
  seedCatalogueDemo,
  startCatalogueService,
  type RunningCatalogueService,
} from '@trackside/catalogue-service';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; details?: Record<string, unknown> } }>;
}

export interface RestResult<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface RequestOptions {
  token?: string;
  brand?: string;
}

export interface TestUser {
  id: string;
  brand: string;
  token: string;
}

/** One running catalogue service on a fresh database (demo brands seeded); tokens signed with the shared test key. */
export class CatalogueTestApp {
  service!: RunningCatalogueService;
  readonly clock = new AdjustableClock();
  readonly uploadDir = mkdtempSync(join(tmpdir(), 'trackside-catalogue-uploads-'));

  private constructor(
    readonly databaseUrl: string,
    private readonly dropDatabase: () => Promise<void>,
    private readonly env: Record<string, string>,
  ) {}

  static async create(options: { databaseUrl?: string; seed?: boolean; env?: Record<string, string> } = {}): Promise<CatalogueTestApp> {
    let url = options.databaseUrl;
    let drop = async (): Promise<void> => {};
    if (!url) {
      const database = await createTestDatabase('catalogue');
      url = database.url;
      drop = database.drop;
    }
    const app = new CatalogueTestApp(url, drop, options.env ?? {});
    await app.start();
    if (options.seed !== false) await seedCatalogueDemo(app.service.app, { brands: ['trackside', 'jewelry'] });
    return app;
  }

  async start(): Promise<void> {
    const config = loadCatalogueConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      CATALOGUE_PORT: '0',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
      UPLOAD_DIR: this.uploadDir,
      ...this.env,
    });
    this.service = await startCatalogueService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('catalogue-test', 'error'),
    });
  }

  async restart(): Promise<void> {
    await this.service.close();
    await this.start();
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

  async gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<GqlResult<T>> {
    const response = await fetch(`${this.service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersOf(options) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  async rest<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<RestResult<T>> {
    const response = await fetch(`${this.service.url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headersOf(options) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T };
  }

  async close(options: { keepDatabase?: boolean } = {}): Promise<void> {
    await this.service?.close();
    rmSync(this.uploadDir, { recursive: true, force: true });
    if (!options.keepDatabase) await this.dropDatabase();
  }
}

export function headersOf(options: RequestOptions): Record<string, string> {
  return {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.brand ? { 'x-brand': options.brand } : {}),
  };
}

export function errorCode(result: GqlResult): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

export function errorMessage(result: GqlResult): string | undefined {
  return result.errors?.[0]?.message;
}

/** Throws with the errors when the call failed; returns the data otherwise. */
export function dataOf<T>(result: GqlResult<T>): T {
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!;
}
