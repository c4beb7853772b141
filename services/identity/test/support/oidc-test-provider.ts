import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account at the provider; answers its subject. */
  addAccount(subject: string, account: TestAccount): void;
  /** The account the next interaction signs in, or 'deny' to refuse the request (access_denied). */
  signInAs(subject: string | 'deny'): void;
  /** Token endpoint requests seen (to show a code is exchanged once). */
  readonly tokenRequests: number;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1, for the social sign-in
 * tests: discovery, authorization endpoint with PKCE, token endpoint (client_secret_basic), ID
 * tokens and userinfo. Its interaction signs in the account chosen by the test and grants the
 * requested scopes, so the whole authorization-code flow runs over plain HTTP.
 */
export async function startOidcTestProvider(options: { redirectUris: string[] }): Promise<OidcTestProvider> {
  const accounts = new Map<string, TestAccount>();
  let nextSignIn: string | null = null;
  let tokenRequests = 0;
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const clientId = 'trackside-test-client';
  const clientSecret = 'trackside-test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'preferred_username'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-provider-cookie-key-0123456789'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const oidcHandler = provider.callback();
  handler = (req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/token')) tokenRequests += 1;
    if (req.url?.startsWith('/interaction/')) {
      void interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    oidcHandler(req, res);
  };

  async function interact(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const subject = nextSignIn;
      if (subject === null || subject === 'deny') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user refused.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: subject } }, { mergeWithLastSubmission: false });
      return;
    }
    // consent: grant what the client asked for
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id }))
      : new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (subject, account) => void accounts.set(subject, account),
    signInAs: (subject) => {
      nextSignIn = subject;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar, per origin, enough for the redirects of a sign-in. */
export class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.jars.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  store(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).origin)?.get(name);
  }

  /** GET with this jar's cookies and no automatic redirects. */
  async fetch(url: string, headers: Record<string, string> = {}): Promise<Response> {
    const cookie = this.header(url);
    const response = await fetch(url, { redirect: 'manual', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    this.store(url, response);
    return response;
  }
}

/**
 * Follows redirects like a browser from `start` until one leaves for `stopAt` (the web app's
 * return page, which the test does not serve), and answers that URL.
 */
export async function followUntil(jar: CookieJar, start: string, stopAt: string, headers: Record<string, string> = {}): Promise<URL> {
  let url = start;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(stopAt)) return new URL(url);
    const response = await jar.fetch(url, new URL(url).origin === new URL(start).origin ? headers : {});
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location)
      throw new Error(`expected a redirect from ${url}, got ${response.status}: ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}
