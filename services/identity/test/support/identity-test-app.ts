import {
  errorCode,
  errorMessage,
  ServiceTestApp,
  TEST_JWT_SECRET,
  testDatabaseFor,
  type GqlResult,
  type RequestOptions,
  type RestResult,
} from '@trackside/testing';
import { JsonLogger } from '@trackside/platform';
import {
  AdjustableClock,
  DEMO_PASSWORD,
  loadIdentityConfig,
  seedDemoUsers,
  startIdentityService,
  type RunningIdentityService,
} from '@trackside/identity-service';

// The common part lives in libs/testing (ServiceTestApp, the shared token key); these names stay importable from here.
export { errorCode, errorMessage, TEST_JWT_SECRET, type GqlResult, type RequestOptions, type RestResult };

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
export class IdentityTestApp extends ServiceTestApp<RunningIdentityService> {
  readonly clock = new AdjustableClock();
  private staffTokens = new Map<string, string>();
  // Tests look at redirects (confirmation and social sign-in links) themselves.
  protected override readonly restRedirect = 'manual';

  private constructor(
    databaseUrl: string,
    private readonly env: Record<string, string>,
    dropDatabase: () => Promise<void>,
  ) {
    super(databaseUrl, dropDatabase);
  }

  static async create(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<IdentityTestApp> {
    const database = await testDatabaseFor('identity', options.databaseUrl);
    const app = new IdentityTestApp(database.url, options.env ?? {}, database.drop);
    await app.start();
    await seedDemoUsers(app.service.app, { brands: ['trackside', 'jewelry'] });
    return app;
  }

  override async start(): Promise<void> {
    await super.start();
    this.staffTokens.clear();
  }

  protected launch(): Promise<RunningIdentityService> {
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
    return startIdentityService({
      config,
      databaseUrl: this.databaseUrl,
      clock: this.clock,
      logger: new JsonLogger('identity-test', 'error'),
    });
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
