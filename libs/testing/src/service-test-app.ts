import { createTestDatabase } from './test-database';

/** The key every service test app signs and checks tokens with, so services accept each other's tokens. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface GqlResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; details?: Record<string, unknown> } }>;
}

export interface RestResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  brand?: string;
  /** Simulated client address (the gateway's X-Forwarded-For). */
  address?: string;
  headers?: Record<string, string>;
}

/** What a started service gives a test: its base URL and a way to stop it. */
export interface RunningTestService {
  url: string;
  close(): Promise<void>;
}

/** The test's database: the given URL (kept), or a fresh one dropped when the app closes. */
export async function testDatabaseFor(prefix: string, databaseUrl?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (databaseUrl) return { url: databaseUrl, drop: async () => {} };
  const database = await createTestDatabase(prefix);
  return { url: database.url, drop: database.drop };
}

export function headersOf(options: RequestOptions): Record<string, string> {
  return {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.brand ? { 'x-brand': options.brand } : {}),
    ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    ...options.headers,
  };
}

export function errorCode(result: GqlResult<unknown>): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

export function errorMessage(result: GqlResult<unknown>): string | undefined {
  return result.errors?.[0]?.message;
}

/**
 * The common part of the services' test apps (issue 19 part 6): a database per test file, start,
 * restart on the same database, GraphQL and REST calls with token, brand and client address, and
 * closing. A service's helper only says how to launch it (config, clock, logger) and adds its own
 * conveniences.
 */
export abstract class ServiceTestApp<Service extends RunningTestService> {
  service!: Service;
  /** REST redirects: identity's tests look at redirects themselves ('manual'). */
  protected readonly restRedirect: 'follow' | 'manual' = 'follow';

  protected constructor(
    readonly databaseUrl: string,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  /** Boots the service on `databaseUrl`. */
  protected abstract launch(): Promise<Service>;

  async start(): Promise<void> {
    this.service = await this.launch();
  }

  /** Same database, new process-like instance (fresh caches, fresh processors). */
  async restart(): Promise<void> {
    await this.service.close();
    await this.start();
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
      redirect: this.restRedirect,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headersOf(options) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a redirect, a page): keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async close(options: { keepDatabase?: boolean } = {}): Promise<void> {
    await this.service?.close();
    await this.afterClose();
    if (!options.keepDatabase) await this.dropDatabase();
  }

  /** The service's own clean-up once it stopped (temporary folders). */
  protected async afterClose(): Promise<void> {}
}
