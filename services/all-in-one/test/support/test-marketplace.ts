import { expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@trackside/testing';
import { loadAllInOneConfig, startMarketplace, type AllInOneConfig, type RunningMarketplace } from '@trackside/all-in-one-service';
import { DEMO_PASSWORD } from '@trackside/identity-service';

export interface GqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export interface RestAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * `npm start`'s topology in this process on a fresh database: the all-in-one marketplace with the
 * test configuration, seeded by `seed`, and the calls a browser makes (brand trackside).
 */
export class TestMarketplace {
  private constructor(
    readonly database: TestDatabase,
    readonly config: AllInOneConfig,
    readonly marketplace: RunningMarketplace,
  ) {}

  /** `name` names the database; `dataDir` the DATA_DIR under /tmp (one per test file: files may run in parallel). */
  static async start(
    name: string,
    dataDir: string,
    seed: (marketplace: RunningMarketplace, config: AllInOneConfig) => Promise<void>,
  ): Promise<TestMarketplace> {
    const database = await createTestDatabase(name);
    const config = loadAllInOneConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'all-in-one-test-secret-0123456789-abcdefghij',
      PORT: '0',
      LOG_LEVEL: 'error',
      DATA_DIR: `/tmp/trackside-aio-${dataDir}-${process.pid}`,
      ARGON2_MEMORY_KIB: '1024',
      PAYMENT_SANDBOX_ENABLED: 'true',
    });
    let marketplace: RunningMarketplace | undefined;
    try {
      marketplace = await startMarketplace(config, database.url);
      await seed(marketplace, config);
      return new TestMarketplace(database, config, marketplace);
    } catch (error) {
      // afterAll has nothing to close when the start fails: nothing is left behind.
      await marketplace?.close();
      await database.drop();
      throw error;
    }
  }

  get url(): string {
    return this.marketplace.url;
  }

  async gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlAnswer<T>> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlAnswer<T>;
  }

  async rest(path: string, body: unknown, token: string): Promise<RestAnswer> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': 'trackside', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Signs a demo user in with the demo password (the sign-in must succeed); returns the JWT. */
  async login(email: string): Promise<string> {
    const answer = await this.gql<{ loginUser: { jwt: string } }>(
      `mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }`,
      { e: email, p: DEMO_PASSWORD },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.loginUser.jwt;
  }

  async close(): Promise<void> {
    await this.marketplace.close();
    await this.database.drop();
  }
}
