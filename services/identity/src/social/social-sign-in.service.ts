import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, type Clock, APP_LOGGER, type AppLogger, type JsonLogger } from '@trackside/platform';
import * as oidc from 'openid-client';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthSettingsService } from '../auth/auth-settings.service';
import { OneTimeCodes } from '../auth/one-time-codes';
import { TokenIssuer } from '../auth/token-issuer';
import { authError } from '../common/auth-error';
import { PublicLinks } from '../common/public-links';
import { updateRows } from '../common/sql-results';
import type { IdentityConfig } from '../config/identity-config';
import { IDENTITY_CONFIG } from '../config/identity-config.token';
import { isValidEmail, normalizeEmail } from '../domain/account-rules';
import { hashSecretCode, newSecretCode } from '../infrastructure/secret-codes';
import { SocialIdentityEntity, SocialLoginAttemptEntity, UserEntity } from '../persistence';
import { UserAccounts } from '../users/user-accounts';
import { SocialClients } from './social-clients';
import { socialError } from './social-errors';
import { SocialProviders, type UsableProvider } from './social-providers.service';

export interface SocialStart {
  /** Where to send the browser (the provider's authorization endpoint). */
  url: string;
  /** The browser binding: set as an HttpOnly cookie, checked at the callback (login CSRF). */
  binding: string;
  ttlSeconds: number;
}

export interface SocialSignedIn {
  jwt: string;
  user: UserEntity;
}

/** The provider's account as the sign-in needs it. */
interface ProviderProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  preferredUsername: string | null;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Social sign-in (spec 000 sections 2 and 4): the authorization-code flow with PKCE, state and
 * (OpenID Connect) nonce. `start` records the attempt and answers the provider URL; the provider
 * returns the browser to the web app's /auth/{provider}/callback page, which sends the query string
 * to GET /auth/{provider}/callback: `callback` exchanges the code and answers a token and the user.
 * Accounts are found by the provider's subject, else linked by verified email, else created
 * (confirmed). See docs/decisions.md, "Social sign-in".
 */
@Injectable()
export class SocialSignIn {
  private readonly log: AppLogger;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly providers: SocialProviders,
    private readonly clients: SocialClients,
    private readonly accounts: UserAccounts,
    private readonly settings: AuthSettingsService,
    private readonly codes: OneTimeCodes,
    private readonly tokens: TokenIssuer,
    private readonly links: PublicLinks,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_LOGGER) logger: JsonLogger,
  ) {
    this.log = logger.child(SocialSignIn.name);
  }

  /** The web app's return page, registered at the provider as the redirect URI. */
  redirectUri(brand: string, provider: string): string {
    return `${this.links.origin(brand)}/auth/${encodeURIComponent(provider)}/callback`;
  }

  async start(brand: string, providerName: string): Promise<SocialStart> {
    const provider = await this.providers.usable(brand, providerName);
    const configuration = await this.configuration(provider);
    const isOidc = provider.row.issuer !== null;
    const state = oidc.randomState();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = isOidc ? oidc.randomNonce() : '';
    const binding = newSecretCode();
    const now = this.clock.now();
    const ttlSeconds = this.config.SOCIAL_STATE_TTL_SECONDS;
    await this.db.getRepository(SocialLoginAttemptEntity).insert({
      stateHash: hashSecretCode(state),
      brand,
      provider: provider.row.provider,
      codeVerifier,
      nonce,
      bindingHash: hashSecretCode(binding),
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      usedAt: null,
      createdAt: now,
    });
    // Old attempts are of no use to anyone: trim them as new ones come.
    await this.db.query(`DELETE FROM identity.social_login_attempts WHERE expires_at < $1`, [new Date(now.getTime() - 86_400_000)]);
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(brand, provider.row.provider),
      scope: provider.row.scopes,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(isOidc ? { nonce } : {}),
    });
    return { url: url.href, binding, ttlSeconds };
  }

  async callback(brand: string, providerName: string, query: Record<string, unknown>, binding: string | null): Promise<SocialSignedIn> {
    const provider = providerName.toLowerCase();
    if (query.error !== undefined || query.error_code !== undefined) {
      this.log.info('Social sign-in refused by the provider', { provider, error: String(query.error ?? query.error_code).slice(0, 100) });
      throw socialError('Auth.form.error.social.denied');
    }
    const code = typeof query.code === 'string' ? query.code : '';
    const state = typeof query.state === 'string' ? query.state : '';
    if (code === '' || state === '' || code.length > 2000 || state.length > 500) throw socialError('Auth.form.error.social.failed');
    const now = this.clock.now();
    const attempt = await this.consumeAttempt(brand, provider, state, now);
    if (!attempt || !binding || !sameHash(attempt.binding_hash, hashSecretCode(binding)))
      throw socialError('Auth.form.error.social.failed');
    const usable = await this.providers.usable(brand, provider);
    const profile = await this.exchange(usable, brand, query, { state, codeVerifier: attempt.code_verifier, nonce: attempt.nonce });
    const user = await this.resolveAccount(brand, provider, profile, now);
    this.log.info('Social sign-in', { provider, userId: user.id });
    return { jwt: this.tokens.issue(user), user };
  }

  private async configuration(provider: UsableProvider): Promise<oidc.Configuration> {
    try {
      return await this.clients.configuration(provider);
    } catch (error) {
      this.log.warn('Social provider discovery failed', { provider: provider.row.provider, error: String(error) });
      throw socialError('Auth.form.error.social.failed', { kind: 'upstream-failed' });
    }
  }

  /** Marks the attempt used and answers it, in one statement: a state works once, before it expires. */
  private async consumeAttempt(brand: string, provider: string, state: string, now: Date) {
    const result: unknown = await this.db.query(
      `UPDATE identity.social_login_attempts SET used_at = $4
        WHERE state_hash = $1 AND brand = $2 AND provider = $3 AND used_at IS NULL AND expires_at > $4
        RETURNING code_verifier, nonce, binding_hash`,
      [hashSecretCode(state), brand, provider, now],
    );
    return updateRows<{ code_verifier: string; nonce: string; binding_hash: string }>(result)[0] ?? null;
  }

  private async exchange(
    usable: UsableProvider,
    brand: string,
    query: Record<string, unknown>,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ProviderProfile> {
    const configuration = await this.configuration(usable);
    const isOidc = usable.row.issuer !== null;
    // The authorization response as the provider sent it to the return page (without our brand).
    const current = new URL(this.redirectUri(brand, usable.row.provider));
    for (const name of ['code', 'state', 'iss', 'session_state']) {
      const value = query[name];
      if (typeof value === 'string') current.searchParams.set(name, value);
    }
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(isOidc ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      });
      if (isOidc) {
        const idToken = tokens.claims()!;
        claims = { ...idToken };
        if (configuration.serverMetadata().userinfo_endpoint)
          claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), sub: idToken.sub };
      } else {
        const response = await oidc.fetchProtectedResource(
          configuration,
          tokens.access_token,
          new URL(usable.row.userinfoEndpoint!),
          'GET',
        );
        if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
        claims = (await response.json()) as Record<string, unknown>;
      }
    } catch (error) {
      this.log.warn('Social sign-in code exchange failed', { provider: usable.row.provider, error: String(error).slice(0, 300) });
      throw socialError('Auth.form.error.social.failed');
    }
    const subject =
      typeof claims.sub === 'string' ? claims.sub : typeof claims.id === 'string' || typeof claims.id === 'number' ? String(claims.id) : '';
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (subject === '' || subject.length > 255) throw socialError('Auth.form.error.social.failed');
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    if (email === '' || !isValidEmail(email) || !emailVerified) throw socialError('Auth.form.error.social.email');
    return {
      subject,
      email: normalizeEmail(email),
      emailVerified,
      preferredUsername: text(claims.preferred_username) ?? text(claims.nickname) ?? text(claims.name),
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
    };
  }

  /** The linked account, else the account with this verified email (linked now), else a new confirmed one. */
  private async resolveAccount(brand: string, provider: string, profile: ProviderProfile, now: Date): Promise<UserEntity> {
    return this.db.transaction(async (manager) => {
      const links = manager.getRepository(SocialIdentityEntity);
      const link = await links.findOne({ where: { brand, provider, subject: profile.subject }, lock: { mode: 'pessimistic_write' } });
      let user = link ? await this.accounts.lockById(manager, brand, link.userId) : null;
      if (!user) {
        user = await this.accounts.findByEmail(brand, profile.email, manager);
        if (user) user = await this.accounts.lockById(manager, brand, user.id);
        user ??= await this.createAccount(manager, brand, provider, profile, now);
      }
      if (user.blocked) throw authError('Auth.form.error.blocked');
      if (!user.confirmed) {
        // The provider vouched for the address: the same proof as the confirmation link.
        await manager.update(UserEntity, { id: user.id, brand }, { confirmed: true, updatedAt: now });
        await this.codes.revoke(manager, user.id, ['confirmation'], now);
        user.confirmed = true;
        user.updatedAt = now;
      }
      await links.upsert(
        {
          brand,
          provider,
          subject: profile.subject,
          userId: user.id,
          email: profile.email,
          createdAt: link?.createdAt ?? now,
          lastSignInAt: now,
        },
        ['brand', 'provider', 'subject'],
      );
      return user;
    });
  }

  private async createAccount(
    manager: EntityManager,
    brand: string,
    provider: string,
    profile: ProviderProfile,
    now: Date,
  ): Promise<UserEntity> {
    const settings = await this.settings.get(brand, manager);
    if (!settings.allowRegister) throw authError('Auth.advanced.allow_register');
    const username = await this.freeUsername(manager, brand, profile);
    const user = manager.getRepository(UserEntity).create({
      id: randomUUID(),
      brand,
      email: profile.email,
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: null,
      provider,
      confirmed: true,
      blocked: false,
      role: settings.defaultRole,
      firstName: profile.givenName,
      lastName: profile.familyName,
      phone: null,
      bio: null,
      website: null,
      address: {},
      socialLinks: {},
      avatar: null,
      createdAt: now,
      updatedAt: now,
    });
    await manager.insert(UserEntity, user);
    return user;
  }

  /** A display name (4 to 20 letters or digits) from the provider's name or the email, unique in the brand. */
  private async freeUsername(manager: EntityManager, brand: string, profile: ProviderProfile): Promise<string> {
    const source = profile.preferredUsername ?? profile.email.split('@')[0] ?? '';
    const base = source
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16)
      .padEnd(4, '0');
    if (!(await this.accounts.usernameTaken(manager, brand, base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await this.accounts.usernameTaken(manager, brand, candidate))) return candidate;
    }
    throw authError('Auth.form.error.username.taken');
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
