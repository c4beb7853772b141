import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES, SOCIAL_ERROR_MESSAGES, SOCIAL_MESSAGES } from '@trackside/contracts';
import { DEMO_PASSWORD, demoEmail } from '@trackside/identity-service';
import { errorCode, IdentityTestApp, newAccount, REGISTER } from '../support/identity-test-app';
import { CookieJar, followUntil, startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';

interface SignInAnswer {
  jwt?: string;
  user?: { id: string; email: string; username: string; confirmed: boolean; blocked: boolean; provider: string; firstName: string | null };
  code?: string;
  message?: string;
}

const UPSERT = `mutation($input: SocialProviderInput!) {
  upsertSocialProvider(input: $input) { provider displayName issuer clientId hasClientSecret scopes enabled redirectUri }
}`;
const PROVIDERS = `{ socialProviders { provider displayName issuer clientId hasClientSecret scopes enabled redirectUri } }`;
const BUTTONS = `{ socialProvidersByBrand { provider displayName connectUrl } }`;
const WEB = { trackside: 'http://web.test', jewelry: 'http://jewels.test' } as const;

/**
 * Social sign-in end to end against a real OpenID Connect provider (oidc-provider on 127.0.0.1):
 * GET /connect/{provider} → the provider's authorization endpoint → its interaction signs the test
 * account in → back to the web app's return page with code and state → GET
 * /auth/{provider}/callback with that query string answers { jwt, user }.
 */
describe('social sign-in (e2e, real OpenID Connect provider, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let idp: OidcTestProvider;
  let subjects = 0;

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: [`${WEB.trackside}/auth/oidc/callback`, `${WEB.jewelry}/auth/oidc/callback`] });
    app = await IdentityTestApp.create({ env: { SOCIAL_ALLOW_HTTP_ISSUERS: 'true', SOCIAL_STATE_TTL_SECONDS: '300' } });
    const configured = await app.gql(
      UPSERT,
      { input: { provider: 'oidc', displayName: 'Test ID', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
      { token: await app.staffToken('trackside'), brand: 'trackside' },
    );
    expect(configured.errors).toBeUndefined();
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  function account(overrides: Partial<{ email: string; email_verified: boolean; given_name: string; preferred_username: string }> = {}) {
    subjects += 1;
    const subject = `subject-${subjects}-${Date.now().toString(36)}`;
    const email = overrides.email ?? `social${subjects}${Date.now().toString(36)}@example.test`;
    idp.addAccount(subject, { email, email_verified: true, given_name: 'Ada', family_name: 'Byron', ...overrides });
    return { subject, email };
  }

  /** The browser's part: start, follow the provider's redirects, land on the return page. */
  async function authorize(subject: string | 'deny', brand: keyof typeof WEB = 'trackside') {
    const jar = new CookieJar();
    idp.signInAs(subject);
    const start = await jar.fetch(`${app.service.url}/connect/oidc`, { 'x-brand': brand });
    expect(start.status).toBe(302);
    const authorizeUrl = new URL(start.headers.get('location')!);
    const returned = await followUntil(jar, authorizeUrl.href, `${WEB[brand]}/auth/oidc/callback`);
    return { jar, authorizeUrl, returned };
  }

  /** The return page's part: the original query string plus brand, sent to the API. */
  async function callback(jar: CookieJar, search: string, brand: keyof typeof WEB = 'trackside', headerBrand: string = brand) {
    const query = new URLSearchParams(search);
    query.set('brand', brand);
    const response = await jar.fetch(`${app.service.url}/auth/oidc/callback?${query.toString()}`, { 'x-brand': headerBrand });
    return { status: response.status, body: (await response.json()) as SignInAnswer };
  }

  async function signIn(subject: string, brand: keyof typeof WEB = 'trackside') {
    const { jar, returned } = await authorize(subject, brand);
    return callback(jar, returned.search, brand);
  }

  it('lets superAdmin staff configure providers per brand, never showing the client secret', async () => {
    const staff = { token: await app.staffToken('trackside'), brand: 'trackside' };
    const listed = await app.gql<{ socialProviders: Array<Record<string, unknown>> }>(PROVIDERS, {}, staff);
    expect(listed.data!.socialProviders).toEqual([
      {
        provider: 'oidc',
        displayName: 'Test ID',
        issuer: idp.issuer,
        clientId: idp.clientId,
        hasClientSecret: true,
        scopes: 'openid email profile',
        enabled: true,
        redirectUri: 'http://web.test/auth/oidc/callback',
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const rows = await client.query<{ client_secret_sealed: string }>(`SELECT client_secret_sealed FROM identity.social_providers`);
      expect(rows.rows[0]!.client_secret_sealed).not.toContain(idp.clientSecret);
    } finally {
      await client.end();
    }
    // Keeping the secret when it is not sent; the schema has no way to read it back.
    const renamed = await app.gql(UPSERT, { input: { provider: 'oidc', displayName: 'Test ID' } }, staff);
    expect(renamed.data).toMatchObject({ upsertSocialProvider: { hasClientSecret: true } });

    // Visitors see the enabled providers of their brand only.
    expect((await app.gql(BUTTONS, {}, { brand: 'trackside' })).data).toEqual({
      socialProvidersByBrand: [{ provider: 'oidc', displayName: 'Test ID', connectUrl: '/connect/oidc' }],
    });
    expect((await app.gql(BUTTONS, {}, { brand: 'jewelry' })).data).toEqual({ socialProvidersByBrand: [] });

    // Bad settings and users without superAdmin are refused.
    const insecure = await app.gql(UPSERT, { input: { provider: 'x1', issuer: 'ftp://example.test', clientId: 'c' } }, staff);
    expect(errorCode(insecure)).toBe('social.provider.invalid');
    const incomplete = await app.gql(UPSERT, { input: { provider: 'x2', clientId: 'c' } }, staff);
    expect(errorCode(incomplete)).toBe('social.provider.invalid');
    const bidder = (await app.login(demoEmail('trackside', 'bidder1'), DEMO_PASSWORD)).data!.loginUser.jwt;
    expect(errorCode(await app.gql(PROVIDERS, {}, { token: bidder, brand: 'trackside' }))).toBe('FORBIDDEN');
    expect(errorCode(await app.gql(UPSERT, { input: { provider: 'x3', issuer: idp.issuer, clientId: 'c' } }, { token: bidder }))).toBe(
      'FORBIDDEN',
    );
  });

  it('signs a new person in: PKCE and state to the provider, code exchanged, { jwt, user } with a confirmed account', async () => {
    const { subject, email } = account({ preferred_username: 'ada.social' });
    const { jar, authorizeUrl, returned } = await authorize(subject);
    expect(authorizeUrl.origin).toBe(idp.issuer);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(idp.clientId);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://web.test/auth/oidc/callback');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(returned.searchParams.get('code')).toBeTruthy();
    expect(returned.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const exchangesBefore = idp.tokenRequests;
    const answer = await callback(jar, returned.search);
    expect(answer.status).toBe(200);
    expect(idp.tokenRequests).toBe(exchangesBefore + 1);
    expect(answer.body.jwt).toBeTruthy();
    expect(answer.body.user).toMatchObject({
      email,
      confirmed: true,
      blocked: false,
      provider: 'oidc',
      username: 'adasocial',
      firstName: 'Ada',
    });
    expect(jar.get(app.service.url, 'trackside_social')).toBeUndefined();

    const me = await app.gql<{ meFull: { id: string; email: string } }>(`{ meFull { id email } }`, {}, { token: answer.body.jwt });
    expect(me.data!.meFull).toEqual({ id: answer.body.user!.id, email });

    // The provider's subject finds the same account next time.
    const again = await signIn(subject);
    expect(again.status).toBe(200);
    expect(again.body.user!.id).toBe(answer.body.user!.id);
  });

  it('links an existing account by its verified email and confirms it', async () => {
    const registration = newAccount();
    const registered = await app.gql<{ registerUser: { user: { id: string; confirmed: boolean } } }>(REGISTER, registration);
    expect(registered.data!.registerUser.user.confirmed).toBe(false);
    const { subject } = account({ email: registration.email.toUpperCase() });

    const answer = await signIn(subject);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: registered.data!.registerUser.user.id, confirmed: true, provider: 'local' });
    // The password still works, now that the email is confirmed.
    const login = await app.login(registration.email, registration.password);
    expect(login.data!.loginUser.user.id).toBe(registered.data!.registerUser.user.id);
  });

  it('refuses a provider account without a verified email', async () => {
    const registration = newAccount();
    await app.gql(REGISTER, registration);
    const { subject } = account({ email: registration.email, email_verified: false });
    const answer = await signIn(subject);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'Auth.form.error.social.email', message: SOCIAL_MESSAGES.failed });
    expect(SOCIAL_MESSAGES.failed).toBe('We were unable to authenticate your account. Please try again.');
  });

  it('answers the spec’s failure message when the return URL carries an error or error_code', async () => {
    const { jar, returned } = await authorize('deny');
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const denied = await callback(jar, returned.search);
    expect(denied.status).toBe(400);
    expect(denied.body).toEqual({
      statusCode: 400,
      code: 'Auth.form.error.social.denied',
      message: SOCIAL_ERROR_MESSAGES['Auth.form.error.social.denied'],
    });

    const withErrorCode = await callback(new CookieJar(), 'error_code=200&error_message=Permissions+error');
    expect(withErrorCode.body).toMatchObject({ code: 'Auth.form.error.social.denied', message: SOCIAL_MESSAGES.failed });
  });

  it('refuses replayed, unbound, forged and cross-brand returns, and failed exchanges', async () => {
    const { subject } = account();

    // Replay: the same return a second time.
    const first = await authorize(subject);
    expect((await callback(first.jar, first.returned.search)).status).toBe(200);
    const replay = await callback(first.jar, first.returned.search);
    expect(replay.body).toMatchObject({ code: 'Auth.form.error.social.failed', message: SOCIAL_MESSAGES.failed });

    // A return opened in a browser that did not start the sign-in (no binding cookie): login CSRF.
    const stolen = await authorize(subject);
    const elsewhere = await callback(new CookieJar(), stolen.returned.search);
    expect(elsewhere.body).toMatchObject({ code: 'Auth.form.error.social.failed' });

    // A forged code: the provider refuses the exchange.
    const forged = await authorize(subject);
    const query = new URLSearchParams(forged.returned.search);
    query.set('code', `${query.get('code')!.slice(0, -4)}AAAA`);
    const exchanges = idp.tokenRequests;
    const refused = await callback(forged.jar, `?${query.toString()}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'Auth.form.error.social.failed' });
    expect(idp.tokenRequests).toBe(exchanges + 1);

    // A state issued for another brand.
    const trackside = await authorize(subject);
    const crossBrand = await callback(trackside.jar, trackside.returned.search, 'jewelry');
    expect(crossBrand.body).toMatchObject({ code: 'Auth.form.error.social.failed' });

    // Nothing at all.
    expect((await callback(new CookieJar(), '')).body).toMatchObject({ code: 'Auth.form.error.social.failed' });
  });

  it('refuses blocked accounts, unknown providers, and registration when the brand disabled it', async () => {
    const { subject } = account();
    const created = await signIn(subject);
    const staff = { token: await app.staffToken('trackside'), brand: 'trackside' };
    const blocked = await app.gql(`mutation($id: ID!) { blockUser(id: $id) { id blocked } }`, { id: created.body.user!.id }, staff);
    expect(blocked.errors).toBeUndefined();
    const refused = await signIn(subject);
    expect(refused.body).toMatchObject({ code: 'Auth.form.error.blocked', message: AUTH_ERROR_MESSAGES['Auth.form.error.blocked'] });

    const unknown = await fetch(`${app.service.url}/connect/nope`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'Auth.form.error.provider.disabled', message: 'This provider is disabled.' });

    const jewelryStaff = { token: await app.staffToken('jewelry'), brand: 'jewelry' };
    await app.gql(
      UPSERT,
      { input: { provider: 'oidc', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
      jewelryStaff,
    );
    await app.gql(`mutation { updateAuthSettings(data: { allowRegister: false }) { allowRegister } }`, {}, jewelryStaff);
    const disabled = await signIn(account().subject, 'jewelry');
    expect(disabled.body).toMatchObject({ code: 'Auth.advanced.allow_register', message: 'Register action is currently disabled.' });
    await app.gql(`mutation { updateAuthSettings(data: { allowRegister: true }) { allowRegister } }`, {}, jewelryStaff);
    const allowed = await signIn(account().subject, 'jewelry');
    expect(allowed.status).toBe(200);

    // A disabled provider cannot be started.
    await app.gql(UPSERT, { input: { provider: 'oidc', enabled: false } }, jewelryStaff);
    const off = await fetch(`${app.service.url}/connect/oidc`, { redirect: 'manual', headers: { 'x-brand': 'jewelry' } });
    expect(off.status).toBe(404);
  });
});
