import { createTestDatabase } from '@trackside/testing';
import { JsonLogger } from '@trackside/platform';
import {
  AdjustableClock,
  DEMO_PASSWORD,
  loadIdentityConfig,
  seedDemoUsers,
  startIdentityService,
  type RunningIdentityService,
} from '@trackside/identity-service';

/** The same key the auction test app signs with, so both services accept identity's tokens. */
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

export interface EmailMessage {
  id: string;
  template: string;
  to: string;
  from: string;
  subject: string;
  replyTo: string | null;
  tag: string | null;
  text: string | null;
  html: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const EMAILS = `query($to: String, $template: String, $status: String, $limit: Int) {
  capturedEmails(to: $to, template: $template, status: $status, limit: $limit) {
    count emails { id template to from subject replyTo tag text html status attempts lastError createdAt sentAt }
  }
}`;

/** One running identity service on a fresh database, with demo users and a clock the test moves. */
export class IdentityTestApp {
  readonly clock = new AdjustableClock();
  service!: RunningIdentityService;
  private staffTokens = new Map<string, string>();

  private constructor(
    readonly databaseUrl: string,
    private readonly env: Record<string, string>,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  static async create(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<IdentityTestApp> {
    let url = options.databaseUrl;
    let drop = async (): Promise<void> => {};
    if (!url) {
      const database = await createTestDatabase('identity');
      url = database.url;
      drop = database.drop;
    }
    const app = new IdentityTestApp(url, options.env ?? {}, drop);
    await app.start();
    await seedDemoUsers(app.service.app, { brands: ['trackside', 'jewelry'] });
    return app;
  }

  async start(): Promise<void> {
    const config = loadIdentityConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      IDENTITY_PORT: '0',
      LOG_LEVEL: 'error',
      GRAPHQL_PLAYGROUND: 'false',
      PUBLIC_URL: 'http://web.test',
      BRAND_PUBLIC_URLS: 'jewelry=http://jewels.test',
      EMAIL_RESEND_COOLDOWN_SECONDS: '0',
      // Tests pay with sandbox tokens; fail-closed tests turn it off (docs/payments.md).
      PAYMENT_SANDBOX_ENABLED: 'true',
      ...this.env,
    });
    this.service = await startIdentityService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('identity-test', 'error'),
    });
    this.staffTokens.clear();
  }

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
      redirect: 'manual',
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

  async login(
    email: string,
    password: string,
    options: RequestOptions = {},
  ): Promise<GqlResult<{ loginUser: { jwt: string; user: { id: string } } }>> {
    return this.gql(
      `mutation($email: String, $password: String) { loginUser(email: $email, password: $password) { jwt user { id username email confirmed } } }`,
      { email, password },
      options,
    );
  }

  /** A token of the brand's demo staff user (every permission), obtained by signing in. */
  async staffToken(brand = 'trackside'): Promise<string> {
    const cached = this.staffTokens.get(brand);
    if (cached) return cached;
    const result = await this.login(`staff@${brand}.demo`, DEMO_PASSWORD, { brand });
    const token = result.data?.loginUser.jwt;
    if (!token) throw new Error(`staff login failed: ${JSON.stringify(result.errors)}`);
    this.staffTokens.set(brand, token);
    return token;
  }

  /** The brand's emails to this address, newest first, read through the staff query. */
  async emailsTo(to: string, brand = 'trackside', template?: string): Promise<EmailMessage[]> {
    const result = await this.gql<{ capturedEmails: { emails: EmailMessage[] } }>(
      EMAILS,
      { to, template: template ?? null, limit: 50 },
      { token: await this.staffToken(brand), brand },
    );
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.capturedEmails.emails;
  }

  /** The newest link of this template in the address's emails (throws when there is none). */
  async latestLink(to: string, template: string, brand = 'trackside'): Promise<string> {
    const [email] = await this.emailsTo(to, brand, template);
    const link = email?.text ? linkIn(email.text) : null;
    if (!link) throw new Error(`no ${template} email with a link to ${to}`);
    return link;
  }

  async close(options: { keepDatabase?: boolean } = {}): Promise<void> {
    await this.service?.close();
    if (!options.keepDatabase) await this.dropDatabase();
  }
}

export function linkIn(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}

/** The code at the end of a reset link (/reset-password/<code>) or in a confirmation link (?confirmation=<code>). */
export function codeIn(link: string): string {
  const url = new URL(link);
  return url.searchParams.get('confirmation') ?? decodeURIComponent(url.pathname.split('/').pop() ?? '');
}

/** Path and query of a link, to call it on the service under test. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export function errorCode(result: GqlResult): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

export function errorMessage(result: GqlResult): string | undefined {
  return result.errors?.[0]?.message;
}

function headersOf(options: RequestOptions): Record<string, string> {
  return {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.brand ? { 'x-brand': options.brand } : {}),
    ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    ...options.headers,
  };
}

let counter = 0;
/** A unique, valid registration; override any field. */
export function newAccount(
  overrides: Partial<{ email: string; password: string; username: string; firstName: string; lastName: string }> = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`.slice(-10);
  return {
    email: `user${tag}@example.test`,
    password: 'Sup3r$ecret',
    username: `user${tag}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

export const REGISTER = `mutation($email: String, $password: String, $username: String, $firstName: String, $lastName: String, $brand: String) {
  registerUser(email: $email, password: $password, username: $username, firstName: $firstName, lastName: $lastName, brand: $brand) {
    jwt message user { id username email confirmed blocked firstName lastName }
  }
}`;
